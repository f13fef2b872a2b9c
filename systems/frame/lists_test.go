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

func TestNearKeyOrdersNearFirstWithinAGroup(t *testing.T) {
	d := []float32{0, 1, 4, 9.5, 100, 1e4, 1e6}
	for i := 1; i < len(d); i++ {
		if nearKey(d[i]) < nearKey(d[i-1]) {
			t.Errorf("nearKey(%v) sorts before nearKey(%v)", d[i], d[i-1])
		}
	}
	if nearKey(1e6) == nearKey(1e4) || nearKey(100) == nearKey(1e4) {
		t.Error("distances a hundredfold apart share a bucket")
	}
	// The distance never spills into the group fields above it.
	for _, v := range []float32{0, 1e30, float32(1 << 62)} {
		if k := nearKey(v); k>>(nearBits+indexBits) != 0 || k&indexMask != 0 {
			t.Errorf("nearKey(%v) = %#x leaves its field", v, k)
		}
	}
	g := groupKey(1, 2, 3)
	if g&(1<<(nearBits+indexBits)-1) != 0 {
		t.Errorf("groupKey sets bits of the distance or index: %#x", g)
	}
}
