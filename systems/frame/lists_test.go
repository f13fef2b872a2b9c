package frame

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSortKeysIsAStableSortOfTheHighBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var scratch []uint64
	for _, n := range []int{0, 1, 2, 10, 64, 65, 1000, 5000} {
		for _, low := range []uint{indexBits, depthShift} {
			for _, spread := range []uint64{1, 3, 1 << 20, 1<<(64-low) - 1} {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = r.Uint64N(spread+1)<<low | uint64(i)
				}
				want := slices.Clone(keys)
				slices.SortStableFunc(want, func(a, b uint64) int {
					switch {
					case a>>low < b>>low:
						return -1
					case a>>low > b>>low:
						return 1
					}
					return 0
				})
				sortKeys(keys, &scratch, low)
				if !slices.Equal(keys, want) {
					t.Fatalf("n %d, low %d, spread %d: keys out of order", n, low, spread)
				}
			}
		}
	}
}

func TestDepthKeyOrdersFarFirst(t *testing.T) {
	d := []float32{0, 0.5, 1, 2, 1e6}
	for i := 1; i < len(d); i++ {
		if depthKey(d[i]) >= depthKey(d[i-1]) {
			t.Errorf("depthKey(%v) does not sort before depthKey(%v)", d[i], d[i-1])
		}
	}
}
