package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// MaskNeighborhood holds the [Masks] of a [Neighborhood]'s chunks, in the
// same order. A nil entry whose chunk is not nil is classified from the
// blocks for this call only.
type MaskNeighborhood [9]*Masks

// grid is what the mesher works on: a square of columns with a one-column
// ring of neighbour data around the meshed ones, each column a bit set over
// its voxels in nw words per class, and the meshed voxels' block IDs. A
// chunk's grid is filled from its neighbourhood's masks; a [Cube] is a grid
// already.
type grid struct {
	w, p, nw      int      // meshed columns per side; with the ring; words per column
	opq, liq, oth []uint64 // p*p*nw words each: column (px, pz) at (pz*p+px)*nw
	mixed         bool     // the meshed voxels include liquid or other blocks
	top           uint64   // the meshed bits of every word
	floor         uint64   // bit 63: what lies below word 0 (opaque under the world)
	yOff          int      // bit index minus vertex y
	// IDs: voxel at bit b of word i of meshed column (x, z), both from 0,
	// is ids[idOff + (z*idRow + x)*idCol + i*64 + b].
	ids                 []byte
	idRow, idCol, idOff int
	nb                  *Neighborhood // IDs across chunk borders; nil: ids covers the ring
	// cols describes each meshed column, by index z*w + x; a face mask
	// word k belongs to column k>>nwShift
	cols    []colInfo
	nwShift uint
	aoOff   *[6][9]int // see aoOffsets
}

// colInfo is where a meshed column's data is, so that passes over face
// mask words need no divisions.
type colInfo struct {
	x, z int32
	c    int32 // its first word in the grid's planes
	id   int32 // its first ID in ids
}

// colTable returns the column table of a grid of w x w meshed columns of
// nw words, with a ring, whose IDs are at idOff + (z*idRow + x)*idCol.
func colTable(w, nw, idRow, idCol, idOff int) []colInfo {
	t := make([]colInfo, w*w)
	for z := range w {
		for x := range w {
			t[z*w+x] = colInfo{int32(x), int32(z), int32(((z+1)*(w+2) + x + 1) * nw), int32(idOff + (z*idRow+x)*idCol)}
		}
	}
	return t
}

var (
	chunkCols = colTable(sz, colWords, sz, ht, 0)
	cubeCols  = colTable(cubeMeshed, 1, CubeSize, CubeSize, (CubeSize+1)*CubeSize)
)

// Mesher turns chunks into meshes. It holds about 0.5 MiB of scratch space,
// allocated once, so meshing allocates nothing once the destination buffers
// have grown to a chunk's size. A Mesher is not safe for concurrent use:
// give each worker goroutine its own.
type Mesher struct {
	g             grid
	opq, liq, oth [chunkGridWords]uint64 // a chunk's grid
	// fm holds the visible faces per direction, bit per voxel, of each
	// meshed column: word i of column (x, z) at (z*w + x)*nw + i. It is
	// zero between calls: the passes that read it clear what they read.
	fm [6][maxFaceWords]uint64
	// nz has bit k set where fm[f][k] may be non-zero, so that the passes
	// after the face masks visit only words with faces. Kept zero between
	// calls.
	nz [6][(maxFaceWords + 63) / 64]uint64
	// dir holds each direction's quads where one pass emits all directions
	// together (plainOpaque, greedyOpaque); grown once, then reused.
	dir [6][]Quad
	// gs is the scratch of greedyOpaque.
	gs greedyScratch
	// sec is the scratch of Sections.
	sec sectionScratch
}

// each calls fn for every word k of direction f that has faces, clearing
// nz as it goes.
func (m *Mesher) each(f block.Face, fn func(k int)) {
	for wi, w := range m.nz[f] {
		if w == 0 {
			continue
		}
		m.nz[f][wi] = 0
		for ; w != 0; w &= w - 1 {
			fn(wi<<6 | bits.TrailingZeros64(w))
		}
	}
}

// NewMesher returns a Mesher.
func NewMesher() *Mesher { return new(Mesher) }

