package vulkan

import "math/bits"

// span is a free range of a mesh block.
type span struct{ off, size uint64 }

// freeRanges is the free space of a mesh block: free spans kept in lists
// by size class (the power of two below their size), so that an
// allocation takes a span from the first non-empty class that surely fits
// it, and indexed by their first and last byte, so that a release merges
// with the free spans on either side at once. Sleakcraft's chunk meshes
// are thousands of small, different sizes, made and released as the
// player moves; a list searched from the front spent 15 % of the main
// thread's time on the flight at render distance 32 passing the small
// spans releases leave.
type freeRanges struct {
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

func newFreeRanges(size uint64) *freeRanges {
	f := &freeRanges{byStart: map[uint64]*freeSpan{}, byEnd: map[uint64]*freeSpan{}}
	f.add(0, size)
	return f
}

func class(size uint64) int { return bits.Len64(size) - 1 }

func (f *freeRanges) add(off, size uint64) {
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

func (f *freeRanges) remove(n *freeSpan) {
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

// alloc takes size bytes at a 16-byte aligned offset.
func (f *freeRanges) alloc(size uint64) (uint64, bool) {
	need := size + 15 // room for any alignment gap
	k := class(need)
	if need&(need-1) != 0 {
		k++ // a span of class k is at least 1<<k bytes
	}
	if k < 64 {
		if rest := f.nonEmpty &^ (1<<k - 1); rest != 0 {
			return f.take(f.classes[bits.TrailingZeros64(rest)], size), true
		}
	}
	// Only the class below can still hold a span that fits: search it.
	for n := f.classes[k-1]; n != nil; n = n.next {
		if n.size >= need {
			return f.take(n, size), true
		}
	}
	return 0, false
}

// take carves size bytes out of n, keeping the alignment gap and the tail
// free.
func (f *freeRanges) take(n *freeSpan, size uint64) uint64 {
	s := n.span
	f.remove(n)
	off := alignUp(s.off, 16)
	if off > s.off {
		f.add(s.off, off-s.off)
	}
	if end := s.off + s.size; off+size < end {
		f.add(off+size, end-off-size)
	}
	return off
}

// release frees size bytes at off, merging them with the free spans they
// touch.
func (f *freeRanges) release(off, size uint64) {
	if size == 0 {
		return // nothing was taken; a span of no bytes has no class
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
