package mesh

import "github.com/sleakgo/sleak/voxel/block"

// aoWord computes the AO of the faces of one face mask word: word i of
// grid column c, direction f. load reads the opacity words of the cells
// around the cell in front of the faces once; prepare adds two masks that
// settle most faces of a dense word without a look-up: lit, every such
// cell clear (AO byte 0xff), and dark, the four side cells opaque (AO
// byte 0).
type aoWord struct {
	g    *grid
	f    block.Face
	c, i int
	x, z int // the meshed column
	side bool
	d    int // top and bottom faces: the plane in front is bit b+d
	// raw: side faces, the words of the three columns in front (V = -1, 0,
	// 1); top and bottom faces, the nine columns around, index (dv+1)*3 +
	// du+1 with V = x and U = z
	raw [9]uint64
	// loaded: raw holds the words (else at looks each face up directly)
	loaded bool
	// prepared: n aligned so that bit b of n[(dv+1)*3 + du+1] is the cell
	// at (du, dv) for the face at bit b (aoTable's index layout)
	prepared  bool
	lit, dark uint64
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

// point binds a to the faces of direction f in word i of grid column c,
// meshed column (x, z), loading nothing: at then looks each face up on its
// own, which is cheapest for a word with one face.
func (a *aoWord) point(g *grid, f block.Face, x, z, c, i int) {
	a.g, a.f, a.c, a.i, a.prepared, a.loaded = g, f, c, i, false, false
	a.x, a.z = x, z
}

// load points a at the faces of direction f in word i of grid column c,
// meshed column (x, z), and reads the opacity words its faces' AO needs.
func (a *aoWord) load(g *grid, f block.Face, x, z, c, i int) {
	a.point(g, f, x, z, c, i)
	a.loaded = true
	nw, row := g.nw, g.p*g.nw
	switch f {
	case block.FacePosX, block.FaceNegX, block.FacePosZ, block.FaceNegZ:
		front, step := c+nw, row
		switch f {
		case block.FaceNegX:
			front = c - nw
		case block.FacePosZ:
			front, step = c+row, nw
		case block.FaceNegZ:
			front, step = c-row, nw
		}
		a.side = true
		a.raw[0], a.raw[1], a.raw[2] = g.opq[front-step+i], g.opq[front+i], g.opq[front+step+i]
	default:
		a.side, a.d = false, 1
		if f == block.FaceNegY {
			a.d = -1
		}
		o := g.opq[c+i-row-nw:]
		a.raw[0], a.raw[1], a.raw[2] = o[0], o[row], o[2*row]
		a.raw[3], a.raw[4], a.raw[5] = o[nw], o[nw+row], o[nw+2*row]
		a.raw[6], a.raw[7], a.raw[8] = o[2*nw], o[2*nw+row], o[2*nw+2*row]
	}
}

// prepare computes the lit and dark masks of the word, loading it first if
// needed.
func (a *aoWord) prepare() {
	g, c, i := a.g, a.c, a.i
	if !a.loaded {
		a.load(g, a.f, a.x, a.z, c, i)
	}
	var n [9]uint64
	if a.side {
		nw, row := g.nw, g.p*g.nw
		front, step := c+nw, row
		switch a.f {
		case block.FaceNegX:
			front = c - nw
		case block.FacePosZ:
			front, step = c+row, nw
		case block.FaceNegZ:
			front, step = c-row, nw
		}
		for dv := range 3 {
			col := front + (dv-1)*step
			n[dv*3], n[dv*3+1], n[dv*3+2] = g.shifted(col, i, -1), a.raw[dv], g.shifted(col, i, 1)
		}
	} else {
		nw, row := g.nw, g.p*g.nw
		for dv := range 3 {
			for du := range 3 {
				n[dv*3+du] = g.shifted(c+(dv-1)*nw+(du-1)*row, i, a.d)
			}
		}
	}
	a.dark = n[1] & n[3] & n[5] & n[7]
	a.lit = ^(n[0] | n[1] | n[2] | n[3] | n[5] | n[6] | n[7] | n[8])
	a.prepared = true
}

// at returns the packed AO of the face at bit b.
func (a *aoWord) at(b int) uint8 {
	s := uint(b)
	if a.prepared {
		if a.lit>>s&1 != 0 {
			return 0xff
		}
		if a.dark>>s&1 != 0 {
			return 0
		}
	}
	if !a.loaded {
		return a.g.ao(a.f, a.c, a.i, b)
	}
	if a.side {
		if t := s - 1; t < 62 {
			return aoTable[uint32(a.raw[0]>>t&7)|uint32(a.raw[1]>>t&7)<<3|uint32(a.raw[2]>>t&7)<<6]
		}
	} else if t := uint(b + a.d); t < 64 {
		r := &a.raw
		return aoTable[uint32(r[0]>>t&1)|uint32(r[1]>>t&1)<<1|uint32(r[2]>>t&1)<<2|
			uint32(r[3]>>t&1)<<3|uint32(r[5]>>t&1)<<5|
			uint32(r[6]>>t&1)<<6|uint32(r[7]>>t&1)<<7|uint32(r[8]>>t&1)<<8]
	}
	return a.g.ao(a.f, a.c, a.i, b) // across a word edge
}
