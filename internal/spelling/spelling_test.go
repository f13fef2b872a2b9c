package spelling

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"shadow", "shadow", 0},
		{"shadwo", "shadow", 2},  // a swap is two substitutions
		{"shdow", "shadow", 1},   // one insertion
		{"shadows", "shadow", 1}, // one deletion
		{"voxel_gbufer", "voxel_gbuffer", 1},
		{"Forward", "forward", 1}, // bytes, not letters: case counts
		{"kitten", "sitting", 3},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (the distance is symmetric)", tc.b, tc.a, got, tc.want)
		}
	}
}
