package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
)

// Greedy meshing of grids with only opaque blocks runs in the one pass of
// plainOpaque, merging as the 3 x 3 window of column words slides along x.
// Each face's key (block and AO byte) is computed once, where plain
// meshing computes its AO anyway; quads only grow forward:
//
//   - top and bottom faces grow along x (V) in runs, one open run per bit
//     of the plane, closed when the next column's face differs; a closed
//     run then extends the quad of the same start, length and key that
//     ended on the row before (z - 1), growing it along U, or becomes a
//     quad itself;
//   - side faces grow along their column (U) in runs of set bits of one
//     word, then extend the quad of the same start bit, length and key of
//     the column before along V: the row before for ±X faces (V = z), the
//     column before on the same row for ±Z faces (V = x).
//
// A quad grows along a direction only when its AO does not change along
// it (canMergeU, canMergeV), so the merged mesh looks exactly like the
// plain one. Quads grow in place in the direction lists; which quad a run
// may extend is kept per start in a table of pending quads, stamped with
// the row or column that last grew them, so that the tables are never
// cleared between rows or calls.

// pending is a quad that the next row or column may extend.
type pending struct {
	stamp uint32 // the row or column that last grew it
	key   uint32 // block, AO byte, and extent along the run
	at    int32  // index in its direction's list
}

// greedyScratch is the state of greedyOpaque; zero is ready.
type greedyScratch struct {
	row, col uint32 // stamps, counted up across calls
	// open runs of top (0) and bottom (1) faces along x: by bit, the run's
	// key (0: none; no face has block 0) and first meshed x
	open   [2]uint64
	runKey [2][64]uint32
	runX   [2][64]int32
	// pending quads: top and bottom by bit and first x, ±X faces by x and
	// first bit, ±Z faces by first bit
	flat  [2][64][cubeMeshed]pending
	sideX [2][cubeMeshed][64]pending
	sideZ [2][64]pending
}

