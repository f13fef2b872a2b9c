package mesh

import "github.com/sleakgo/sleak/voxel/block"

// aoWord holds what the AO of the faces of one face mask word needs: the
// opacity of the cells around the cell in front of each face, aligned so
// that bit b of n[(dv+1)*3 + du+1] is the cell at (du, dv) for the face at
// bit b (the layout of aoTable's index), and two masks that settle most
// faces without a look-up: lit, every such cell clear (AO byte 0xff), and
// dark, the four side cells opaque (AO byte 0).
type aoWord struct {
	n         [9]uint64
	lit, dark uint64
	// side faces: the raw words of the three columns in front, for a
	// cheaper look-up away from word edges
	side       bool
	r0, r1, r2 uint64
}

// shifted returns word i of column col shifted so that bit b holds voxel
// b+d (d in -1..1), reading across word edges: below the column is floor,
// above it air.
func (g *grid) shifted(col, i, d int) uint64 {
	w := g.opq[col+i]
	switch d {
	case -1:
		prev := g.floor
		if i > 0 {
			prev = g.opq[col+i-1]
		}
		return w<<1 | prev>>63
	case 1:
		var next uint64
		if i+1 < g.nw {
			next = g.opq[col+i+1]
		}
		return w>>1 | next<<63
	}
	return w
}

// prepare fills a for the faces of direction f in word i of grid column c.
func (a *aoWord) prepare(g *grid, f block.Face, c, i int) {
	nw, row := g.nw, g.p*g.nw
	switch f {
	case block.FacePosX, block.FaceNegX, block.FacePosZ, block.FaceNegZ:
		// U is y (the bits), V the columns across the front
		front, step := c+nw, row
		switch f {
		case block.FaceNegX:
			front = c - nw
		case block.FacePosZ:
			front, step = c+row, nw
		case block.FaceNegZ:
			front, step = c-row, nw
		}
		for dv := range 3 {
			col := front + (dv-1)*step
			for du := range 3 {
				a.n[dv*3+du] = g.shifted(col, i, du-1)
			}
		}
		a.side = true
		a.r0, a.r1, a.r2 = g.opq[front-step+i], g.opq[front+i], g.opq[front+step+i]
		a.dark = a.n[3] & a.n[5] & a.n[1] & a.n[7]
	default:
		// the plane above (+y) or below (-y): V is x, U is z
		d := 1
		if f == block.FaceNegY {
			d = -1
		}
		for dv := range 3 {
			for du := range 3 {
				a.n[dv*3+du] = g.shifted(c+(dv-1)*nw+(du-1)*row, i, d)
			}
		}
		a.side = false
		a.dark = a.n[1] & a.n[3] & a.n[5] & a.n[7]
	}
	a.lit = ^(a.n[0] | a.n[1] | a.n[2] | a.n[3] | a.n[5] | a.n[6] | a.n[7] | a.n[8])
}

// at returns the packed AO of the face at bit b.
func (a *aoWord) at(b int) uint8 {
	s := uint(b)
	if a.lit>>s&1 != 0 {
		return 0xff
	}
	if a.dark>>s&1 != 0 {
		return 0
	}
	if a.side && s-1 < 62 {
		t := s - 1
		return aoTable[uint32(a.r0>>t&7)|uint32(a.r1>>t&7)<<3|uint32(a.r2>>t&7)<<6]
	}
	n := &a.n
	return aoTable[uint32(n[0]>>s&1)|uint32(n[1]>>s&1)<<1|uint32(n[2]>>s&1)<<2|
		uint32(n[3]>>s&1)<<3|uint32(n[5]>>s&1)<<5|
		uint32(n[6]>>s&1)<<6|uint32(n[7]>>s&1)<<7|uint32(n[8]>>s&1)<<8]
}
