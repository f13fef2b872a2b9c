package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
)

// Greedy meshing of grids with only opaque blocks runs in the one pass of
// plainOpaque, merging as the 3 x 3 window of column words slides along x.
// Each face's key (block and AO byte) is computed once, where plain
// meshing computes its AO anyway. A face that cannot grow (its AO changes
// along every axis on which a face lies beside it) is written at once as
// in plainOpaque. The other faces are kept as events of their row, which
// is merged when the window has passed it, so that the pass itself calls
// nothing and branches little:
//
//   - top and bottom faces grow along x (V) in runs of equal key; a run
//     then grows the quad of the same start, length and key that ended on
//     the row before (z - 1) by one along U, or becomes a quad itself;
//   - side faces grow up their column (U) in runs of equal key within one
//     64-bit word; a run then grows the quad of the same start bit, length
//     and key of the column before along V: the row before for ±X faces
//     (V = z), the column before on the same row for ±Z faces (V = x).
//
// A quad grows along a direction only when its AO does not change along
// it (canMergeU, canMergeV), so the merged mesh looks exactly like the
// plain one. Quads grow in place in the direction lists; which quad a run
// may extend is kept per start in a table of pending quads, stamped with
// the row or column that last grew them, so that the tables are never
// cleared between rows or calls.

// pending is a quad that the next row or column may grow.
type pending struct {
	stamp uint32 // the row or column that last grew it
	key   uint32 // block, AO byte, and extent along the run
	at    int32  // index in its direction's list
}

// event is a face that may merge with others of its row or the next.
type event struct {
	q   Quad   // its quad, alone
	key uint32 // block | AO byte<<8
	at  uint32 // bit | meshed x<<8
}

// greedyScratch is the state of greedyOpaque; zero is ready.
type greedyScratch struct {
	row, col uint32 // stamps, counted up across calls
	ev       [6][]event
	// open runs of top (0) and bottom (1) faces along x, by bit, and the
	// runs of a row (see mergeFlat)
	run  [2][64]event
	runs []event
	// pending quads: top and bottom by bit and first x, ±X faces by x and
	// first bit, ±Z faces by first bit
	flat  [2][64][cubeMeshed]pending
	sideX [2][cubeMeshed][64]pending
	sideZ [2][64]pending
}