// MeshChunk meshes nb[4] and appends the quads to dst: faces of opaque and
// cutout blocks to dst.Opaque, water and glass to dst.Translucent. dst is
// not reset (call dst.Reset first to reuse it). Positions are relative to
// the chunk's origin. It classifies every voxel of the neighbourhood first;
// callers that keep [Masks] per chunk use [Mesher.MeshChunkMasks], which
// skips that.
func (m *Mesher) MeshChunk(dst *MeshData, nb *Neighborhood, opt Options) {
	m.MeshChunkMasks(dst, nb, nil, opt)
}

// MeshChunkMasks is [Mesher.MeshChunk] with the chunks' masks, which must
// match their blocks. mk may be nil.
func (m *Mesher) MeshChunkMasks(dst *MeshData, nb *Neighborhood, mk *MaskNeighborhood, opt Options) {
	if nb[4] == nil {
		return
	}
	m.fillChunk(nb, mk)
	m.mesh(dst, &m.g, opt)
	m.g.nb, m.g.ids = nil, nil
}

// mesh meshes grid g into dst.
func (m *Mesher) mesh(dst *MeshData, g *grid, opt Options) {
	if !g.mixed {
		if opt.Greedy {
			m.greedyOpaque(dst, g)
		} else {
			m.plainOpaque(dst, g)
		}
		return
	}
	m.faceMasksMixed(g)
	for f := range block.Face(6) {
		if opt.Greedy {
			m.greedy(dst, g, f)
		} else {
			m.plain(dst, g, f)
		}
		dst.Opaque.FaceEnd[f], dst.Translucent.FaceEnd[f] = int32(len(dst.Opaque.Quads)), int32(len(dst.Translucent.Quads))
	}
}

// fillChunk fills the Mesher's grid with nb's columns: the chunk and the
// one-column ring around it.
func (m *Mesher) fillChunk(nb *Neighborhood, mk *MaskNeighborhood) {
	var own MaskNeighborhood
	if mk == nil {
		mk = &own
	}
	mixed := false
	for pz := range pw {
		cz, lz := 1, pz-1
		if pz == 0 {
			cz, lz = 0, sz-1
		} else if pz == pw-1 {
			cz, lz = 2, 0
		}
		for px := range pw {
			cx, lx := 1, px-1
			if px == 0 {
				cx, lx = 0, sz-1
			} else if px == pw-1 {
				cx, lx = 2, 0
			}
			at := (pz*pw + px) * colWords
			o, l, t := (*[colWords]uint64)(m.opq[at:]), (*[colWords]uint64)(m.liq[at:]), (*[colWords]uint64)(m.oth[at:])
			ni := cz*3 + cx
			lc := lz<<chunk.SizeShift | lx
			switch {
			case mk[ni] != nil:
				*o, *l, *t = mk[ni].Opaque[lc], mk[ni].Liquid[lc], mk[ni].Other[lc]
			case nb[ni] != nil:
				*o, *l, *t = classify(nb[ni].Column(lx, lz))
			default:
				*o, *l, *t = [colWords]uint64{}, [colWords]uint64{}, [colWords]uint64{}
			}
			if ni == 4 && !mixed {
				for w := range colWords {
					mixed = mixed || l[w]|t[w] != 0
				}
			}
		}
	}
	m.g = grid{
		w: sz, p: pw, nw: colWords,
		opq: m.opq[:], liq: m.liq[:], oth: m.oth[:],
		mixed: mixed, top: ^uint64(0), floor: 1 << 63,
		ids: nb[4][:], idRow: sz, idCol: ht,
		nb:   nb,
		cols: chunkCols, nwShift: 2, aoOff: &chunkAOOff,
	}
}

