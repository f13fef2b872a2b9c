package mesh

import (
	"encoding/binary"
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

const (
	sz    = chunk.Size
	ht    = chunk.Height
	pw    = sz + 2 // padded width: the chunk and a one-column border
	words = 6      // 64-bit words of a padded column: bit y+1 for y in [-1, 256], then zeros
)

// colMask is one column of the padded neighbourhood as a bit set over y:
// bit y+1 is voxel y. Bit 0 stands for the voxel below the world and bit 257
// for the one above it; the last word is always zero, so that reading one
// word past the column's top needs no check.
type colMask [words]uint64

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
		}
	}
	if block.Count > 128 {
		panic("mesh: greedy keys hold block IDs below 128")
	}
	initFaces()
	initAO()
}

// Mesher turns chunks into meshes. It holds about 0.7 MiB of scratch space,
// allocated once, so meshing allocates nothing once the destination buffers
// have grown to a chunk's size. A Mesher is not safe for concurrent use:
// give each worker goroutine its own.
type Mesher struct {
	opq, liq, oth [pw * pw]colMask
	nb            Neighborhood
	wlo, whi      int // words of the chunk's columns that hold blocks

	// greedy scratch: face bit rows and the key of each face of the face
	// direction in progress. The rows are zero between uses.
	rows [sz * ht]uint32
	keys [chunk.Volume]uint16
	used [sz * ht / 64]uint64 // rows that have had faces
}

// NewMesher returns a Mesher.
func NewMesher() *Mesher { return new(Mesher) }

// MeshChunk meshes nb[4] and appends the quads to dst: faces of opaque and
// cutout blocks to dst.Opaque, water and glass to dst.Translucent. dst is
// not reset (call dst.Reset first to reuse it). Positions are relative to
// the chunk's origin.
func (m *Mesher) MeshChunk(dst *MeshData, nb *Neighborhood, opt Options) {
	if nb[4] == nil {
		return
	}
	m.nb = *nb
	m.build()
	for f := range block.Face(6) {
		m.faces(dst, f, opt.Greedy)
		if opt.Greedy {
			m.greedy(dst, f)
		}
	}
	m.nb = Neighborhood{}
}

// build fills the padded column masks from the neighbourhood, and the
// range of words that hold any of the chunk's own blocks.
func (m *Mesher) build() {
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
			ci := pz*pw + px
			b := m.nb[cz*3+cx]
			if b == nil {
				m.opq[ci] = colMask{1}
				m.liq[ci] = colMask{}
				m.oth[ci] = colMask{}
				continue
			}
			buildColumn(b.Column(lx, lz), &m.opq[ci], &m.liq[ci], &m.oth[ci])
		}
	}
	var used colMask
	for z := 1; z <= sz; z++ {
		for x := 1; x <= sz; x++ {
			ci := z*pw + x
			for i := range words {
				used[i] |= m.opq[ci][i] | m.liq[ci][i] | m.oth[ci][i]
			}
		}
	}
	used[0] &^= 1
	m.wlo, m.whi = words, -1
	for i := range words {
		if used[i] != 0 {
			m.wlo, m.whi = min(m.wlo, i), i
		}
	}
}

