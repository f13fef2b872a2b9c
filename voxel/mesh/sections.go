package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// SectionHeight is the height of a section: the slice of a chunk, full
// width and depth, that cave culling decides to draw or not as a whole.
const SectionHeight = 32

// Sections is the number of sections in a chunk, bottom (0) to top.
const Sections = chunk.Height / SectionHeight

// Connectivity says which pairs of a section's six faces are joined by a
// path of face-adjacent non-opaque blocks inside the section: 15 bits, one
// per unordered pair. A line of sight that enters a section through one
// face and leaves it through another passes only non-opaque blocks, so
// the two faces are connected; faces not connected cannot see each other
// through the section.
type Connectivity uint16

// AllConnected is the connectivity of a section without opaque blocks.
const AllConnected Connectivity = 1<<15 - 1

// pairBit[a][b] is the bit of the pair (a, b), a != b.
var pairBit [6][6]Connectivity

func init() {
	n := 0
	for a := range 6 {
		for b := a + 1; b < 6; b++ {
			pairBit[a][b], pairBit[b][a] = 1<<n, 1<<n
			n++
		}
	}
}

// Connected reports whether faces a and b are connected; a face is
// connected to itself when it is connected to any other face.
func (c Connectivity) Connected(a, b block.Face) bool {
	if a == b {
		return c.From(a) != 0
	}
	return c&pairBit[a][b] != 0
}

// From returns the faces connected to face a, bit f for block.Face f.
func (c Connectivity) From(a block.Face) uint8 {
	var m uint8
	for b := range block.Face(6) {
		if b != a && c&pairBit[a][b] != 0 {
			m |= 1 << b
		}
	}
	return m
}

// connectFaces sets every pair among the faces in mask.
func (c *Connectivity) connectFaces(mask uint8) {
	for a := range 6 {
		if mask&(1<<a) == 0 {
			continue
		}
		for b := a + 1; b < 6; b++ {
			if mask&(1<<b) != 0 {
				*c |= pairBit[a][b]
			}
		}
	}
}

// sectionScratch is what the flood fill and the section split reuse
// between chunks. The flood fill works on rows along x, a bit per block:
// row y*sz + z of a section.
type sectionScratch struct {
	open, seen [SectionHeight * sz]uint64
	stack      []span
	quads      []Quad
}

// span is blocks of one row still to flood from.
type span struct {
	row  int32
	bits uint64
}

const (
	rowMask  = 1<<sz - 1
	edgeBits = 1 | 1<<(sz-1) // the blocks of a row on the x faces
)

// SectionConnectivity computes the connectivity of section s of the chunk
// whose masks are mk. Sections without opaque blocks or without others
// cost a scan of the masks; the rest a flood fill of whole runs of blocks
// along x at a time.
func (m *Mesher) SectionConnectivity(mk *Masks, s int) Connectivity {
	sc := &m.sec
	word, shift := s*SectionHeight/64, uint(s*SectionHeight%64)
	var any, all uint32 = 0, ^uint32(0)
	for ci := range chunk.Area {
		col := uint32(mk.Opaque[ci][word] >> shift)
		any |= col
		all &= col
	}
	switch {
	case any == 0:
		return AllConnected
	case all == ^uint32(0):
		return 0
	}
	sc.open = [len(sc.open)]uint64{}
	sc.seen = [len(sc.seen)]uint64{}
	for ci := range chunk.Area {
		x, z := ci%sz, ci/sz
		col := ^uint32(mk.Opaque[ci][word] >> shift)
		for col != 0 {
			y := bits.TrailingZeros32(col)
			col &= col - 1
			sc.open[y*sz+z] |= 1 << x
		}
	}
	var c Connectivity
	// Flood each component that touches the boundary; components inside
	// join no faces.
	for row := range int32(len(sc.open)) {
		y, z := row/sz, row%sz
		edge := uint64(edgeBits)
		if y == 0 || y == SectionHeight-1 || z == 0 || z == sz-1 {
			edge = rowMask
		}
		for {
			cand := sc.open[row] &^ sc.seen[row] & edge
			if cand == 0 {
				break
			}
			c.connectFaces(sc.flood(row, cand&-cand))
			if c == AllConnected {
				return c
			}
		}
	}
	return c
}

// fillRuns grows seed (within open) along x to the whole runs of open
// blocks it lies in.
func fillRuns(seed, open uint64) uint64 {
	up, pu := seed, open
	down, pd := seed, open
	for _, k := range [...]uint{1, 2, 4, 8, 16} {
		up |= pu & (up << k)
		pu &= pu << k
		down |= pd & (down >> k)
		pd &= pd >> k
	}
	return up | down
}

