package mesh

import (
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

const (
	sz = chunk.Size
	ht = chunk.Height
	pw = sz + 2 // padded width: the chunk and a one-column border

	chunkGridWords = pw * pw * colWords
	// maxFaceWords is the larger face mask plane: a chunk's columns or a
	// cube's.
	maxFaceWords = max(sz*sz*colWords, cubeMeshed*cubeMeshed)
)

// Options select how a chunk is meshed.
type Options struct {
	// Greedy merges coplanar neighbouring faces of the same block kind,
	// face and ambient occlusion into one quad. The merged quads cover
	// exactly the faces and light of the unmerged mesh, with fewer vertices;
	// a quad only grows along a direction in which its AO does not vary, so
	// interpolation inside it equals the unmerged faces'.
	Greedy bool
}

// Neighborhood is the input of [Mesher.MeshChunk]: the chunk and its eight
// neighbours, index (dz+1)*3 + (dx+1), so [4] is the chunk being meshed,
// [3] its -x neighbour, [5] +x, [1] -z, [7] +z and [0], [2], [6], [8] the
// diagonal ones (needed for ambient occlusion at the corners). Faces on the
// chunk's border are culled against the neighbours' border blocks. A nil
// neighbour reads as air. The mesher only reads the arrays.
type Neighborhood [9]*chunk.Blocks

// block classes of the bit masks.
const (
	classAir    = iota
	classOpaque // hides neighbours' faces
	classLiquid // water: culls against liquid and opaque
	classOther  // any other visible non-opaque block
)

var (
	classOf    [256]uint8
	liquidBit  [256]uint64
	maskOpaque [256]uint64
	maskOther  [256]uint64
	cullSelf   [256]bool
	layerOf    [256]block.Layer
	tileOf     [256][6]uint32 // atlas tile per face
	tileOfFace [6][256]uint32 // the same, by face
)

func init() {
	for i := range 256 {
		id := block.ID(i)
		inf := id.Info()
		switch {
		case id == block.Air:
		case inf.Opaque:
			classOf[i] = classOpaque
			maskOpaque[i] = 1
		case inf.Liquid:
			classOf[i] = classLiquid
			liquidBit[i] = 1
		default:
			classOf[i] = classOther
			maskOther[i] = 1
		}
		cullSelf[i] = inf.CullSelf
		layerOf[i] = inf.Layer
		for f := range 6 {
			tileOf[i][f] = uint32(inf.Tiles[f])
			tileOfFace[f][i] = tileOf[i][f]
		}
	}
	initFaces()
	initAO()
	initUnitQuads()
}

// faceInfo describes one face direction: its axes and how its four corners
// are laid out. U and V are the face's tangent axes (U = y on side faces,
// z on top and bottom; V horizontal); a face's corners are (cu, cv) in
// {0,1}^2, and its vertices are stored in counter-clockwise order seen from
// outside: vertex k is corner (cu[k], cv[k]). Vertices 0 and 2 are always
// corners (0,0) and (1,1).
type faceInfo struct {
	normal     [3]int
	uStep      uint32    // packed data0 increment for one block along U
	vStep      uint32    // ... along V
	offset     uint32    // packed data0 offset of corner (0,0) from the voxel
	cu, cv     [4]uint32 // corner of vertex k
	su, tu     [4]uint32 // texture: u = su*extentV, v = tu*extentU (see tex)
	aoShift    [4]uint32 // where vertex k's AO is in the packed AO byte
	lowered    [4]uint32 // lowered bit of vertex k for a lowered water face
	colOffset  int       // padded column index offset of the neighbour (0 vertical)
	unitD0     [4]uint32 // offset + cu*uStep + cv*vStep
	unitD1     [4]uint32 // normal | unit u,v of vertex k
	normalBits uint32
}

var faces [6]faceInfo

func packPos(x, y, z int) uint32 {
	return uint32(x)<<XShift | uint32(y)<<YShift | uint32(z)<<ZShift
}

func initFaces() {
	for f := range block.Face(6) {
		fi := &faces[f]
		n := f.Normal()
		fi.normal = n
		side := n[1] == 0
		var u, v [3]int
		if side {
			u = [3]int{0, 1, 0}
			if n[0] != 0 {
				v = [3]int{0, 0, 1}
			} else {
				v = [3]int{1, 0, 0}
			}
		} else {
			u = [3]int{0, 0, 1}
			v = [3]int{1, 0, 0}
		}
		fi.uStep = packPos(u[0], u[1], u[2])
		fi.vStep = packPos(v[0], v[1], v[2])
		fi.offset = packPos(max(n[0], 0), max(n[1], 0), max(n[2], 0))
		fi.colOffset = n[0] + n[2]*pw
		// orientation: cross(U, V) . n > 0 means (0,0),(1,0),(1,1),(0,1)
		// is counter-clockwise seen from outside.
		c := [3]int{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
		order := [4][2]uint32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
		if c[0]*n[0]+c[1]*n[1]+c[2]*n[2] < 0 {
			order = [4][2]uint32{{0, 0}, {0, 1}, {1, 1}, {1, 0}}
		}
		fi.normalBits = uint32(f) << NormalShift
		for k, cr := range order {
			cu, cv := cr[0], cr[1]
			fi.cu[k], fi.cv[k] = cu, cv
			fi.aoShift[k] = 2 * aoCorner(cu, cv)
			// texture: on side faces v (tu) is 0 at the top; u (su) runs
			// left to right seen from outside.
			if side {
				fi.tu[k] = 1 - cu
				// right, seen from outside, is cross(-n, +y).
				right := [3]int{n[2], 0, -n[0]}
				if right[0]*v[0]+right[2]*v[2] > 0 {
					fi.su[k] = cv
				} else {
					fi.su[k] = 1 - cv
				}
				fi.lowered[k] = cu << LoweredShift
			} else {
				fi.tu[k] = cu
				fi.su[k] = cv
				if n[1] > 0 {
					fi.lowered[k] = 1 << LoweredShift
				}
			}
			fi.unitD0[k] = fi.offset + cu*fi.uStep + cv*fi.vStep
			fi.unitD1[k] = fi.normalBits | fi.su[k]<<UShift | fi.tu[k]<<VShift
		}
	}
}

// aoCorner numbers the corners in the packed AO byte: a00, a10, a11, a01.
func aoCorner(cu, cv uint32) uint32 {
	switch {
	case cu == 0 && cv == 0:
		return 0
	case cu == 1 && cv == 0:
		return 1
	case cu == 1 && cv == 1:
		return 2
	}
	return 3
}

// aoTable maps the opacity of the 3x3 cells in front of a face (bit
// (dv+1)*3 + (du+1) for the cell at (du, dv) along the face's U and V) to
// the four corners' AO, packed 2 bits each in aoCorner order.
var aoTable [512]uint8

// canMergeU and canMergeV say, per packed AO byte, whether the AO is
// constant along U (a00 == a10 and a01 == a11) or along V; mergeUV holds
// both, bit 0 for U and bit 1 for V.
var (
	canMergeU, canMergeV [256]bool
	mergeUV              [256]uint8
)

func initAO() {
	for idx := range 512 {
		g := func(du, dv int) int { return idx >> ((dv+1)*3 + du + 1) & 1 }
		var packed uint8
		for _, cr := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
			du, dv := cr[0]*2-1, cr[1]*2-1
			s1, s2, c := g(du, 0), g(0, dv), g(du, dv)
			ao := 3 - (s1 + s2 + c)
			if s1 == 1 && s2 == 1 {
				ao = 0
			}
			packed |= uint8(ao) << (2 * aoCorner(uint32(cr[0]), uint32(cr[1])))
		}
		aoTable[idx] = packed
	}
	for a := range 256 {
		a00, a10, a11, a01 := a&3, a>>2&3, a>>4&3, a>>6&3
		canMergeU[a] = a00 == a10 && a01 == a11
		canMergeV[a] = a00 == a01 && a10 == a11
		if canMergeU[a] {
			mergeUV[a] |= 1
		}
		if canMergeV[a] {
			mergeUV[a] |= 2
		}
	}
}

// reserve makes room for n more quads.
func (b *Buffers) reserve(n int) {
	if cap(b.Quads)-len(b.Quads) < n {
		q := make([]Quad, len(b.Quads), 2*cap(b.Quads)+n)
		copy(q, b.Quads)
		b.Quads = q
	}
}

// unitQuad appends a one-block face of direction f; the caller has
// reserved room.
func (b *Buffers) unitQuad(f block.Face, pos, tile uint32, ao uint8, low uint32) {
	n := len(b.Quads)
	b.Quads = b.Quads[:n+1]
	b.Quads[n] = unitQuads[f][ao] + Quad(pos) | Quad(tile)<<QuadTileShift | Quad(low)<<QuadLoweredShift
}

// unitQuads are the unit faces per direction and AO byte, position and
// tile zero: face, flip, extents 1 x 1 and the corners' AO.
var unitQuads [6][256]Quad

func initUnitQuads() {
	for f := range 6 {
		for ao := range 256 {
			unitQuads[f][ao] = quadBits(block.Face(f), uint8(ao), 1, 1)
		}
		for idx, a := range aoTable {
			faceAO[f][idx] = edgeFace(block.Face(f), a)
		}
	}
}

// aoFace is what a face's AO decides: its unit quad (unitQuads), its AO
// byte and the directions it may merge along (mergeUV).
type aoFace struct {
	q     Quad
	a     uint8
	merge uint8
}

// faceAO holds aoFace per direction and aoTable index, so that the one
// pass's faces take their quad, AO and merge directions from the cells in
// front of them in one load, where aoTable, unitQuads and mergeUV took
// two dependent ones and a third.
var faceAO [6][512]aoFace

// edgeFace is the aoFace of a face of direction f with AO byte a.
func edgeFace(f block.Face, a uint8) aoFace {
	return aoFace{unitQuads[f][a], a, mergeUV[a]}
}

// quadBits is a quad of direction f with AO byte ao and extents nu x nv,
// at position 0 with tile 0, split along the diagonal whose corners are
// brighter in sum, so that a single dark corner darkens one triangle
// instead of streaking across the quad.
func quadBits(f block.Face, ao uint8, nu, nv uint32) Quad {
	a00, a10, a11, a01 := ao&3, ao>>2&3, ao>>4&3, ao>>6&3
	q := Quad(f)<<QuadFaceShift | Quad(nu)<<QuadUShift | Quad(nv)<<QuadVShift | Quad(ao)<<QuadAOShift
	if a00+a11 < a10+a01 {
		q |= 1 << QuadFlipShift
	}
	return q
}
