package ranges

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// spans lists the free spans in offset order.
func (f *Free) spans() []span {
	var out []span
	for _, n := range f.byStart {
		out = append(out, n.span)
	}
	slices.SortFunc(out, func(a, b span) int { return cmp.Compare(a.off, b.off) })
	return out
}

// Free hands out aligned, disjoint ranges inside the
// block, never leaves two free spans touching, and merges everything back
// into one span when it is all released, whatever the order.
func TestAllocRelease(t *testing.T) {
	const size = 1 << 20
	rng := rand.New(rand.NewPCG(3, 4))
	m := New(size, 16)
	allocs := 0
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
			m.Release(live[i].off, live[i].size)
			live = slices.Delete(live, i, i+1)
		} else {
			n := uint64(1 + rng.IntN(4000))
			off, ok := m.Alloc(n)
			if !ok {
				for _, s := range m.spans() {
					if s.size >= n+15 {
						t.Fatalf("step %d: no room for %d bytes, with %v free", step, n, s)
					}
				}
				continue
			}
			u := used{off, n}
			if off%16 != 0 || off+n > size || overlaps(u) {
				t.Fatalf("step %d: %d bytes at %d: misaligned, outside the block or over a live range", step, n, off)
			}
			live = append(live, u)
			allocs++
		}
		if step%500 == 0 {
			free := m.spans()
			for i := 1; i < len(free); i++ {
				if a, b := free[i-1], free[i]; a.off+a.size >= b.off {
					t.Fatalf("step %d: free spans %v and %v touch or overlap", step, a, b)
				}
			}
			for _, s := range free {
				if overlaps(used(s)) {
					t.Fatalf("step %d: free span %v over a live range", step, s)
				}
			}
		}
	}
	if allocs < 5000 {
		t.Errorf("only %d allocations succeeded: the test does not fill the block and empty it again", allocs)
	}
	for _, u := range live {
		m.Release(u.off, u.size)
	}
	if free := m.spans(); len(free) != 1 || free[0] != (span{0, size}) {
		t.Errorf("all released: free spans %v, want the whole block", free)
	}
}

func BenchmarkAlloc(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	m := New(64<<20, 16)
	type used struct{ off, size uint64 }
	var live []used
	for b.Loop() {
		if len(live) > 4000 {
			i := rng.IntN(len(live))
			m.Release(live[i].off, live[i].size)
			live[i] = live[len(live)-1]
			live = live[:len(live)-1]
		}
		n := uint64(24 + 8*rng.IntN(2000))
		if off, ok := m.Alloc(n); ok {
			live = append(live, used{off, n})
		}
	}
}

// A span of the class below the one that surely fits is taken when it is
// the only one that fits, and left when it is too small.
func TestClassBelow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		free   uint64 // the only free span, at offset 0
		size   uint64
		fits   bool
		offset uint64
	}{
		{"fits in the class below", 3000, 2900, true, 0},
		{"too small in the class below", 3000, 2990, false, 0},
		{"exactly, a power of two", 4096, 4081, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(1<<20, 16)
			if _, ok := m.Alloc(1<<20 - tc.free); !ok { // leave one span of tc.free bytes
				t.Fatal("could not fill the block")
			}
			m.Release(0, 0) // releasing no bytes changes nothing
			off, ok := m.Alloc(tc.size)
			if ok != tc.fits {
				t.Fatalf("alloc(%d) with %v free: ok %v, want %v", tc.size, m.spans(), ok, tc.fits)
			}
			if ok && off%16 != 0 {
				t.Errorf("offset %d is not 16-byte aligned", off)
			}
		})
	}
}

// A grown buffer's new units are free, merged with a free tail, and
// offsets keep the alignment the buffer was made with.
func TestGrowAndAlign(t *testing.T) {
	f := New(0, 3)
	if _, ok := f.Alloc(1); ok {
		t.Fatal("an empty buffer gave room")
	}
	if off, ok := f.Alloc(0); !ok || off != 0 {
		t.Fatalf("Alloc(0) = %d, %v, want 0, true", off, ok)
	}
	// Units of one: a span of exactly the size asked for fits, and one
	// unit is a class of its own.
	one := New(1, 1)
	if off, ok := one.Alloc(1); !ok || off != 0 {
		t.Fatalf("Alloc(1) of one unit = %d, %v, want 0, true", off, ok)
	}
	if _, ok := one.Alloc(1); ok {
		t.Fatal("a full buffer gave room")
	}
	f.Grow(10)
	a, ok := f.Alloc(4)
	if !ok || a != 0 {
		t.Fatalf("Alloc(4) = %d, %v, want 0, true", a, ok)
	}
	b, ok := f.Alloc(1)
	if !ok || b != 6 {
		t.Fatalf("Alloc(1) = %d, %v, want 6 (the next multiple of 3), true", b, ok)
	}
	if _, ok := f.Alloc(5); ok {
		t.Fatal("Alloc(5) found room in 3 free units")
	}
	f.Grow(20)
	f.Grow(5) // never shrinks
	if f.Size() != 20 {
		t.Fatalf("Size() = %d, want 20", f.Size())
	}
	if c, ok := f.Alloc(11); !ok || c != 9 {
		t.Fatalf("Alloc(11) after Grow = %d, %v, want 9, true", c, ok)
	}
	f.Release(a, 4)
	f.Release(b, 1)
	f.Release(9, 11)
	if free := f.spans(); len(free) != 1 || free[0] != (span{0, 20}) {
		t.Errorf("all released: free spans %v, want the whole buffer", free)
	}
}