// greedyOpaque is the greedy mode for grids of opaque blocks only: the
// pass of plainOpaque, merging as it goes. A face that cannot grow (its AO
// changes along both axes, or no face lies next to it where it could
// grow) is written at once as in plainOpaque; the others go through the
// runs and pending quads. It leaves fm and nz untouched.
func (m *Mesher) greedyOpaque(dst *MeshData, g *grid) {
	s := &m.gs
	if s.row > 1<<31 || s.col > 1<<31 {
		*s = greedyScratch{}
	}
	p, nw, w, top := g.p, g.nw, g.w, g.top
	opq, row := g.opq, p*nw
	d := &m.dir
	for f := range d {
		d[f] = d[f][:0]
	}
	// unit quads by AO byte and tiles by block, per direction
	upx, unx, upy := &unitQuads[block.FacePosX], &unitQuads[block.FaceNegX], &unitQuads[block.FacePosY]
	uny, upz, unz := &unitQuads[block.FaceNegY], &unitQuads[block.FacePosZ], &unitQuads[block.FaceNegZ]
	tpx, tnx, tpy := &tileOfFace[block.FacePosX], &tileOfFace[block.FaceNegX], &tileOfFace[block.FacePosY]
	tny, tpz, tnz := &tileOfFace[block.FaceNegY], &tileOfFace[block.FacePosZ], &tileOfFace[block.FaceNegZ]
	for i := range nw {
		s.row += 2
		for z := 1; z <= w; z++ {
			s.row++
			s.col += 2
			c := (z*p+1)*nw + i
			m0, m1 := opq[c-row-nw], opq[c-row]
			c0, c1 := opq[c-nw], opq[c]
			p0, p1 := opq[c+row-nw], opq[c+row]
			rowPos := uint64(packPos(0, 0, z-1)) + uint64(i*64-g.yOff)<<YShift
			id := g.idBase(0, z-1) + i*64
			for x := 1; x <= w; x, c, id = x+1, c+nw, id+g.idCol {
				s.col++
				m2, c2, p2 := opq[c-row+nw], opq[c+nw], opq[c+row+nw]
				sc := c1 & top
				if sc == 0 {
					if s.open[0]|s.open[1] != 0 {
						m.closeFlat(block.FacePosY, s.open[0], x-1, rowPos)
						m.closeFlat(block.FaceNegY, s.open[1], x-1, rowPos)
					}
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
				gc := c - i
				// top and bottom faces: along x in runs, then on to the
				// next row; nearX and nearZ hold (a superset of) the bits
				// where the next column and the rows beside have such a
				// face
				var fy, nearX, nearZ uint64
				fy = sc &^ (c1>>1 | above<<63)
				if cl := s.open[0] &^ fy; cl != 0 {
					m.closeFlat(block.FacePosY, cl, x-1, rowPos)
				}
				nearX, nearZ = c2&^(c2>>1), m1&^(m1>>1)|p1&^(p1>>1)
				for mk := fy; mk != 0; mk &= mk - 1 {
					b := bits.TrailingZeros64(mk)
					var a uint8
					if t := uint(b + 1); t < 64 {
						a = aoTable[uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
							uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8]
					} else {
						a = g.aoEdge(block.FacePosY, gc, i, b)
					}
					k := uint32(ids[b&63]) | uint32(a)<<8
					if s.runKey[0][b&63] == k {
						continue // the open run goes on
					}
					if s.open[0]>>uint(b)&1 == 0 && mergeUV[a]&(uint8(nearZ>>uint(b))&1|uint8(nearX>>uint(b))&1<<1) == 0 {
						d[2] = append(d[2], upy[a]+Quad(pos+uint64(b)<<YShift)|Quad(tpy[ids[b&63]])<<QuadTileShift)
						continue
					}
					m.flatFace(block.FacePosY, b, x-1, k, rowPos, nearX>>uint(b)&1 != 0)
				}
				fy = sc &^ (c1<<1 | below>>63)
				if cl := s.open[1] &^ fy; cl != 0 {
					m.closeFlat(block.FaceNegY, cl, x-1, rowPos)
				}
				nearX, nearZ = c2&^(c2<<1), m1&^(m1<<1)|p1&^(p1<<1)
				for mk := fy; mk != 0; mk &= mk - 1 {
					b := bits.TrailingZeros64(mk)
					var a uint8
					if t := uint(b - 1); t < 64 {
						a = aoTable[uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
							uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8]
					} else {
						a = g.aoEdge(block.FaceNegY, gc, i, b)
					}
					k := uint32(ids[b&63]) | uint32(a)<<8
					if s.runKey[1][b&63] == k {
						continue // the open run goes on
					}
					if s.open[1]>>uint(b)&1 == 0 && mergeUV[a]&(uint8(nearZ>>uint(b))&1|uint8(nearX>>uint(b))&1<<1) == 0 {
						d[3] = append(d[3], uny[a]+Quad(pos+uint64(b)<<YShift)|Quad(tny[ids[b&63]])<<QuadTileShift)
						continue
					}
					m.flatFace(block.FaceNegY, b, x-1, k, rowPos, nearX>>uint(b)&1 != 0)
				}
				// side faces: runs up the column, then on to the next
				// row (±X) or column (±Z); nearV holds the faces of the
				// columns beside along V
				if mk := sc &^ c2; mk != 0 {
					nearV := m1&^m2 | p1&^p2
					for mk != 0 {
						b := bits.TrailingZeros64(mk)
						a := sideAO(g, block.FacePosX, m2, c2, p2, gc, i, b)
						if mergeUV[a]&(uint8(mk>>uint(b+1))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[0] = append(d[0], upx[a]+Quad(pos+uint64(b)<<YShift)|Quad(tpx[ids[b&63]])<<QuadTileShift)
							mk &= mk - 1
							continue
						}
						mk = m.sideRun(g, block.FacePosX, mk, b, a, m2, c2, p2, ids, gc, i, pos, &s.sideX[0][x-1], s.row)
					}
				}
				if mk := sc &^ c0; mk != 0 {
					nearV := m1&^m0 | p1&^p0
					for mk != 0 {
						b := bits.TrailingZeros64(mk)
						a := sideAO(g, block.FaceNegX, m0, c0, p0, gc, i, b)
						if mergeUV[a]&(uint8(mk>>uint(b+1))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[1] = append(d[1], unx[a]+Quad(pos+uint64(b)<<YShift)|Quad(tnx[ids[b&63]])<<QuadTileShift)
							mk &= mk - 1
							continue
						}
						mk = m.sideRun(g, block.FaceNegX, mk, b, a, m0, c0, p0, ids, gc, i, pos, &s.sideX[1][x-1], s.row)
					}
				}
				if mk := sc &^ p1; mk != 0 {
					nearV := c0&^p0 | c2&^p2
					for mk != 0 {
						b := bits.TrailingZeros64(mk)
						a := sideAO(g, block.FacePosZ, p0, p1, p2, gc, i, b)
						if mergeUV[a]&(uint8(mk>>uint(b+1))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[4] = append(d[4], upz[a]+Quad(pos+uint64(b)<<YShift)|Quad(tpz[ids[b&63]])<<QuadTileShift)
							mk &= mk - 1
							continue
						}
						mk = m.sideRun(g, block.FacePosZ, mk, b, a, p0, p1, p2, ids, gc, i, pos, &s.sideZ[0], s.col)
					}
				}
				if mk := sc &^ m1; mk != 0 {
					nearV := c0&^m0 | c2&^m2
					for mk != 0 {
						b := bits.TrailingZeros64(mk)
						a := sideAO(g, block.FaceNegZ, m0, m1, m2, gc, i, b)
						if mergeUV[a]&(uint8(mk>>uint(b+1))&1|uint8(nearV>>uint(b))&1<<1) == 0 {
							d[5] = append(d[5], unz[a]+Quad(pos+uint64(b)<<YShift)|Quad(tnz[ids[b&63]])<<QuadTileShift)
							mk &= mk - 1
							continue
						}
						mk = m.sideRun(g, block.FaceNegZ, mk, b, a, m0, m1, m2, ids, gc, i, pos, &s.sideZ[1], s.col)
					}
				}
				m0, m1, c0, c1, p0, p1 = m1, m2, c1, c2, p1, p2
			}
			m.closeFlat(block.FacePosY, s.open[0], w, rowPos)
			m.closeFlat(block.FaceNegY, s.open[1], w, rowPos)
		}
	}
	out := &dst.Opaque
	n := 0
	for _, q := range m.dir {
		n += len(q)
	}
	out.reserve(n)
	for f, q := range m.dir {
		out.Quads = append(out.Quads, q...)
		out.FaceEnd[f] = int32(len(out.Quads))
	}
	for f := range dst.Translucent.FaceEnd {
		dst.Translucent.FaceEnd[f] = int32(len(dst.Translucent.Quads))
	}
}

// flatFace handles a top or bottom face at bit b of meshed column x whose
// key k does not continue the open run at b: it closes that run, then
// opens one at x, or emits the face at once when its AO changes along x or
// the next column has no face at b (nextX false).
func (m *Mesher) flatFace(f block.Face, b, x int, k uint32, rowPos uint64, nextX bool) {
	s := &m.gs
	j := int(f - block.FacePosY)
	bit := uint64(1) << uint(b)
	if s.open[j]&bit != 0 {
		m.closeFlat(f, bit, x, rowPos)
	}
	if nextX && canMergeV[uint8(k>>8)] {
		s.open[j] |= bit
		s.runKey[j][b], s.runX[j][b] = k, int32(x)
		return
	}
	m.flatQuad(f, b, x, 1, k, rowPos)
}

// closeFlat closes the open top or bottom runs at the bits of cl, which
// end before meshed column x.
func (m *Mesher) closeFlat(f block.Face, cl uint64, x int, rowPos uint64) {
	s := &m.gs
	j := int(f - block.FacePosY)
	s.open[j] &^= cl
	for ; cl != 0; cl &= cl - 1 {
		b := bits.TrailingZeros64(cl)
		x0 := int(s.runX[j][b])
		m.flatQuad(f, b, x0, x-x0, s.runKey[j][b], rowPos)
		s.runKey[j][b] = 0
	}
}

// flatQuad emits a run of n top or bottom faces with key k from meshed
// column x at bit b, or grows the quad the row before ended with the same
// run by one along U (z).
func (m *Mesher) flatQuad(f block.Face, b, x, n int, k uint32, rowPos uint64) {
	s := &m.gs
	a := uint8(k >> 8)
	q := &m.dir[f]
	if canMergeU[a] {
		pq := &s.flat[f-block.FacePosY][b][x]
		kk := k | uint32(n)<<16
		if pq.stamp == s.row-1 && pq.key == kk {
			(*q)[pq.at] += 1 << QuadUShift
			pq.stamp = s.row
			return
		}
		*pq = pending{s.row, kk, int32(len(*q))}
	}
	*q = append(*q, unitQuads[f][a]+Quad(n-1)<<QuadVShift+Quad(rowPos+uint64(x)<<XShift+uint64(b)<<YShift)|
		Quad(tileOfFace[f][uint8(k)])<<QuadTileShift)
}

// sideRun emits the run of side faces of direction f that starts at bit b
// of mk, the faces of one column word, whose AO byte is a: the faces up
// the column with the same key, which then grow the pending quad of the
// same start bit, length and key in pend by one along V when that quad
// was last grown at stamp - 1, or become a quad pending there. It returns
// mk without the run. w0, w1, w2 are the words of the three columns in
// front (V = -1, 0, 1), ids the word's blocks, pos the packed position of
// its bit 0.
func (m *Mesher) sideRun(g *grid, f block.Face, mk uint64, b int, a uint8, w0, w1, w2 uint64, ids []byte, gc, i int, pos uint64, pend *[64]pending, stamp uint32) uint64 {
	id := ids[b&63]
	n := 1
	if canMergeU[a] {
		for e := b + 1; e < 64 && n < maxExtent && mk>>uint(e)&1 != 0 && ids[e&63] == id && sideAO(g, f, w0, w1, w2, gc, i, e) == a; e++ {
			n++
		}
	}
	mk &^= (uint64(1)<<uint(n) - 1) << uint(b)
	q := &m.dir[f]
	k := uint32(id) | uint32(a)<<8 | uint32(n)<<16
	if canMergeV[a] {
		pq := &pend[b&63]
		if pq.stamp == stamp-1 && pq.key == k {
			(*q)[pq.at] += 1 << QuadVShift
			pq.stamp = stamp
			return mk
		}
		*pq = pending{stamp, k, int32(len(*q))}
	}
	*q = append(*q, unitQuads[f][a]+Quad(n-1)<<QuadUShift+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[f][id])<<QuadTileShift)
	return mk
}
