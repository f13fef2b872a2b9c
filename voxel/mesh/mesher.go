package mesh

import (
	"unsafe"

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
	tileOf     [256][6]uint32 // tile << TileShift per face
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
			tileOf[i][f] = uint32(inf.Tiles[f]) << TileShift
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
// constant along U (a00 == a10 and a01 == a11) or along V.
var canMergeU, canMergeV [256]bool

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
	}
}

// reserve makes room for n more quads.
func (b *Buffers) reserve(n int) {
	if cap(b.Vertices)-len(b.Vertices) < 4*n {
		v := make([]Vertex, len(b.Vertices), 2*cap(b.Vertices)+4*n)
		copy(v, b.Vertices)
		b.Vertices = v
	}
	if cap(b.Indices)-len(b.Indices) < 6*n {
		v := make([]uint32, len(b.Indices), 2*cap(b.Indices)+6*n)
		copy(v, b.Indices)
		b.Indices = v
	}
}

// unitQuad appends a one-block face of direction f; the caller has
// reserved room. Each vertex is one 64-bit store of a precomputed word
// (corner offset, normal, texture corner and AO level) plus the face's
// position and tile, which never carry into neighbouring fields.
func (b *Buffers) unitQuad(f block.Face, pos, tile uint32, ao uint8, low uint32) {
	n := len(b.Vertices)
	vs := (*[4]uint64)(unsafe.Pointer(&b.Vertices[n : n+4 : n+4][0]))
	t := &unitVerts[f][ao]
	add := uint64(pos) | uint64(tile)<<32
	vs[0], vs[1], vs[2], vs[3] = t[0]+add, t[1]+add, t[2]+add, t[3]+add
	if low != 0 {
		fi := &faces[f]
		for k := range 4 {
			vs[k] |= uint64(fi.lowered[k]) << 32
		}
	}
	b.Vertices = b.Vertices[:n+4]
	m := len(b.Indices)
	is := (*[3]uint64)(unsafe.Pointer(&b.Indices[m : m+6 : m+6][0]))
	v := uint64(n) * (1<<32 | 1)
	p := &indexPairs[unitFlip[f][ao]]
	is[0], is[1], is[2] = v+p[0], v+p[1], v+p[2]
	b.Indices = b.Indices[:m+6]
}

// unitVerts are the four vertices of a unit face per direction and AO
// byte, as little-endian 64-bit words, position and tile zero; unitFlip
// says which diagonal splits it (see [Buffers.indices]).
var (
	unitVerts [6][256][4]uint64
	unitFlip  [6][256]uint8
)

// indexPairs are the six indices of a quad whose first vertex is 0, as
// three little-endian pairs, split along v0-v2 ([0]) or v1-v3 ([1]).
var indexPairs = [2][3]uint64{
	{0 | 1<<32, 2 | 0<<32, 2 | 3<<32},
	{1 | 2<<32, 3 | 1<<32, 3 | 0<<32},
}

func initUnitQuads() {
	for f := range 6 {
		fi := &faces[f]
		for ao := range 256 {
			var a [4]uint32
			for k := range 4 {
				a[k] = uint32(ao) >> fi.aoShift[k] & 3
				unitVerts[f][ao][k] = uint64(fi.unitD0[k]) | uint64(fi.unitD1[k]|a[k]<<AOShift)<<32
			}
			if a[0]+a[2] < a[1]+a[3] {
				unitFlip[f][ao] = 1
			}
		}
	}
}

// indices appends the two triangles of the quad whose first vertex is v,
// split along the diagonal v0-v2, or v1-v3 when flip is set. The diagonal
// with the brighter corners is chosen, so that a single dark corner darkens
// one triangle instead of streaking across the quad.
func (b *Buffers) indices(v uint32, flip bool) {
	n := len(b.Indices)
	is := b.Indices[n : n+6 : n+6]
	if flip {
		is[0], is[1], is[2], is[3], is[4], is[5] = v+1, v+2, v+3, v+1, v+3, v
	} else {
		is[0], is[1], is[2], is[3], is[4], is[5] = v, v+1, v+2, v, v+2, v+3
	}
	b.Indices = b.Indices[:n+6]
}
