package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
)

// maxExtent is the longest side of a greedy quad: the texture coordinates
// have 6 bits.
const maxExtent = 1<<UBits - 1

// Greedy merging works on the face masks directly. A face's merge key is
// its block ID, AO byte and lowered bit, computed only for faces that are
// set in the mask. A rectangle starts at the lowest face left, grows first
// along one axis, then along the other while every face of the next row has
// its key; it only grows along a direction in which its AO does not change,
// so the merged mesh looks exactly like the plain one.
//
// Side faces grow along the column (U = y) first, a run of set bits of one
// word, then across the neighbouring columns (V). Top and bottom faces lie
// across columns: they grow along x (V) first, then along z (U).

// greedy merges and emits the faces of direction f.
func (m *Mesher) greedy(dst *MeshData, g *grid, f block.Face) {
	if f == block.FacePosY || f == block.FaceNegY {
		m.greedyFlat(dst, g, f)
	} else {
		m.greedySide(dst, g, f)
	}
}

// key is the merge key of the face at bit b of word i of grid column c;
// base is where the word's IDs start.
func (g *grid) key(f block.Face, c, i, b, base int) uint32 {
	k := uint32(g.ids[base+b]) | uint32(g.ao(f, c, i, b))<<8
	if g.mixed {
		k |= g.lowered(f, c, i, b) << 16
	}
	return k
}

// sameKey reports whether the face's key is k, reading its AO only when
// the block IDs agree.
func (g *grid) sameKey(f block.Face, c, i, b, base int, k uint32) bool {
	return uint32(g.ids[base+b]) == k&0xff && g.key(f, c, i, b, base) == k
}

// greedySide merges the faces of a side direction, slice by slice
// perpendicular to its normal; rows of a slice are columns along V.
func (m *Mesher) greedySide(dst *MeshData, g *grid, f block.Face) {
	fi := &faces[f]
	fm := m.fm[f][:]
	w, nw, p := g.w, g.nw, g.p
	// steps to the next row along V: in fm, in the grid, and in x, z
	fstep, gstep, dx, dz := w*nw, p*nw, 0, 1
	if f == block.FacePosZ || f == block.FaceNegZ {
		fstep, gstep, dx, dz = nw, nw, 1, 0
	}
	// Words come in index order, z-major, so rows further along V are
	// always still to come.
	m.each(f, func(kw int) {
		i, col := kw%nw, kw/nw
		x, z := col%w, col/w
		r := z
		if dx == 1 {
			r = x
		}
		k0 := kw - i
		c := ((z+1)*p + x + 1) * nw
		rem := fm[kw]
		fm[kw] = 0
		base := g.idBase(x, z) + i*64
		for rem != 0 {
			b0 := bits.TrailingZeros64(rem)
			k := g.key(f, c, i, b0, base)
			a := uint8(k >> 8)
			b1 := b0 + 1
			if canMergeU[a] {
				for b1 < 64 && b1-b0 < maxExtent && rem>>uint(b1)&1 != 0 && g.sameKey(f, c, i, b1, base, k) {
					b1++
				}
			}
			run := (uint64(1)<<uint(b1-b0) - 1) << uint(b0)
			rem &^= run
			n := 1
			if canMergeV[a] {
				for ; r+n < w; n++ {
					kk := k0 + i + n*fstep
					if fm[kk]&run != run || !g.rowHasKey(f, c+n*gstep, i, b0, b1, g.idBase(x+n*dx, z+n*dz)+i*64, k) {
						break
					}
					fm[kk] &^= run
				}
			}
			emitQuad(dst, fi, f, packPos(x, i*64+b0-g.yOff, z), k, uint32(b1-b0), uint32(n))
		}
	})
}

// rowHasKey reports whether faces b0..b1-1 of word i of grid column c all
// have key k.
func (g *grid) rowHasKey(f block.Face, c, i, b0, b1, base int, k uint32) bool {
	for b := b0; b < b1; b++ {
		if !g.sameKey(f, c, i, b, base, k) {
			return false
		}
	}
	return true
}

