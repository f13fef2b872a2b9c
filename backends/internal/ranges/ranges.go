// Package ranges hands out ranges of a buffer that many meshes share:
// free spans kept by size class for an allocation, and by their ends for a
// release to merge with its neighbours at once. Offsets and sizes are in
// whatever unit the caller counts (bytes, instances, indices).
package ranges

import "math/bits"

// span is a free range.
type span struct{ off, size uint64 }

// Free is the free space of a shared buffer: free spans kept in lists
// by size class (the power of two below their size), so that an
// allocation takes a span from the first non-empty class that surely fits
// it, and indexed by their first and last unit, so that a release merges
// with the free spans on either side at once. Sleakcraft's chunk meshes
// are thousands of small, different sizes, made and released as the
// player moves; a list searched from the front spent 15 % of the main
// thread's time on the flight at render distance 32 passing the small
// spans releases leave.
type Free struct {
	size     uint64        // the buffer's, in units
	align    uint64        // of every offset Alloc returns
	classes  [64]*freeSpan // the spans of each class, in no order
	nonEmpty uint64        // bit k: classes[k] has a span
	byStart  map[uint64]*freeSpan
	byEnd    map[uint64]*freeSpan // by offset + size
	spare    *freeSpan            // nodes to reuse, linked by next
}

type freeSpan struct {
	span
	prev, next *freeSpan // within the class
}

// New returns the free space of a buffer of size units, all of it free,
// whose allocations start at multiples of align (at least 1).
func New(size, align uint64) *Free {
	f := &Free{size: size, align: max(align, 1), byStart: map[uint64]*freeSpan{}, byEnd: map[uint64]*freeSpan{}}
	if size > 0 {
		f.add(0, size)
	}
	return f
}

// Size returns the buffer's size in units.
func (f *Free) Size() uint64 { return f.size }

// Grow makes the buffer size units long, the new units free; a size no
// larger than the buffer's changes nothing.
func (f *Free) Grow(size uint64) {
	if size > f.size {
		old := f.size
		f.size = size
		f.Release(old, size-old)
	}
}

func class(size uint64) int { return bits.Len64(size) - 1 }

func (f *Free) add(off, size uint64) {
	n := f.spare
	if n != nil {
		f.spare = n.next
	} else {
		n = new(freeSpan)
	}
	*n = freeSpan{span: span{off, size}}
	k := class(size)
	if h := f.classes[k]; h != nil {
		h.prev = n
		n.next = h
	}
	f.classes[k] = n
	f.nonEmpty |= 1 << k
	f.byStart[off], f.byEnd[off+size] = n, n
}

func (f *Free) remove(n *freeSpan) {
	k := class(n.size)
	if n.prev != nil {
		n.prev.next = n.next
	} else {
		f.classes[k] = n.next
		if n.next == nil {
			f.nonEmpty &^= 1 << k
		}
	}
	if n.next != nil {
		n.next.prev = n.prev
	}
	delete(f.byStart, n.off)
	delete(f.byEnd, n.off+n.size)
	*n = freeSpan{next: f.spare}
	f.spare = n
}

// Alloc takes size units at an offset aligned as New was told, reporting
// false when no free span holds them. No units take nothing, at 0.
func (f *Free) Alloc(size uint64) (uint64, bool) {
	if size == 0 {
		return 0, true
	}
	need := size + f.align - 1 // room for any alignment gap
	k := class(need)
	exact := need&(need-1) == 0 // then every span of class k fits, and none below
	if !exact {
		k++ // a span of class k is at least 1<<k units
	}
	if k < 64 {
		if rest := f.nonEmpty &^ (1<<k - 1); rest != 0 {
			return f.take(f.classes[bits.TrailingZeros64(rest)], size), true
		}
	}
	if exact {
		return 0, false
	}
	// Only the class below can still hold a span that fits: search it.
	for n := f.classes[k-1]; n != nil; n = n.next {
		if n.size >= need {
			return f.take(n, size), true
		}
	}
	return 0, false
}

// take carves size units out of n, keeping the alignment gap and the tail
// free.
func (f *Free) take(n *freeSpan, size uint64) uint64 {
	s := n.span
	f.remove(n)
	off := (s.off + f.align - 1) / f.align * f.align
	if off > s.off {
		f.add(s.off, off-s.off)
	}
	if end := s.off + s.size; off+size < end {
		f.add(off+size, end-off-size)
	}
	return off
}

// Release frees size units at off, merging them with the free spans they
// touch.
func (f *Free) Release(off, size uint64) {
	if size == 0 {
		return // nothing was taken; a span of no units has no class
	}
	if before := f.byEnd[off]; before != nil {
		off, size = before.off, size+before.size
		f.remove(before)
	}
	if after := f.byStart[off+size]; after != nil {
		size += after.size
		f.remove(after)
	}
	f.add(off, size)
}
