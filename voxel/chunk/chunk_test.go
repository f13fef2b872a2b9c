package chunk

import "testing"

func TestIndexCoversVolumeOnce(t *testing.T) {
	seen := make([]bool, Volume)
	for z := 0; z < Size; z++ {
		for x := 0; x < Size; x++ {
			for y := 0; y < Height; y++ {
				i := Index(x, y, z)
				if seen[i] {
					t.Fatalf("index %d twice", i)
				}
				seen[i] = true
			}
		}
	}
}

func TestPosOf(t *testing.T) {
	for _, tc := range []struct {
		x, z   int
		want   Pos
		lx, lz int
	}{
		{0, 0, Pos{0, 0}, 0, 0},
		{Size - 1, Size, Pos{0, 1}, Size - 1, 0},
		{-1, -Size, Pos{-1, -1}, Size - 1, 0},
		{-Size - 1, 3, Pos{-2, 0}, Size - 1, 3},
	} {
		if got := PosOf(tc.x, tc.z); got != tc.want {
			t.Errorf("PosOf(%d,%d) = %v, want %v", tc.x, tc.z, got, tc.want)
		}
		if Local(tc.x) != tc.lx || Local(tc.z) != tc.lz {
			t.Errorf("Local(%d,%d) = %d,%d", tc.x, tc.z, Local(tc.x), Local(tc.z))
		}
	}
}