// greedyFlat merges the faces of the top or bottom direction: a slice is
// one bit position across all columns.
func (m *Mesher) greedyFlat(dst *MeshData, g *grid, f block.Face) {
	fi := &faces[f]
	fm := m.fm[f][:]
	w, nw, p := g.w, g.nw, g.p
	row := p * nw
	m.each(f, func(kw int) {
		i, col := kw%nw, kw/nw
		x, z := col%w, col/w
		k0 := kw - i
		c := ((z+1)*p + x + 1) * nw
		rem := fm[kw]
		fm[kw] = 0
		base := g.idBase(x, z) + i*64
		for ; rem != 0; rem &= rem - 1 {
			b := bits.TrailingZeros64(rem)
			bit := uint64(1) << uint(b)
			k := g.key(f, c, i, b, base)
			a := uint8(k >> 8)
			nv := 1
			if canMergeV[a] {
				for ; x+nv < w; nv++ {
					kk := k0 + nv*nw + i
					if fm[kk]&bit == 0 || !g.sameKey(f, c+nv*nw, i, b, g.idBase(x+nv, z)+i*64, k) {
						break
					}
					fm[kk] &^= bit
				}
			}
			nu := 1
			if canMergeU[a] {
				for ; z+nu < w && nu < maxExtent && m.flatRowHasKey(g, f, fm, x, z+nu, nv, i, b, c+nu*row, k); nu++ {
					for v := range nv {
						fm[k0+(nu*w+v)*nw+i] &^= bit
					}
				}
			}
			emitQuad(dst, fi, f, packPos(x, i*64+b-g.yOff, z), k, uint32(nu), uint32(nv))
		}
	})
}

// flatRowHasKey reports whether the faces at bit b of word i of the n
// columns from (x, z) along x are all left and all have key k; c is the
// grid column of (x, z).
func (m *Mesher) flatRowHasKey(g *grid, f block.Face, fm []uint64, x, z, n, i, b, c int, k uint32) bool {
	k0 := (z*g.w + x) * g.nw
	for v := range n {
		if fm[k0+v*g.nw+i]>>uint(b)&1 == 0 || !g.sameKey(f, c+v*g.nw, i, b, g.idBase(x+v, z)+i*64, k) {
			return false
		}
	}
	return true
}

// emitQuad appends a merged face of nu x nv blocks with key k.
func emitQuad(dst *MeshData, fi *faceInfo, f block.Face, pos, k, nu, nv uint32) {
	id := byte(k)
	out := &dst.Opaque
	if layerOf[id] == block.LayerTranslucent {
		out = &dst.Translucent
	}
	out.reserve(1)
	if nu == 1 && nv == 1 {
		out.unitQuad(f, pos, tileOf[id][f], uint8(k>>8), k>>16&1)
		return
	}
	out.quad(fi, pos, tileOf[id][f], uint8(k>>8), k>>16&1, nu, nv)
}

// quad appends a face of nu x nv blocks; the caller has reserved room.
func (b *Buffers) quad(fi *faceInfo, pos, tile uint32, ao uint8, low, nu, nv uint32) {
	n := len(b.Vertices)
	vs := b.Vertices[n : n+4 : n+4]
	base1 := tile | fi.normalBits
	lowMask := -low
	var a [4]uint32
	for k := range 4 {
		a[k] = uint32(ao) >> fi.aoShift[k] & 3
		d0 := pos + fi.offset + fi.cu[k]*nu*fi.uStep + fi.cv[k]*nv*fi.vStep
		d1 := base1 | fi.su[k]*nv<<UShift | fi.tu[k]*nu<<VShift | a[k]<<AOShift | fi.lowered[k]&lowMask
		vs[k] = Vertex{d0, d1}
	}
	b.Vertices = b.Vertices[:n+4]
	b.indices(uint32(n), a[0]+a[2] < a[1]+a[3])
}