// greedyOpaque is the greedy mode for grids of opaque blocks only: the
// pass of plainOpaque, merging as it goes. It leaves fm and nz untouched.
func (m *Mesher) greedyOpaque(dst *MeshData, g *grid) {
	s := &m.gs
	if s.row > 1<<30 || s.col > 1<<30 {
		// the stamps restart: no pending quad may match them
		s.row, s.col = 0, 0
		clear(s.flat[:])
		clear(s.sideX[:])
		clear(s.sideZ[:])
	}
	p, nw, w, top := g.p, g.nw, g.w, g.top
	opq, row := g.opq, p*nw
	d, ev := &m.dir, &s.ev
	for f := range d {
		d[f], ev[f] = d[f][:0], ev[f][:0]
	}
	for i := range nw {
		s.row += 2
		for z := 1; z <= w; z++ {
			s.row++
			s.col += 2 * CubeSize
			rowPos := uint64(packPos(0, 0, z-1)) + uint64(i*64-g.yOff)<<YShift
			c, id := (z*p+1)*nw+i, g.idBase(0, z-1)+i*64
			m0, m1 := opq[c-row-nw], opq[c-row]
			c0, c1 := opq[c-nw], opq[c]
			p0, p1 := opq[c+row-nw], opq[c+row]
			for x := 1; x <= w; x, c, id = x+1, c+nw, id+g.idCol {
				m2, c2, p2 := opq[c-row+nw], opq[c+nw], opq[c+row+nw]
				sc := c1 & top
				if sc == 0 {
					m0, m1, c0, c1, p0, p1 = m1, m2, c1, c2, p1, p2
					continue
				}
				above, below := uint64(0), g.floor
				if i+1 < nw {
					above = opq[c+1]
				}
				if i > 0 {
					below = opq[c-1]
				}
				ids := g.ids[id : id+64 : id+64]
				pos := rowPos + uint64(x-1)<<XShift
				gc, at := c-i, uint32(x-1)<<8
				// The shifts read the unmasked words: the border bits of a
				// cube cull the meshed ones next to them. Top and bottom
				// faces: nearX and nearZ hold (a superset of) the bits
				// where the columns beside along x and along z have such a
				// face.
				if fy := sc &^ (c1>>1 | above<<63); fy != 0 {
					nearX, nearZ := c0&^(c0>>1)|c2&^(c2>>1), m1&^(m1>>1)|p1&^(p1>>1)
					for mk := fy; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b + 1); t < 64 {
							e = faceAO[block.FacePosY][uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
								uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8]
						} else {
							e = edgeFace(block.FacePosY, g.aoEdge(block.FacePosY, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FacePosY][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearZ>>uint(b))&1|uint8(nearX>>uint(b))&1<<1) == 0 {
							d[2] = append(d[2], q)
						} else {
							ev[2] = append(ev[2], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				if fy := sc &^ (c1<<1 | below>>63); fy != 0 {
					nearX, nearZ := c0&^(c0<<1)|c2&^(c2<<1), m1&^(m1<<1)|p1&^(p1<<1)
					for mk := fy; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b - 1); t < 64 {
							e = faceAO[block.FaceNegY][uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
								uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8]
						} else {
							e = edgeFace(block.FaceNegY, g.aoEdge(block.FaceNegY, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FaceNegY][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearZ>>uint(b))&1|uint8(nearX>>uint(b))&1<<1) == 0 {
							d[3] = append(d[3], q)
						} else {
							ev[3] = append(ev[3], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				// side faces; nearU and nearV hold the bits where the
				// faces beside along U (the column) and V have a face
				if mk := sc &^ c2; mk != 0 {
					nearU, nearV := mk<<1|mk>>1, m1&^m2|p1&^p2
					for ; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b - 1); t < 62 {
							e = faceAO[block.FacePosX][uint32(m2>>t&7)|uint32(c2>>t&7)<<3|uint32(p2>>t&7)<<6]
						} else {
							e = edgeFace(block.FacePosX, g.aoEdge(block.FacePosX, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FacePosX][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearU>>uint(b))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[0] = append(d[0], q)
						} else {
							ev[0] = append(ev[0], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				if mk := sc &^ c0; mk != 0 {
					nearU, nearV := mk<<1|mk>>1, m1&^m0|p1&^p0
					for ; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b - 1); t < 62 {
							e = faceAO[block.FaceNegX][uint32(m0>>t&7)|uint32(c0>>t&7)<<3|uint32(p0>>t&7)<<6]
						} else {
							e = edgeFace(block.FaceNegX, g.aoEdge(block.FaceNegX, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FaceNegX][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearU>>uint(b))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[1] = append(d[1], q)
						} else {
							ev[1] = append(ev[1], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				if mk := sc &^ p1; mk != 0 {
					nearU, nearV := mk<<1|mk>>1, c0&^p0|c2&^p2
					for ; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b - 1); t < 62 {
							e = faceAO[block.FacePosZ][uint32(p0>>t&7)|uint32(p1>>t&7)<<3|uint32(p2>>t&7)<<6]
						} else {
							e = edgeFace(block.FacePosZ, g.aoEdge(block.FacePosZ, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FacePosZ][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearU>>uint(b))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[4] = append(d[4], q)
						} else {
							ev[4] = append(ev[4], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				if mk := sc &^ m1; mk != 0 {
					nearU, nearV := mk<<1|mk>>1, c0&^m0|c2&^m2
					for ; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var e aoFace
						if t := uint(b - 1); t < 62 {
							e = faceAO[block.FaceNegZ][uint32(m0>>t&7)|uint32(m1>>t&7)<<3|uint32(m2>>t&7)<<6]
						} else {
							e = edgeFace(block.FaceNegZ, g.aoEdge(block.FaceNegZ, gc, i, b))
						}
						q := e.q + Quad(pos+uint64(b)<<YShift) | Quad(tileOfFace[block.FaceNegZ][ids[b&63]])<<QuadTileShift
						if e.merge&(uint8(nearU>>uint(b))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[5] = append(d[5], q)
						} else {
							ev[5] = append(ev[5], event{q, uint32(ids[b&63]) | uint32(e.a)<<8, uint32(b) | at})
						}
					}
				}
				m0, m1, c0, c1, p0, p1 = m1, m2, c1, c2, p1, p2
			}
			m.mergeFlat(block.FacePosY)
			m.mergeFlat(block.FaceNegY)
			for _, f := range [4]block.Face{block.FacePosX, block.FaceNegX, block.FacePosZ, block.FaceNegZ} {
				if len(ev[f]) > 0 {
					m.mergeSide(f)
				}
			}
		}
	}
	m.flushOpaque(dst)
}

// mergeFlat merges the row's events of top or bottom direction f: first
// into runs of equal key along x, then each run grows the quad that the
// row before ended with the same run (same first x, length and key) by one
// along U (z), or becomes a quad pending in its place.
func (m *Mesher) mergeFlat(f block.Face) {
	s := &m.gs
	evs := s.ev[f]
	if len(evs) == 0 {
		return
	}
	// runs along x: an event for its first face, with the length in its
	// key, as side runs have
	cur, runs := &s.run[f-block.FacePosY], s.runs[:0]
	var open uint64
	for i := range evs {
		e := &evs[i]
		b, x := e.at&63, e.at>>8
		bit := uint64(1) << b
		if open&bit != 0 {
			if r := &cur[b]; r.key&0xffff == e.key && r.at>>8+r.key>>16 == x {
				r.key += 1 << 16
				continue
			}
			runs = append(runs, cur[b])
			open &^= bit
		}
		r := event{e.q, e.key | 1<<16, e.at}
		if canMergeV[uint8(e.key>>8)] {
			open |= bit
			cur[b] = r
			continue
		}
		runs = append(runs, r)
	}
	for ; open != 0; open &= open - 1 {
		runs = append(runs, cur[bits.TrailingZeros64(open)])
	}
	pend, out, row := &s.flat[f-block.FacePosY], m.dir[f], s.row
	for _, r := range runs {
		if canMergeU[uint8(r.key>>8)] {
			pq := &pend[r.at&63][r.at>>8]
			if pq.stamp == row-1 && pq.key == r.key {
				out[pq.at] += 1 << QuadUShift
				pq.stamp = row
				continue
			}
			*pq = pending{row, r.key, int32(len(out))}
		}
		out = append(out, r.q+Quad(r.key>>16-1)<<QuadVShift)
	}
	m.dir[f], s.ev[f], s.runs = out, evs[:0], runs[:0]
}

// mergeSide merges the row's side events of direction f: first into runs
// of equal key up their column, then each run grows the pending quad of
// the same start bit, length and key of the column before along V, or
// becomes a quad pending in its place.
func (m *Mesher) mergeSide(f block.Face) {
	s := &m.gs
	out, evs := m.dir[f], s.ev[f]
	j := 0
	if f == block.FaceNegX || f == block.FaceNegZ {
		j = 1
	}
	alongX := f == block.FacePosZ || f == block.FaceNegZ
	for k := 0; k < len(evs); {
		e := &evs[k]
		a := uint8(e.key >> 8)
		// the events of a column come up its bits in order: a run is
		// the next ones, one bit further each, with the same key (at
		// holds the bit in its low 6 bits, so a run ends at the word's
		// top)
		n := uint32(1)
		if canMergeU[a] {
			for k+int(n) < len(evs) && n < maxExtent && evs[k+int(n)].key == e.key && evs[k+int(n)].at == e.at+n {
				n++
			}
		}
		k += int(n)
		q, key := e.q+Quad(n-1)<<QuadUShift, e.key|n<<16
		if !canMergeV[a] {
			out = append(out, q)
			continue
		}
		b, x := e.at&63, e.at>>8
		var pq *pending
		stamp := s.row
		if alongX {
			pq, stamp = &s.sideZ[j][b], s.col+x
		} else {
			pq = &s.sideX[j][x][b]
		}
		if pq.stamp == stamp-1 && pq.key == key {
			out[pq.at] += 1 << QuadVShift
			pq.stamp = stamp
			continue
		}
		*pq = pending{stamp, key, int32(len(out))}
		out = append(out, q)
	}
	m.dir[f], s.ev[f] = out, evs[:0]
}