// faceMasksMixed computes the six face masks of every meshed column of a
// grid with liquid and other blocks (opaque-only grids take the one-pass
// modes, plainOpaque and greedyOpaque): opaque and other blocks show
// against anything not opaque, liquid against anything neither liquid nor
// opaque, except that the lowered top of water shows under any block but
// water. Faces between two blocks of a kind that
// culls itself (glass) are then removed.
func (m *Mesher) faceMasksMixed(g *grid) {
	p, nw, w, top := g.p, g.nw, g.w, g.top
	opq, liq, oth := g.opq, g.liq, g.oth
	dz := p * nw
	k := 0
	for z := 1; z <= w; z++ {
		for x := 1; x <= w; x++ {
			c := (z*p + x) * nw
			var belowO, belowL uint64 = g.floor, 0
			for i := range nw {
				ci := c + i
				o, l, t := opq[ci]&top, liq[ci]&top, oth[ci]&top
				var aboveO, aboveL, aboveT uint64
				if i+1 < nw {
					aboveO, aboveL, aboveT = opq[ci+1], liq[ci+1], oth[ci+1]
				}
				s := o | t
				upO := opq[ci]>>1 | aboveO<<63
				dnO := opq[ci]<<1 | belowO>>63
				upL := liq[ci]>>1 | aboveL<<63
				dnL := liq[ci]<<1 | belowL>>63
				for f, n := range [6]int{ci + nw, ci - nw, 0, 0, ci + dz, ci - dz} {
					var face, same uint64
					switch block.Face(f) {
					case block.FacePosY:
						face = s&^upO | l&^upL
						same = t & (oth[ci]>>1 | aboveT<<63)
					case block.FaceNegY:
						var belowT uint64
						if i > 0 {
							belowT = oth[ci-1]
						}
						face = s&^dnO | l&^(dnL|dnO)
						same = t & (oth[ci]<<1 | belowT>>63)
					default:
						face = s&^opq[n] | l&^(liq[n]|opq[n])
						same = t & oth[n]
					}
					if same&face != 0 {
						face = m.cullSelf(g, block.Face(f), x-1, z-1, i, face, same&face)
					}
					m.fm[f][k] = face
					if face != 0 {
						m.nz[f][k>>6] |= 1 << uint(k&63)
					}
				}
				belowO, belowL = opq[ci], liq[ci]
				k++
			}
		}
	}
}

// cullSelf clears from face the faces in cand (other blocks facing other
// blocks) whose block culls itself and faces its own kind.
func (m *Mesher) cullSelf(g *grid, f block.Face, x, z, i int, face, cand uint64) uint64 {
	base := g.idBase(x, z) + i*64
	n := block.Face(f).Normal()
	for ; cand != 0; cand &= cand - 1 {
		b := bits.TrailingZeros64(cand)
		id := g.ids[base+b]
		if cullSelf[id] && g.idAt(x+n[0], i*64+b+n[1], z+n[2]) == id {
			face &^= 1 << uint(b)
		}
	}
	return face
}

// idBase is where meshed column (x, z)'s IDs start in g.ids.
func (g *grid) idBase(x, z int) int { return g.idOff + (z*g.idRow+x)*g.idCol }

// idAt reads the ID at bit position b (i*64 + bit) of column (x, z), x and
// z in [-1, w]: from the neighbourhood for a chunk (air above and below the
// world), from ids for a cube.
func (g *grid) idAt(x, b, z int) byte {
	if g.nb == nil {
		return g.ids[g.idBase(x, z)+b]
	}
	if b < 0 || b >= ht {
		return byte(block.Air)
	}
	cx, cz := 1, 1
	if x < 0 {
		cx, x = 0, x+sz
	} else if x >= sz {
		cx, x = 2, x-sz
	}
	if z < 0 {
		cz, z = 0, z+sz
	} else if z >= sz {
		cz, z = 2, z-sz
	}
	c := g.nb[cz*3+cx]
	if c == nil {
		return byte(block.Air)
	}
	return c[chunk.Index(x, b, z)]
}

// plain emits one quad per visible face of direction f of a grid with
// liquid or other blocks.
func (m *Mesher) plain(dst *MeshData, g *grid, f block.Face) {
	fm := &m.fm[f]
	var aw aoWord
	for wi, nz := range m.nz[f] {
		if nz == 0 {
			continue
		}
		m.nz[f][wi] = 0
		for ; nz != 0; nz &= nz - 1 {
			k := wi<<6 | bits.TrailingZeros64(nz)
			mk := fm[k]
			fm[k] = 0 // fm is zero between calls
			if mk == 0 {
				continue
			}
			i := k & (g.nw - 1)
			ci := &g.cols[k>>g.nwShift]
			x, z, c := int(ci.x), int(ci.z), int(ci.c)
			// Preparing a word's lit and dark masks costs about as much
			// as a few look-ups: worth it only for words with many faces.
			aw.load(g, f, x, z, c, i)
			if bits.OnesCount64(mk) > aoDense {
				aw.prepare()
			}
			ids := g.ids[int(ci.id)+i*64:][:64]
			pos := uint64(packPos(x, 0, z)) + uint64(i*64-g.yOff)<<YShift
			m.plainMixed(dst, g, f, mk, &aw, ids, c, i, uint32(pos))
		}
	}
}

