package mesh

import (
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
)

// maxExtent is the longest side of a greedy quad: the texture coordinates
// have 6 bits. Only vertical runs on side faces can be longer than a chunk.
const maxExtent = 1<<UBits - 1

// Greedy faces are collected (by Mesher.column) per face direction into
// slices of rows of bits, with a key (block ID, lowered bit, AO byte) per
// bit:
//
//	±X: slice x, row y, bit z
//	±Z: slice z, row y, bit x
//	±Y: slice y, row z, bit x
//
// so rows run along the face's U axis and bits along its V axis.
func sliceDims(f block.Face) (slices, rows int) {
	if f == block.FacePosY || f == block.FaceNegY {
		return ht, sz
	}
	return sz, ht
}

// greedy merges and emits the collected faces of direction f, leaving the
// rows and the used bits zero.
func (m *Mesher) greedy(dst *MeshData, f block.Face) {
	_, rows := sliceDims(f)
	fi := &faces[f]
	for wi, w := range m.used {
		if w == 0 {
			continue
		}
		m.used[wi] = 0
		for ; w != 0; w &= w - 1 {
			ri := wi<<6 | bits.TrailingZeros64(w)
			s, r := ri/rows, ri%rows
			base := s * rows
			for m.rows[ri] != 0 {
				row := m.rows[ri]
				b0 := bits.TrailingZeros32(row)
				keys := m.keys[ri*sz : ri*sz+sz]
				k := keys[b0]
				a := uint8(k >> 8)
				b1 := b0 + 1
				if canMergeV[a] {
					for b1 < sz && row>>uint(b1)&1 != 0 && keys[b1] == k {
						b1++
					}
				}
				run := uint32((uint64(1)<<uint(b1-b0) - 1) << uint(b0))
				r1 := r + 1
				if canMergeU[a] {
				grow:
					for r1 < rows && r1-r < maxExtent && m.rows[base+r1]&run == run {
						nk := m.keys[(base+r1)*sz:][:sz]
						for b := b0; b < b1; b++ {
							if nk[b] != k {
								break grow
							}
						}
						r1++
					}
				}
				for rr := r; rr < r1; rr++ {
					m.rows[base+rr] &^= run
				}
				var x, y, z int
				switch f {
				case block.FacePosX, block.FaceNegX:
					x, y, z = s, r, b0
				case block.FacePosZ, block.FaceNegZ:
					x, y, z = b0, r, s
				default:
					x, y, z = b0, s, r
				}
				id := byte(k & 127)
				out := &dst.Opaque
				if layerOf[id] == block.LayerTranslucent {
					out = &dst.Translucent
				}
				out.reserve(1)
				out.quad(fi, packPos(x, y, z), tileOf[id][f], a, uint32(k>>7&1), uint32(r1-r), uint32(b1-b0))
			}
		}
	}
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
