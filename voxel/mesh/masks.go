package mesh

import (
	"encoding/binary"
	"math/bits"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// colWords is the number of 64-bit words of a chunk column's bit set: bit
// y&63 of word y>>6 is voxel y.
const colWords = chunk.Height / 64

// Masks are the bit sets a chunk is meshed from: per column, one bit per
// voxel for each class of block. A chunk keeps its Masks beside its blocks
// and updates them with [Masks.Set] on every edit, so meshing never
// classifies voxel bytes again. 96 KiB per chunk (three planes of 4 words
// per column).
type Masks struct {
	// Opaque blocks hide their neighbours' faces and darken AO.
	Opaque [chunk.Area][colWords]uint64
	// Liquid (water) culls only against liquid and opaque blocks.
	Liquid [chunk.Area][colWords]uint64
	// Other is every other visible block that is not opaque (glass,
	// leaves).
	Other [chunk.Area][colWords]uint64
	// clear is how many voxels are in Liquid or Other: when none are, the
	// mesher skips those planes.
	clear int
}

// NewMasks returns the masks of b.
func NewMasks(b *chunk.Blocks) *Masks {
	m := new(Masks)
	m.Build(b)
	return m
}

// Build recomputes every column from b.
func (m *Masks) Build(b *chunk.Blocks) {
	m.clear = 0
	for ci := range chunk.Area {
		x, z := ci&(chunk.Size-1), ci>>chunk.SizeShift
		o, l, t := classify(b.Column(x, z))
		m.Opaque[ci], m.Liquid[ci], m.Other[ci] = o, l, t
		for w := range colWords {
			m.clear += bits.OnesCount64(l[w]) + bits.OnesCount64(t[w])
		}
	}
}

// Set records that voxel (x, y, z) is now id: the update that goes with
// [chunk.Blocks.Set]. Coordinates outside the chunk are ignored.
func (m *Masks) Set(x, y, z int, id block.ID) {
	if x < 0 || x >= chunk.Size || z < 0 || z >= chunk.Size || y < 0 || y >= chunk.Height {
		return
	}
	ci, w, bit := z<<chunk.SizeShift|x, y>>6, uint64(1)<<uint(y&63)
	if (m.Liquid[ci][w]|m.Other[ci][w])&bit != 0 {
		m.clear--
	}
	m.Opaque[ci][w] &^= bit
	m.Liquid[ci][w] &^= bit
	m.Other[ci][w] &^= bit
	switch classOf[id] {
	case classOpaque:
		m.Opaque[ci][w] |= bit
	case classLiquid:
		m.Liquid[ci][w] |= bit
		m.clear++
	case classOther:
		m.Other[ci][w] |= bit
		m.clear++
	}
}

// classify turns a column of 256 voxels into its three bit sets. Most of a
// column is long runs (air above the ground, stone below): a group of 32
// equal voxels costs four loads and a compare, a group of eight one compare
// and one table look-up; only mixed groups go voxel by voxel.
func classify(col []byte) (o, l, t [colWords]uint64) {
	col = col[:chunk.Height]
	for i := 0; i < chunk.Height; i += 32 {
		c := col[i : i+32 : i+32]
		v0 := binary.LittleEndian.Uint64(c)
		v1 := binary.LittleEndian.Uint64(c[8:])
		v2 := binary.LittleEndian.Uint64(c[16:])
		v3 := binary.LittleEndian.Uint64(c[24:])
		if v0|v1|v2|v3 == 0 {
			continue
		}
		w, sh := i>>6, uint(i&63)
		b0 := v0 & 0xff
		if r := b0 * 0x0101010101010101; v0 == r && v1 == r && v2 == r && v3 == r {
			setClass(&o[w], &l[w], &t[w], byte(b0), 0xffffffff<<sh)
			continue
		}
		for k, v := range [4]uint64{v0, v1, v2, v3} {
			if v == 0 {
				continue
			}
			s := sh + uint(k)*8
			if b := v & 0xff; v == b*0x0101010101010101 {
				setClass(&o[w], &l[w], &t[w], byte(b), 0xff<<s)
				continue
			}
			var ob, lb, tb uint64
			for j := range uint(8) {
				id := byte(v >> (8 * j))
				ob |= maskOpaque[id] << j
				lb |= liquidBit[id] << j
				tb |= maskOther[id] << j
			}
			o[w] |= ob << s
			l[w] |= lb << s
			t[w] |= tb << s
		}
	}
	return o, l, t
}

// setClass sets bits in the plane of id's class.
func setClass(o, l, t *uint64, id byte, bits uint64) {
	switch classOf[id] {
	case classOpaque:
		*o |= bits
	case classLiquid:
		*l |= bits
	case classOther:
		*t |= bits
	}
}
