// Package occlusion finds the chunk sections that terrain may leave
// visible from the camera (cave culling). Each section's mesh records
// which of its faces are joined through non-opaque blocks
// (mesh.Connectivity); per frame a breadth-first search from the camera's
// section walks to neighbouring sections, entering one only through a face
// connected to the face it came in by, only away from the camera along
// each axis, and only where the section meets the view frustum. A line of
// sight from the camera is such a walk (it crosses the sections it passes
// in one direction per axis, through open blocks), so a section the search
// does not reach shows nothing: the search is conservative.
//
// A section is marked with each face it was entered by, and leaves by the
// faces connected to any of them, so reaching it again by a new face
// opens the further ways that face leads to; each face of each section is
// left at most once a frame.
package occlusion

import (
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

const sections = mesh.Sections

// A column's reached sections are the bits of a uint32.
var _ [32 - sections]struct{}

// column is one chunk's connectivity: exits[s][e] are the faces of
// section s connected to face e.
type column struct {
	pos   chunk.Pos
	known bool
	exits [sections][6]uint8
}

// section is a section's state in the current search.
type section struct {
	stamp   uint32
	inView  bool
	hint    uint8 // frustum plane hint
	entered uint8 // faces it was entered by; zero: not reached
	left    uint8 // faces already left by
	pending uint8 // faces to leave by when it is next taken from the queue
}

// Search is the visibility search over the sections within a radius of
// the camera. Chunks it was told nothing of read as fully open, so that
// the search never hides what lies behind a chunk still loading.
type Search struct {
	radius int
	// cols holds chunks by position modulo the side n, so that moving the
	// camera needs no copying.
	n    int
	cols []column
	// secs is the current search's window, the camera's chunk in the
	// middle: index (dx+radius) + (dz+radius)*m + s*m*m, m = 2*radius+1.
	m    int
	secs []section
	// reachedIn holds, per column of the window (index (dx+radius) +
	// (dz+radius)*m), a bit for each of its sections the search reached.
	reachedIn []uint32
	queue     []int32
	stamp     uint32
	center    [3]int // the camera's chunk x, z and section
	all       bool   // the camera is outside the world's height: no culling
	reached   int
}

// MaxRadius is the largest radius a search takes; a larger one is taken
// as MaxRadius (the queue packs window coordinates in eight bits each).
const MaxRadius = 127

// NewSearch returns a search for sections up to radius chunks from the
// camera's chunk along x and z (0 to MaxRadius).
func NewSearch(radius int) *Search {
	s := &Search{}
	s.SetRadius(radius)
	return s
}

// SetRadius changes the radius, forgetting every chunk.
func (s *Search) SetRadius(radius int) {
	radius = min(max(radius, 0), MaxRadius)
	s.radius = radius
	s.m = 2*radius + 1
	s.n = s.m + 2
	s.cols = make([]column, s.n*s.n)
	s.secs = make([]section, s.m*s.m*sections)
	s.reachedIn = make([]uint32, s.m*s.m)
	s.queue = make([]int32, 0, 6*len(s.secs))
	s.stamp = 0
}

// Radius returns the radius in chunks.
func (s *Search) Radius() int { return s.radius }

func (s *Search) slot(p chunk.Pos) *column {
	return &s.cols[s.wrap(int(p.X))+s.wrap(int(p.Z))*s.n]
}

// wrap is chunk coordinate v's row or column in cols.
func (s *Search) wrap(v int) int {
	v %= s.n
	if v < 0 {
		v += s.n
	}
	return v
}

// SetChunk records the connectivity of the sections of the chunk at p.
func (s *Search) SetChunk(p chunk.Pos, c *[sections]mesh.Connectivity) {
	col := s.slot(p)
	col.pos, col.known = p, true
	for i := range c {
		for e := range block.Face(6) {
			col.exits[i][e] = c[i].From(e)
		}
	}
}

// ForgetChunk makes the chunk at p read as fully open again.
func (s *Search) ForgetChunk(p chunk.Pos) {
	if col := s.slot(p); col.pos == p {
		col.known = false
	}
}

var allExits = [6]uint8{0x3e, 0x3d, 0x3b, 0x37, 0x2f, 0x1f}

// exits is the faces of section sec of the chunk at p, whose column is
// cols[sx+sz*n], connected to its face entry.
func (s *Search) exits(sx, sz int, p chunk.Pos, sec int, entry block.Face) uint8 {
	col := &s.cols[sx+sz*s.n]
	if !col.known || col.pos != p {
		return allExits[entry]
	}
	return col.exits[sec][entry]
}

// Run searches from eye (world position, blocks) within the frustum f.
// It allocates nothing.
//
// The loop divides nothing: the queue holds each section's window
// coordinates packed into one word rather than its index, and a window
// column's slot in cols is an offset from the window's first, wrapped by
// a subtraction. Each of a section's six faces is tried by its own
// branch, which follows the pattern of its octant of the window, rather
// than by a loop over the bits of the faces left to leave by, whose trip
// count the processor cannot foresee.
func (s *Search) Run(eye vmath.Vec3, f *vmath.Frustum) {
	s.stamp++
	if s.stamp == 0 { // wrapped: old stamps could match again
		clear(s.secs)
		s.stamp = 1
	}
	s.reached = 0
	clear(s.reachedIn)
	ex, ey, ez := floor(eye[0]), floor(eye[1]), floor(eye[2])
	cp := chunk.PosOf(ex, ez)
	s.center = [3]int{int(cp.X), int(cp.Z), ey / mesh.SectionHeight}
	s.all = ey < 0 || ey >= chunk.Height
	if s.all {
		return
	}
	r, m := s.radius, s.m
	w := walk{s: s, cull: vmath.NewCuller(f), r: r, m: m, mm: m * m, camY: s.center[2]}
	// The window's first chunk, and its column's slot in cols.
	w.wx, w.wz = s.center[0]-r, s.center[1]-r
	w.sx0, w.sz0 = s.wrap(w.wx), s.wrap(w.wz)
	s.secs[r+r*m+w.camY*w.mm] = section{stamp: s.stamp, inView: true, entered: 0x3f, pending: 0x3f}
	s.reached = 1
	s.reachedIn[r+r*m] = 1 << w.camY
	w.q = append(s.queue[:0], packSection(r, r, w.camY))
	for head := 0; head < len(w.q); head++ {
		ix, iz, iy := unpackSection(w.q[head])
		st := &s.secs[ix+iz*m+iy*w.mm]
		out := st.pending
		st.left |= out
		st.pending = 0
		if out&(1<<block.FacePosX) != 0 && ix+1 < m {
			w.enter(ix+1, iy, iz, block.FaceNegX)
		}
		if out&(1<<block.FaceNegX) != 0 && ix > 0 {
			w.enter(ix-1, iy, iz, block.FacePosX)
		}
		if out&(1<<block.FacePosY) != 0 && iy+1 < sections {
			w.enter(ix, iy+1, iz, block.FaceNegY)
		}
		if out&(1<<block.FaceNegY) != 0 && iy > 0 {
			w.enter(ix, iy-1, iz, block.FacePosY)
		}
		if out&(1<<block.FacePosZ) != 0 && iz+1 < m {
			w.enter(ix, iy, iz+1, block.FaceNegZ)
		}
		if out&(1<<block.FaceNegZ) != 0 && iz > 0 {
			w.enter(ix, iy, iz-1, block.FacePosZ)
		}
	}
	s.queue = w.q[:0]
}

// walk is one Run's state, shared by its steps.
type walk struct {
	s        *Search
	cull     vmath.Culler
	r, m, mm int
	wx, wz   int // the window's first chunk
	sx0, sz0 int // its column's slot in cols
	camY     int // the camera's section
	q        []int32
}

// enter steps into the section at window coordinates (jx, jy, jz)
// through its face entry, and queues it to be left by the faces that
// entry connects to and that lead away from the camera.
func (w *walk) enter(jx, jy, jz int, entry block.Face) {
	s := w.s
	colIn := jx + jz*w.m
	nst := &s.secs[colIn+jy*w.mm]
	if nst.stamp != s.stamp {
		hint := nst.hint
		*nst = section{stamp: s.stamp, hint: hint}
		box := s.box(jx-w.r, jy, jz-w.r)
		nst.inView = !w.cull.Rejects(&box, &nst.hint)
	}
	if !nst.inView || nst.entered&(1<<entry) != 0 {
		return
	}
	if nst.entered == 0 {
		s.reached++
		s.reachedIn[colIn] |= 1 << jy
	}
	nst.entered |= 1 << entry
	sx, sz := w.sx0+jx, w.sz0+jz
	if sx >= s.n {
		sx -= s.n
	}
	if sz >= s.n {
		sz -= s.n
	}
	p := chunk.Pos{X: int32(w.wx + jx), Z: int32(w.wz + jz)}
	more := s.exits(sx, sz, p, jy, entry) & away(jx-w.r, jy-w.camY, jz-w.r) &^ (nst.left | nst.pending)
	if more != 0 {
		if nst.pending == 0 {
			w.q = append(w.q, packSection(jx, jz, jy))
		}
		nst.pending |= more
	}
}

// packSection packs a section's window coordinates (each below 256: the
// radius is at most MaxRadius) into one queue word.
func packSection(ix, iz, iy int) int32 { return int32(ix | iz<<8 | iy<<16) }

func unpackSection(v int32) (ix, iz, iy int) {
	return int(v & 0xff), int(v >> 8 & 0xff), int(v >> 16)
}

// away is the faces a section at (dx, dy, dz) sections from the camera's
// may be left by: none that leads back towards the camera along an axis.
func away(dx, dy, dz int) uint8 {
	m := uint8(0x3f)
	if dx > 0 {
		m &^= 1 << block.FaceNegX
	} else if dx < 0 {
		m &^= 1 << block.FacePosX
	}
	if dy > 0 {
		m &^= 1 << block.FaceNegY
	} else if dy < 0 {
		m &^= 1 << block.FacePosY
	}
	if dz > 0 {
		m &^= 1 << block.FaceNegZ
	} else if dz < 0 {
		m &^= 1 << block.FacePosZ
	}
	return m
}

// box is the world box of the section dx, dz chunks from the camera's and
// sy from the bottom.
func (s *Search) box(dx, sy, dz int) vmath.AABB {
	x0, _, z0 := chunk.Pos{X: int32(s.center[0] + dx), Z: int32(s.center[1] + dz)}.Origin()
	y0 := sy * mesh.SectionHeight
	return vmath.AABB{
		Min: vmath.Vec3{float32(x0), float32(y0), float32(z0)},
		Max: vmath.Vec3{float32(x0 + chunk.Size), float32(y0 + mesh.SectionHeight), float32(z0 + chunk.Size)},
	}
}

// Visible reports whether the last Run reached section sec of the chunk
// at p: false means nothing of it can be seen from the camera. Sections
// beyond the radius, and every section while the camera is above or below
// the world, read as visible.
func (s *Search) Visible(p chunk.Pos, sec int) bool {
	if s.all || s.stamp == 0 {
		return true
	}
	dx, dz := int(p.X)-s.center[0], int(p.Z)-s.center[1]
	r := s.radius
	if dx < -r || dx > r || dz < -r || dz > r || sec < 0 || sec >= sections {
		return true
	}
	st := &s.secs[dx+r+(dz+r)*s.m+sec*s.m*s.m]
	return st.stamp == s.stamp && st.entered != 0
}

// Shades reports whether section sec of the chunk at p may cast a shadow
// on a section the last Run reached, light travelling along dir: whether
// the section's box swept along dir meets a reached section. A sweep that
// leaves the search's window reads as shading (what lies beyond it reads
// as visible); one that leaves the world's height does not. A reached
// section shades itself. Whatever the camera can see lies in a reached
// section, so a section that does not shade can be left out of the shadow
// map. It allocates nothing.
func (s *Search) Shades(p chunk.Pos, sec int, dir vmath.Vec3) bool {
	if s.Visible(p, sec) {
		return true
	}
	r := s.radius
	c := [3]int{int(p.X) - s.center[0], sec, int(p.Z) - s.center[1]}
	// dir in sections per unit of sweep
	u := [3]float32{dir[0] / chunk.Size, dir[1] / mesh.SectionHeight, dir[2] / chunk.Size}
	a := 0 // the axis the sweep moves fastest along: one slab of sections at a time
	for i := 1; i < 3; i++ {
		if abs(u[i]) > abs(u[a]) {
			a = i
		}
	}
	if u[a] == 0 {
		return false
	}
	step, inv := 1, 1/abs(u[a])
	if u[a] < 0 {
		step = -1
	}
	b0, b1 := (a+1)%3, (a+2)%3
	for k := 0; ; k++ {
		n := c[a] + step*k
		if a == 1 && (n < 0 || n >= sections) {
			return false
		}
		if a != 1 && (n < -r || n > r) {
			return true
		}
		// While the box overlaps slab n, t runs over [t0, t1]; along
		// the other axes it covers the span of both ends.
		t0, t1 := float32(max(k-1, 0))*inv, float32(k+1)*inv
		var lo, hi [3]int
		lo[a], hi[a] = n, n
		for _, i := range [2]int{b0, b1} {
			d0, d1 := t0*u[i], t1*u[i]
			lo[i] = floor(float32(c[i]) + min(d0, d1) + 1e-4)
			hi[i] = floor(float32(c[i]) + 1 + max(d0, d1) - 1e-4)
			if i == 1 {
				if hi[i] < 0 || lo[i] >= sections {
					return false // below or above the world, and going further
				}
				lo[i], hi[i] = max(lo[i], 0), min(hi[i], sections-1)
			} else if lo[i] < -r || hi[i] > r {
				return true
			}
		}
		ys := uint32(1)<<(hi[1]+1) - uint32(1)<<lo[1]
		for z := lo[2]; z <= hi[2]; z++ {
			row := s.reachedIn[(z+r)*s.m:]
			for x := lo[0]; x <= hi[0]; x++ {
				if row[x+r]&ys != 0 {
					return true
				}
			}
		}
	}
}

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// Reached is how many sections the last Run reached.
func (s *Search) Reached() int { return s.reached }

func floor(v float32) int {
	i := int(v)
	if float32(i) > v {
		i--
	}
	return i
}