// plainOpaque is the plain mode for grids of opaque blocks only, in one
// pass over each plane of column words (word i of every column): along x
// it keeps the words of the 3 x 3 columns around the current one in
// registers, sliding them one column at a time, so that a column loads
// three words for its six face masks and every face's AO, and emits its
// faces at once into one list per direction, which are then appended to
// dst in direction order. It leaves fm and nz untouched.
func (m *Mesher) plainOpaque(dst *MeshData, g *grid) {
	p, nw, w, top := g.p, g.nw, g.w, g.top
	opq, row := g.opq, p*nw
	d := &m.dir
	for f := range d {
		d[f] = d[f][:0]
	}
	for i := range nw {
		for z := 1; z <= w; z++ {
			c := (z*p+1)*nw + i // word i of column (1, z)
			// rows z-1 (m), z (c), z+1 (p); columns x-1 (0), x (1), x+1 (2)
			m0, m1 := opq[c-row-nw], opq[c-row]
			c0, c1 := opq[c-nw], opq[c]
			p0, p1 := opq[c+row-nw], opq[c+row]
			id := g.idBase(0, z-1) + i*64
			for x := 1; x <= w; x, c, id = x+1, c+nw, id+g.idCol {
				m2, c2, p2 := opq[c-row+nw], opq[c+nw], opq[c+row+nw]
				// the shifts read the unmasked words: the border bits of
				// a cube cull the meshed ones next to them
				if s := c1 & top; s != 0 {
					above, below := uint64(0), g.floor
					if i+1 < nw {
						above = opq[c+1]
					}
					if i > 0 {
						below = opq[c-1]
					}
					ids := g.ids[id : id+64 : id+64]
					pos := uint64(packPos(x-1, 0, z-1)) + uint64(i*64-g.yOff)<<YShift
					gc := c - i
					for mk := s &^ c2; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b - 1); t < 62 {
							u = faceAO[block.FacePosX][uint32(m2>>t&7)|uint32(c2>>t&7)<<3|uint32(p2>>t&7)<<6].q
						} else {
							u = unitQuads[block.FacePosX][g.aoEdge(block.FacePosX, gc, i, b)]
						}
						d[0] = append(d[0], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FacePosX][ids[b&63]])<<QuadTileShift)
					}
					for mk := s &^ c0; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b - 1); t < 62 {
							u = faceAO[block.FaceNegX][uint32(m0>>t&7)|uint32(c0>>t&7)<<3|uint32(p0>>t&7)<<6].q
						} else {
							u = unitQuads[block.FaceNegX][g.aoEdge(block.FaceNegX, gc, i, b)]
						}
						d[1] = append(d[1], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FaceNegX][ids[b&63]])<<QuadTileShift)
					}
					for mk := s &^ p1; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b - 1); t < 62 {
							u = faceAO[block.FacePosZ][uint32(p0>>t&7)|uint32(p1>>t&7)<<3|uint32(p2>>t&7)<<6].q
						} else {
							u = unitQuads[block.FacePosZ][g.aoEdge(block.FacePosZ, gc, i, b)]
						}
						d[4] = append(d[4], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FacePosZ][ids[b&63]])<<QuadTileShift)
					}
					for mk := s &^ m1; mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b - 1); t < 62 {
							u = faceAO[block.FaceNegZ][uint32(m0>>t&7)|uint32(m1>>t&7)<<3|uint32(m2>>t&7)<<6].q
						} else {
							u = unitQuads[block.FaceNegZ][g.aoEdge(block.FaceNegZ, gc, i, b)]
						}
						d[5] = append(d[5], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FaceNegZ][ids[b&63]])<<QuadTileShift)
					}
					for mk := s &^ (c1>>1 | above<<63); mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b + 1); t < 64 {
							u = faceAO[block.FacePosY][uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
								uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8].q
						} else {
							u = unitQuads[block.FacePosY][g.aoEdge(block.FacePosY, gc, i, b)]
						}
						d[2] = append(d[2], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FacePosY][ids[b&63]])<<QuadTileShift)
					}
					for mk := s &^ (c1<<1 | below>>63); mk != 0; mk &= mk - 1 {
						b := bits.TrailingZeros64(mk)
						var u Quad
						if t := uint(b - 1); t < 64 {
							u = faceAO[block.FaceNegY][uint32(m0>>t&1)|uint32(c0>>t&1)<<1|uint32(p0>>t&1)<<2|uint32(m1>>t&1)<<3|
								uint32(p1>>t&1)<<5|uint32(m2>>t&1)<<6|uint32(c2>>t&1)<<7|uint32(p2>>t&1)<<8].q
						} else {
							u = unitQuads[block.FaceNegY][g.aoEdge(block.FaceNegY, gc, i, b)]
						}
						d[3] = append(d[3], u+Quad(pos+uint64(b)<<YShift)|Quad(tileOfFace[block.FaceNegY][ids[b&63]])<<QuadTileShift)
					}
				}
				m0, m1, c0, c1, p0, p1 = m1, m2, c1, c2, p1, p2
			}
		}
	}
	m.flushOpaque(dst)
}