// buildColumn classifies the 256 voxels of col into three padded bit masks.
// Most of a column is long runs (air above the ground, stone below): a
// group of 32 equal voxels costs four loads and a compare, a group of
// eight one compare and one table look-up; only mixed groups go voxel by
// voxel.
func buildColumn(col []byte, o, l, t *colMask) {
	var om, lm, tm [4]uint64
	col = col[:ht]
	for i := 0; i < ht; i += 32 {
		c := col[i : i+32 : i+32]
		v0 := binary.LittleEndian.Uint64(c)
		v1 := binary.LittleEndian.Uint64(c[8:])
		v2 := binary.LittleEndian.Uint64(c[16:])
		v3 := binary.LittleEndian.Uint64(c[24:])
		if v0|v1|v2|v3 == 0 {
			continue
		}
		w, sh := i>>6&3, uint(i&63)
		b0 := v0 & 0xff
		if r := b0 * 0x0101010101010101; v0 == r && v1 == r && v2 == r && v3 == r {
			switch classOf[b0] {
			case classOpaque:
				om[w] |= 0xffffffff << sh
			case classLiquid:
				lm[w] |= 0xffffffff << sh
			case classOther:
				tm[w] |= 0xffffffff << sh
			}
			continue
		}
		for k, v := range [4]uint64{v0, v1, v2, v3} {
			if v == 0 {
				continue
			}
			s := sh + uint(k)*8
			b0 := v & 0xff
			if v == b0*0x0101010101010101 {
				switch classOf[b0] {
				case classOpaque:
					om[w] |= 0xff << s
				case classLiquid:
					lm[w] |= 0xff << s
				case classOther:
					tm[w] |= 0xff << s
				}
				continue
			}
			var ob, lb, tb uint64
			for j := range uint(8) {
				id := byte(v >> (8 * j))
				ob |= maskOpaque[id] << j
				lb |= liquidBit[id] << j
				tb |= maskOther[id] << j
			}
			om[w] |= ob << s
			lm[w] |= lb << s
			tm[w] |= tb << s
		}
	}
	*o = pad(om, 1)
	*l = pad(lm, 0)
	*t = pad(tm, 0)
}

// pad shifts an unpadded 256-bit column up by one bit, putting below at bit 0.
func pad(m [4]uint64, below uint64) colMask {
	return colMask{m[0]<<1 | below, m[1]<<1 | m[0]>>63, m[2]<<1 | m[1]>>63, m[3]<<1 | m[2]>>63, m[3] >> 63, 0}
}

// get3 returns padded bits b..b+2 of c (voxels b-1..b+1).
func get3(c *colMask, b int) uint32 {
	w, s := b>>6, uint(b&63)
	v := c[w] >> s
	if s > 61 {
		v |= c[w+1] << (64 - s)
	}
	return uint32(v & 7)
}

func bit(c *colMask, b int) uint32 { return uint32(c[b>>6] >> uint(b&63) & 1) }

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

