package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
)

// maxExtent is the longest side of a greedy quad: the texture coordinates
// have 6 bits.
const maxExtent = 1<<UBits - 1

// Greedy merging of grids with liquid or other blocks works on the face
// masks directly (grids of opaque blocks only take greedyOpaque). A face's
// merge key is its block ID, AO byte and lowered bit, computed only for
// faces that are set in the mask. A rectangle starts at the lowest face
// left, grows first along one axis, then along the other while every face
// of the next row has its key; it only grows along a direction in which
// its AO does not change, so the merged mesh looks exactly like the plain
// one.
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
	return uint32(g.ids[base+b]) | uint32(g.ao(f, c, i, b))<<8 | g.lowered(f, c, i, b)<<16
}

// keyAt is key for a face of the word aw is loaded for.
func (g *grid) keyAt(aw *aoWord, b, base int) uint32 {
	return uint32(g.ids[base+b]) | uint32(aw.at(b))<<8 | g.lowered(aw.f, aw.c, aw.i, b)<<16
}

// emitIsolated emits the faces of rem that have no neighbour in nb as unit
// quads, the way the plain pass does, and returns the others.
func (m *Mesher) emitIsolated(dst *MeshData, g *grid, f block.Face, rem, nb uint64, aw *aoWord, base int) uint64 {
	iso := rem &^ nb
	if iso == 0 {
		return rem
	}
	if bits.OnesCount64(iso) > aoDense {
		aw.prepare()
	}
	ids := g.ids[base:][:64]
	p := uint64(packPos(aw.x, 0, aw.z)) + uint64(aw.i*64-g.yOff)<<YShift
	m.plainMixed(dst, g, f, iso, aw, ids, aw.c, aw.i, uint32(p))
	return rem &^ iso
}

// sameKey reports whether the face's key is k, reading its AO only when
// the block IDs agree.
func (g *grid) sameKey(f block.Face, c, i, b, base int, k uint32) bool {
	return uint32(g.ids[base+b]) == k&0xff && g.key(f, c, i, b, base) == k
}

// greedySide merges the faces of a side direction, slice by slice
// perpendicular to its normal; rows of a slice are columns along V.
func (m *Mesher) greedySide(dst *MeshData, g *grid, f block.Face) {
	fm := m.fm[f][:]
	w, nw, p := g.w, g.nw, g.p
	// steps to the next row along V: in fm, in the grid, and in x, z
	fstep, gstep, dx, dz := w*nw, p*nw, 0, 1
	if f == block.FacePosZ || f == block.FaceNegZ {
		fstep, gstep, dx, dz = nw, nw, 1, 0
	}
	// Words come in index order, z-major, so rows further along V are
	// always still to come.
	var aw aoWord
	m.each(f, func(kw int) {
		i := kw & (nw - 1)
		ci := &g.cols[kw>>g.nwShift]
		x, z := int(ci.x), int(ci.z)
		r := z
		if dx == 1 {
			r = x
		}
		k0 := kw - i
		c := int(ci.c)
		rem := fm[kw]
		fm[kw] = 0
		base := int(ci.id) + i*64
		// Rectangles only grow forward (up the word, to later rows), and
		// never across words: a face with no face above, below or in the
		// next row is a quad of its own.
		var next uint64
		if r+1 < w {
			next = fm[kw+fstep]
		}
		if rem&(rem-1) == 0 {
			aw.point(g, f, x, z, c, i)
		} else {
			aw.load(g, f, x, z, c, i)
		}
		rem = m.emitIsolated(dst, g, f, rem, rem<<1|rem>>1|next, &aw, base)
		for rem != 0 {
			b0 := bits.TrailingZeros64(rem)
			k := g.keyAt(&aw, b0, base)
			a := uint8(k >> 8)
			b1 := b0 + 1
			if canMergeU[a] {
				for b1 < 64 && b1-b0 < maxExtent && rem>>uint(b1)&1 != 0 && uint32(g.ids[base+b1]) == k&0xff && g.keyAt(&aw, b1, base) == k {
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
			emitQuad(dst, f, packPos(x, i*64+b0-g.yOff, z), k, uint32(b1-b0), uint32(n))
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
	fm := m.fm[f][:]
	w, nw, p := g.w, g.nw, g.p
	row := p * nw
	var aw aoWord
	m.each(f, func(kw int) {
		i := kw & (nw - 1)
		ci := &g.cols[kw>>g.nwShift]
		x, z := int(ci.x), int(ci.z)
		k0 := kw - i
		c := int(ci.c)
		rem := fm[kw]
		fm[kw] = 0
		base := int(ci.id) + i*64
		// Rectangles grow only to later columns: a face with none beside
		// it along x or z is a quad of its own.
		var next uint64
		if x+1 < w {
			next = fm[kw+nw]
		}
		if z+1 < w {
			next |= fm[kw+w*nw]
		}
		if rem&(rem-1) == 0 {
			aw.point(g, f, x, z, c, i)
		} else {
			aw.load(g, f, x, z, c, i)
		}
		rem = m.emitIsolated(dst, g, f, rem, next, &aw, base)
		for ; rem != 0; rem &= rem - 1 {
			b := bits.TrailingZeros64(rem)
			bit := uint64(1) << uint(b)
			k := g.keyAt(&aw, b, base)
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
			emitQuad(dst, f, packPos(x, i*64+b-g.yOff, z), k, uint32(nu), uint32(nv))
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
func emitQuad(dst *MeshData, f block.Face, pos, k, nu, nv uint32) {
	id := byte(k)
	out := &dst.Opaque
	if layerOf[id] == block.LayerTranslucent {
		out = &dst.Translucent
	}
	out.reserve(1)
	n := len(out.Quads)
	out.Quads = out.Quads[:n+1]
	out.Quads[n] = quadBits(f, uint8(k>>8), nu, nv) | Quad(pos) | Quad(tileOfFace[f][id])<<QuadTileShift | Quad(k>>16&1)<<QuadLoweredShift
}