// flushOpaque writes the quads of the one-pass modes, held by direction,
// into dst's opaque layer, grouped by face direction; the translucent layer
// stays empty.
func (m *Mesher) flushOpaque(dst *MeshData) {
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

// aoDense is the number of faces in a word above which the plain pass
// prepares the word's AO (see aoWord) instead of looking each face up.
const aoDense = 4

// plainMixed emits the faces of one word when the grid holds liquid or
// other blocks: each goes to its block's layer, water with its lowered bit.
func (m *Mesher) plainMixed(dst *MeshData, g *grid, f block.Face, mk uint64, aw *aoWord, ids []byte, c, i int, pos uint32) {
	n := bits.OnesCount64(mk)
	dst.Opaque.reserve(n)
	dst.Translucent.reserve(n)
	for ; mk != 0; mk &= mk - 1 {
		b := bits.TrailingZeros64(mk)
		id := ids[b]
		out := &dst.Opaque
		if layerOf[id] == block.LayerTranslucent {
			out = &dst.Translucent
		}
		out.unitQuad(f, pos+uint32(b)<<YShift, tileOf[id][f], aw.at(b), g.lowered(f, c, i, b))
	}
}

// lowered is 1 when the face at bit b of word i of grid column c is water
// whose corners the shader lowers: every top face, and the upper corners of
// side faces of a water block with no water above.
func (g *grid) lowered(f block.Face, c, i, b int) uint32 {
	if g.liq[c+i]>>uint(b)&1 == 0 || f == block.FaceNegY {
		return 0
	}
	if f == block.FacePosY {
		return 1
	}
	if b < 63 {
		return uint32(^g.liq[c+i] >> uint(b+1) & 1)
	}
	if i+1 < g.nw {
		return uint32(^g.liq[c+i+1] & 1)
	}
	return 1
}

// ao returns the packed AO of the face of direction f at bit b of word i of
// grid column c, from the opacity of the cells around the one in front of
// it (see aoTable). Away from word edges it reads the columns at the
// grid's precomputed offsets.
func (g *grid) ao(f block.Face, c, i, b int) uint8 {
	off, o, k := &g.aoOff[f], g.opq, c+i
	if f != block.FacePosY && f != block.FaceNegY {
		if t := uint(b - 1); t < 62 {
			return aoTable[uint32(o[k+off[0]]>>t&7)|uint32(o[k+off[1]]>>t&7)<<3|uint32(o[k+off[2]]>>t&7)<<6]
		}
	} else if t := uint(b + off[8]); t < 64 {
		return aoTable[uint32(o[k+off[0]]>>t&1)|uint32(o[k+off[1]]>>t&1)<<1|uint32(o[k+off[2]]>>t&1)<<2|
			uint32(o[k+off[3]]>>t&1)<<3|uint32(o[k+off[4]]>>t&1)<<5|
			uint32(o[k+off[5]]>>t&1)<<6|uint32(o[k+off[6]]>>t&1)<<7|uint32(o[k+off[7]]>>t&1)<<8]
	}
	return g.aoEdge(f, c, i, b)
}

// aoOffsets returns, per direction, the offsets from a column's word to the
// words ao reads: side faces the three columns in front (V = -1, 0, 1);
// top and bottom faces the eight columns around, in aoTable's bit order,
// then the bit offset of the plane in front.
func aoOffsets(p, nw int) (t [6][9]int) {
	row := p * nw
	for f := range block.Face(6) {
		switch f {
		case block.FacePosX, block.FaceNegX, block.FacePosZ, block.FaceNegZ:
			front, step := nw, row
			switch f {
			case block.FaceNegX:
				front = -nw
			case block.FacePosZ:
				front, step = row, nw
			case block.FaceNegZ:
				front, step = -row, nw
			}
			t[f][0], t[f][1], t[f][2] = front-step, front, front+step
		default:
			j := 0
			for dv := -1; dv <= 1; dv++ {
				for du := -1; du <= 1; du++ {
					if dv != 0 || du != 0 {
						t[f][j] = dv*nw + du*row
						j++
					}
				}
			}
			t[f][8] = 1
			if f == block.FaceNegY {
				t[f][8] = -1
			}
		}
	}
	return t
}

var (
	chunkAOOff = aoOffsets(pw, colWords)
	cubeAOOff  = aoOffsets(CubeSize, 1)
)

// aoEdge is ao for faces whose cells cross a word edge.
func (g *grid) aoEdge(f block.Face, c, i, b int) uint8 {
	nw, row := g.nw, g.p*g.nw
	var idx uint32
	switch f {
	case block.FacePosX, block.FaceNegX:
		front := c + nw
		if f == block.FaceNegX {
			front = c - nw
		}
		idx = g.get3(front-row, i, b) | g.get3(front, i, b)<<3 | g.get3(front+row, i, b)<<6
	case block.FacePosZ, block.FaceNegZ:
		front := c + row
		if f == block.FaceNegZ {
			front = c - row
		}
		idx = g.get3(front-nw, i, b) | g.get3(front, i, b)<<3 | g.get3(front+nw, i, b)<<6
	default:
		b++
		if f == block.FaceNegY {
			b -= 2
		}
		if b == 64 {
			i, b = i+1, 0
		} else if b < 0 {
			i, b = i-1, 63
		}
		if i < 0 || i >= nw {
			return aoTable[0]
		}
		o, s := g.opq[c+i-row-nw:], uint(b)
		// cells at (dv, du) = (x, z) offsets, bit (dv+1)*3 + du+1
		idx = uint32(o[0]>>s&1) | uint32(o[row]>>s&1)<<1 | uint32(o[2*row]>>s&1)<<2 |
			uint32(o[nw]>>s&1)<<3 | uint32(o[nw+2*row]>>s&1)<<5 |
			uint32(o[2*nw]>>s&1)<<6 | uint32(o[2*nw+row]>>s&1)<<7 | uint32(o[2*nw+2*row]>>s&1)<<8
	}
	return aoTable[idx]
}

// get3 returns the opacity of voxels b-1, b, b+1 of word i of grid column
// col, reading across word boundaries.
func (g *grid) get3(col, i, b int) uint32 {
	w := g.opq[col+i]
	switch {
	case b > 0 && b < 63:
		return uint32(w>>uint(b-1)) & 7
	case b == 0:
		prev := g.floor
		if i > 0 {
			prev = g.opq[col+i-1]
		}
		return uint32(w<<1|prev>>63) & 7
	}
	var next uint64
	if i+1 < g.nw {
		next = g.opq[col+i+1]
	}
	return uint32(w>>62|next<<2) & 7
}