// idAt reads a voxel of the padded neighbourhood: x, z in [-1, sz], y in
// [-1, ht].
func (m *Mesher) idAt(x, y, z int) byte {
	if y < 0 || y >= ht {
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
	b := m.nb[cz*3+cx]
	if b == nil {
		return byte(block.Air)
	}
	return b[chunk.Index(x, y, z)]
}

// faces emits (or, when greedy, collects) the faces of direction f.
// Columns are visited slice by slice of the greedy layout, so collected
// keys are written close together.
func (m *Mesher) faces(dst *MeshData, f block.Face, greedy bool) {
	xMajor := f == block.FacePosX || f == block.FaceNegX
	for a := range sz {
		for b := range sz {
			x, z := b, a
			if xMajor {
				x, z = a, b
			}
			m.column(dst, f, x, z, greedy)
		}
	}
}

// column handles the faces of direction f of one column.
func (m *Mesher) column(dst *MeshData, f block.Face, x, z int, greedy bool) {
	ci := (z+1)*pw + x + 1
	o, l, t := &m.opq[ci], &m.liq[ci], &m.oth[ci]
	fi := &faces[f]
	var no, nl *colMask
	if fi.colOffset != 0 {
		no, nl = &m.opq[ci+fi.colOffset], &m.liq[ci+fi.colOffset]
	}
	side := fi.colOffset != 0
	var col []byte
	var front [9]*colMask
	var dy, rowBase, rowMul, rbit int
	for i := m.wlo; i <= m.whi; i++ {
		var fo, fl, ft uint64
		switch f {
		case block.FacePosY:
			uo := o[i]>>1 | o[i+1]<<63
			ul := l[i]>>1 | l[i+1]<<63
			fo, fl, ft = o[i]&^uo, l[i]&^ul, t[i]&^uo // a lowered water surface shows under any block
		case block.FaceNegY:
			var po, pl uint64
			if i > 0 {
				po, pl = o[i-1]>>63, l[i-1]>>63
			}
			do, dl := o[i]<<1|po, l[i]<<1|pl
			fo, fl, ft = o[i]&^do, l[i]&^(dl|do), t[i]&^do
		default:
			fo, fl, ft = o[i]&^no[i], l[i]&^(nl[i]|no[i]), t[i]&^no[i]
		}
		if i == 0 {
			fo &^= 1 // the voxel below the world
		}
		all := fo | fl | ft
		if all == 0 {
			continue
		}
		if col == nil {
			col = m.nb[4][chunk.ColumnIndex(x, z):][:ht]
			dy, rowBase, rowMul, rbit = m.setup(f, x, z, ci, &front)
		}
		if !greedy {
			n := bits.OnesCount64(all)
			dst.Opaque.reserve(n)
			dst.Translucent.reserve(n)
		}
		for w := all; w != 0; w &= w - 1 {
			tz := uint(bits.TrailingZeros64(w))
			b := i<<6 | int(tz)
			y := b - 1
			id := col[y&(ht-1)]
			var low uint32
			if fl>>tz&1 != 0 {
				if f == block.FacePosY || (f != block.FaceNegY && (y == ht-1 || liquidBit[col[(y+1)&(ht-1)]] == 0)) {
					low = 1
				}
			} else if ft>>tz&1 != 0 && cullSelf[id] {
				n := fi.normal
				if m.idAt(x+n[0], y+n[1], z+n[2]) == id {
					continue
				}
			}
			var idx uint32
			if side {
				idx = get3(front[0], b-1) | get3(front[1], b-1)<<3 | get3(front[2], b-1)<<6
			} else {
				bb := b + dy
				idx = bit(front[0], bb) | bit(front[1], bb)<<1 | bit(front[2], bb)<<2 |
					bit(front[3], bb)<<3 | bit(front[4], bb)<<4 | bit(front[5], bb)<<5 |
					bit(front[6], bb)<<6 | bit(front[7], bb)<<7 | bit(front[8], bb)<<8
			}
			a := aoTable[idx&511]
			if greedy {
				ri := rowBase + y*rowMul
				m.rows[ri] |= 1 << uint(rbit)
				m.keys[ri<<chunk.SizeShift|rbit] = uint16(id) | uint16(low)<<7 | uint16(a)<<8
				m.used[ri>>6] |= 1 << uint(ri&63)
				continue
			}
			out := &dst.Opaque
			if layerOf[id] == block.LayerTranslucent {
				out = &dst.Translucent
			}
			out.unitQuad(fi, packPos(x, y, z), tileOf[id][f], a, low)
		}
	}
}

// setup prepares column() for the faces of one column: the opacity
// columns in front of the face, for ambient occlusion (side faces read
// three columns along V at three heights, top and bottom faces nine
// columns at one height, dy above or below), and the greedy layout of the
// column's faces (see sliceDims): row index rowBase + y*rowMul, bit rbit.
func (m *Mesher) setup(f block.Face, x, z, ci int, front *[9]*colMask) (dy, rowBase, rowMul, rbit int) {
	if off := faces[f].colOffset; off != 0 {
		cf, step := ci+off, pw
		if f >= block.FacePosZ {
			step = 1
		}
		front[0], front[1], front[2] = &m.opq[cf-step], &m.opq[cf], &m.opq[cf+step]
	} else {
		dy = 1
		if f == block.FaceNegY {
			dy = -1
		}
		for dv := -1; dv <= 1; dv++ {
			c := ci + dv
			front[3*dv+3], front[3*dv+4], front[3*dv+5] = &m.opq[c-pw], &m.opq[c], &m.opq[c+pw]
		}
	}
	switch f {
	case block.FacePosX, block.FaceNegX:
		return dy, x * ht, 1, z
	case block.FacePosZ, block.FaceNegZ:
		return dy, z * ht, 1, x
	}
	return dy, z, sz, x
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

// unitQuad appends a one-block face; the caller has reserved room.
func (b *Buffers) unitQuad(fi *faceInfo, pos, tile uint32, ao uint8, low uint32) {
	n := len(b.Vertices)
	vs := b.Vertices[n : n+4 : n+4]
	base1 := tile
	lowMask := -low
	var a [4]uint32
	for k := range 4 {
		a[k] = uint32(ao) >> fi.aoShift[k] & 3
		vs[k] = Vertex{pos + fi.unitD0[k], base1 | fi.unitD1[k] | a[k]<<AOShift | fi.lowered[k]&lowMask}
	}
	b.Vertices = b.Vertices[:n+4]
	b.indices(uint32(n), a[0]+a[2] < a[1]+a[3])
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
