package vmath

// AABB is an axis-aligned bounding box.
type AABB struct{ Min, Max Vec3 }

// Transform returns the box that bounds a transformed by m.
func (a AABB) Transform(m Mat4) AABB {
	// Arvo's method: each output axis is the sum of the extreme contributions.
	var out AABB
	for i := 0; i < 3; i++ {
		out.Min[i], out.Max[i] = m[12+i], m[12+i]
		for j := 0; j < 3; j++ {
			e := m[j*4+i] * a.Min[j]
			f := m[j*4+i] * a.Max[j]
			if e > f {
				e, f = f, e
			}
			out.Min[i] += e
			out.Max[i] += f
		}
	}
	return out
}

// Union returns the smallest box holding both a and b.
func (a AABB) Union(b AABB) AABB {
	for i := range 3 {
		a.Min[i] = min(a.Min[i], b.Min[i])
		a.Max[i] = max(a.Max[i], b.Max[i])
	}
	return a
}

// Center returns the middle of the box.
func (a AABB) Center() Vec3 { return a.Min.Add(a.Max).Mul(0.5) }

// Frustum holds six planes (a, b, c, d) whose positive side is inside.
type Frustum [6]Vec4

// FrustumFromMatrix extracts the planes of a view-projection matrix with
// clip depth in [0, 1].
func FrustumFromMatrix(m Mat4) Frustum {
	row := func(r int) Vec4 { return Vec4{m[r], m[4+r], m[8+r], m[12+r]} }
	r0, r1, r2, r3 := row(0), row(1), row(2), row(3)
	add := func(a, b Vec4) Vec4 { return Vec4{a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]} }
	sub := func(a, b Vec4) Vec4 { return Vec4{a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]} }
	return Frustum{add(r3, r0), sub(r3, r0), add(r3, r1), sub(r3, r1), r2, sub(r3, r2)}
}

// IntersectsAABB reports whether any part of b may be inside the frustum.
// It is conservative: a box near a corner can pass without being visible.
func (f *Frustum) IntersectsAABB(b AABB) bool {
	for _, p := range f {
		// The box corner furthest along the plane normal.
		x, y, z := b.Min[0], b.Min[1], b.Min[2]
		if p[0] >= 0 {
			x = b.Max[0]
		}
		if p[1] >= 0 {
			y = b.Max[1]
		}
		if p[2] >= 0 {
			z = b.Max[2]
		}
		if p[0]*x+p[1]*y+p[2]*z+p[3] < 0 {
			return false
		}
	}
	return true
}

// Culler is a frustum prepared for many box tests a frame. A plane n·x + d
// rejects a box when n·centre + |n|·extent + d < 0, which is
// (n+|n|)·max + (n-|n|)·min + 2d < 0: each plane is kept in that form, so
// a test is six multiply-adds on the box's corners, with no branches.
type Culler struct {
	// planes 6 and 7 repeat plane 0, so that any hint masked to 3 bits
	// names a plane.
	planes [8]cullPlane
}

type cullPlane struct {
	pos, neg Vec3 // n+|n| and n-|n|
	d2       float32
}

// outside reports whether b lies wholly on the negative side of p.
func (p *cullPlane) outside(b *AABB) bool {
	return p.pos[0]*b.Max[0]+p.pos[1]*b.Max[1]+p.pos[2]*b.Max[2]+
		p.neg[0]*b.Min[0]+p.neg[1]*b.Min[1]+p.neg[2]*b.Min[2]+p.d2 < 0
}

// NewCuller prepares f for Rejects.
func NewCuller(f *Frustum) Culler {
	var c Culler
	for i := range c.planes {
		p := f[0]
		if i < 6 {
			p = f[i]
		}
		a := Vec3{Abs32(p[0]), Abs32(p[1]), Abs32(p[2])}
		c.planes[i] = cullPlane{pos: Vec3{p[0] + a[0], p[1] + a[1], p[2] + a[2]}, neg: Vec3{p[0] - a[0], p[1] - a[1], p[2] - a[2]}, d2: 2 * p[3]}
	}
	return c
}

// Rejects reports whether box b lies wholly outside one of the planes: the
// complement of Frustum.IntersectsAABB, as conservative. It tests plane
// *hint first and, on a rejection, stores there the plane that rejected b:
// what was outside a plane last frame almost always is again, so a box kept
// with its hint costs one plane test while it stays culled (plane
// coherency). Any hint value is safe.
func (c *Culler) Rejects(b *AABB, hint *uint8) bool {
	return c.Hinted(b, *hint) || c.RejectsOthers(b, hint)
}

// RejectsOthers is Rejects without its first test, for a caller that has
// made it with Hinted: the other planes, storing in *hint the one that
// rejects b.
func (c *Culler) RejectsOthers(b *AABB, hint *uint8) bool {
	// The corners are read once, into registers, for all six planes. The
	// plane test is outside's, written out: a helper taking the six
	// values would make Hinted too costly for the compiler to inline.
	x0, y0, z0, x1, y1, z1 := b.Min[0], b.Min[1], b.Min[2], b.Max[0], b.Max[1], b.Max[2]
	h := *hint & 7
	for i := range uint8(6) {
		p := &c.planes[i]
		if i != h && p.pos[0]*x1+p.pos[1]*y1+p.pos[2]*z1+p.neg[0]*x0+p.neg[1]*y0+p.neg[2]*z0+p.d2 < 0 {
			*hint = i
			return true
		}
	}
	return false
}

// Hinted reports whether the plane hint names (as Rejects keeps it)
// rejects b: Rejects' first test alone, small enough to be inlined, so
// that a loop over many boxes that mostly stay culled can write
//
//	rejected := c.Hinted(b, *hint) || c.RejectsOthers(b, hint)
//
// and pay no call for them, nor a second test of that plane for the rest.
func (c *Culler) Hinted(b *AABB, hint uint8) bool {
	return c.planes[hint&7].outside(b)
}

// Outside reports whether b is wholly on the negative side of plane i (0
// to 5, in FrustumFromMatrix's order: left, right, bottom, top, near, far).
func (c *Culler) Outside(i int, b *AABB) bool {
	return c.planes[i%6].outside(b)
}
