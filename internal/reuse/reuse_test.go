package reuse

import "testing"

func TestNext(t *testing.T) {
	tests := []struct {
		name     string
		s        []int
		wantLen  int
		wantLeft int // the value the new element holds before the caller sets it
	}{
		{"empty, no capacity", nil, 1, 0},
		{"within capacity, an earlier value left", append(make([]int, 0, 4), 1, 2, 3)[:1], 2, 2},
		{"full", []int{1, 2}, 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, p := Next(tt.s)
			if len(s) != tt.wantLen || *p != tt.wantLeft || p != &s[len(s)-1] {
				t.Errorf("len %d, element %d (last: %v); want len %d, element %d", len(s), *p, p == &s[len(s)-1], tt.wantLen, tt.wantLeft)
			}
		})
	}
}