// flood marks the component of the open blocks seed of row seen and
// returns the faces it touches.
func (sc *sectionScratch) flood(row int32, seed uint64) uint8 {
	st := append(sc.stack[:0], span{row, seed})
	var faces uint8
	for len(st) > 0 {
		sp := st[len(st)-1]
		st = st[:len(st)-1]
		r := sp.row
		free := sc.open[r] &^ sc.seen[r]
		if sp.bits&free == 0 {
			continue
		}
		run := fillRuns(sp.bits&free, free)
		sc.seen[r] |= run
		if run&1 != 0 {
			faces |= 1 << block.FaceNegX
		}
		if run&(1<<(sz-1)) != 0 {
			faces |= 1 << block.FacePosX
		}
		y, z := r/sz, r%sz
		push := func(n int32) {
			if b := run & sc.open[n] &^ sc.seen[n]; b != 0 {
				st = append(st, span{n, b})
			}
		}
		if y == SectionHeight-1 {
			faces |= 1 << block.FacePosY
		} else {
			push(r + sz)
		}
		if y == 0 {
			faces |= 1 << block.FaceNegY
		} else {
			push(r - sz)
		}
		if z == sz-1 {
			faces |= 1 << block.FacePosZ
		} else {
			push(r + 1)
		}
		if z == 0 {
			faces |= 1 << block.FaceNegZ
		} else {
			push(r - 1)
		}
	}
	sc.stack = st
	return faces
}

// Sectioned is what cave culling needs of a chunk's mesh: each section's
// connectivity and its opaque quads of each direction drawable apart.
type Sectioned struct {
	// Connectivity of each section, bottom to top.
	Connectivity [Sections]Connectivity
	// End[f][s] is where the opaque quads of direction f in section s end
	// in the mesh's Opaque.Quads after [Mesher.Sections]: they are
	// Opaque.Quads[start:End[f][s]], start being the previous entry in
	// (f, s) order (0 for the first).
	End [6][Sections]int32
}

// SectionFace returns the opaque quads of direction f in section s; valid
// after [Mesher.Sections].
func (m *MeshData) SectionFace(f block.Face, s int) []Quad {
	k := int(f)*Sections + s
	start := int32(0)
	if k > 0 {
		start = m.Sections.End[(k-1)/Sections][(k-1)%Sections]
	}
	return m.Opaque.Quads[start:m.Sections.End[f][s]]
}

// Sections fills dst.Sections from the chunk's masks mk and reorders
// dst's opaque quads by direction, then section, splitting side quads
// that span several sections at their boundaries (a split quad shows the
// same texels and light: tiles repeat per block and a quad only extends
// along a direction its AO does not vary in). Each quad goes to the
// section of the blocks it belongs to. FaceEnd stays valid.
func (m *Mesher) Sections(dst *MeshData, mk *Masks) {
	for s := range Sections {
		dst.Sections.Connectivity[s] = m.SectionConnectivity(mk, s)
	}
	sc := &m.sec
	out := sc.quads[:0]
	b := &dst.Opaque
	ends := b.FaceEnd // the directions' ranges in b.Quads, before splits
	for f := range block.Face(6) {
		start := int32(0)
		if f > 0 {
			start = ends[f-1]
		}
		quads := b.Quads[start:ends[f]]
		side := f != block.FacePosY && f != block.FaceNegY
		for s := range Sections {
			lo, hi := uint32(s*SectionHeight), uint32((s+1)*SectionHeight)
			for _, q := range quads {
				y := uint32(q>>YShift) & (1<<YBits - 1)
				if !side {
					if y >= lo && y < hi {
						out = append(out, q)
					}
					continue
				}
				nu := uint32(q>>QuadUShift) & (1<<QuadUBits - 1)
				y0, y1 := max(y, lo), min(y+nu, hi)
				if y0 >= y1 {
					continue
				}
				if y0 == y && y1 == y+nu {
					out = append(out, q)
					continue
				}
				const posMask = Quad(1<<YBits-1) << YShift
				const nuMask = Quad(1<<QuadUBits-1) << QuadUShift
				p := q&^(posMask|nuMask) | Quad(y0)<<YShift | Quad(y1-y0)<<QuadUShift
				out = append(out, p)
			}
			dst.Sections.End[f][s] = int32(len(out))
		}
		b.FaceEnd[f] = int32(len(out))
	}
	b.Quads = append(b.Quads[:0], out...)
	sc.quads = out[:0]
}
