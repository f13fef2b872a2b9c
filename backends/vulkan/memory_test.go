package vulkan

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The mesh block's free list hands out aligned, disjoint ranges inside
// the block, and merges them all back into one span when they are
// released, whatever the order.
func TestMeshBlockAllocRelease(t *testing.T) {
	const size = 1 << 20
	rng := rand.New(rand.NewPCG(3, 4))
	m := &meshBlock{free: []span{{0, size}}}
	type used struct{ off, size uint64 }
	var live []used
	overlaps := func(a used) bool {
		for _, b := range live {
			if a.off < b.off+b.size && b.off < a.off+a.size {
				return true
			}
		}
		return false
	}
	for step := range 20000 {
		if len(live) > 0 && rng.IntN(3) == 0 {
			i := rng.IntN(len(live))
			m.release(live[i].off, live[i].size)
			live = slices.Delete(live, i, i+1)
		} else {
			n := uint64(1 + rng.IntN(4000))
			off, ok := m.alloc(n)
			if !ok {
				continue
			}
			u := used{off, n}
			if off%16 != 0 || off+n > size || overlaps(u) {
				t.Fatalf("step %d: %d bytes at %d: misaligned, outside the block or over a live range", step, n, off)
			}
			live = append(live, u)
		}
		for i := 1; i < len(m.free); i++ {
			if a, b := m.free[i-1], m.free[i]; a.off+a.size >= b.off {
				t.Fatalf("step %d: free spans %v and %v touch or are out of order", step, a, b)
			}
		}
	}
	for _, u := range live {
		m.release(u.off, u.size)
	}
	if len(m.free) != 1 || m.free[0] != (span{0, size}) {
		t.Errorf("all released: free list %v, want the whole block", m.free)
	}
}
