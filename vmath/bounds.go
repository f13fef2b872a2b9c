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

// Culler is a frustum prepared for many box tests a frame: each plane
// with the absolute value of its normal, so a box test is a few multiply-adds
// with no branches (centre and extent form).
type Culler struct {
	planes [6]Vec4
	abs    [6]Vec3
}

// NewCuller prepares f for Rejects.
func NewCuller(f *Frustum) Culler {
	var c Culler
	for i, p := range f {
		c.planes[i] = p
		c.abs[i] = Vec3{Abs32(p[0]), Abs32(p[1]), Abs32(p[2])}
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
	// Centre and extent, doubled to save the halving: a plane rejects the
	// box when n·centre + |n|·extent + d < 0. The tests are written out
	// rather than called: this runs for every entity, and a call per plane
	// costs as much as the test.
	cx, cy, cz := b.Min[0]+b.Max[0], b.Min[1]+b.Max[1], b.Min[2]+b.Max[2]
	ex, ey, ez := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1], b.Max[2]-b.Min[2]
	h := int(*hint % 6)
	p, a := &c.planes[h], &c.abs[h]
	if p[0]*cx+p[1]*cy+p[2]*cz+a[0]*ex+a[1]*ey+a[2]*ez+2*p[3] < 0 {
		return true
	}
	for i := range c.planes {
		p, a := &c.planes[i], &c.abs[i]
		if p[0]*cx+p[1]*cy+p[2]*cz+a[0]*ex+a[1]*ey+a[2]*ez+2*p[3] < 0 {
			*hint = uint8(i)
			return true
		}
	}
	return false
}

// Outside reports whether b is wholly on the negative side of plane i (0
// to 5, in FrustumFromMatrix's order: left, right, bottom, top, near, far).
func (c *Culler) Outside(i int, b *AABB) bool {
	p, a := &c.planes[i%6], &c.abs[i%6]
	return p[0]*(b.Min[0]+b.Max[0])+p[1]*(b.Min[1]+b.Max[1])+p[2]*(b.Min[2]+b.Max[2])+
		a[0]*(b.Max[0]-b.Min[0])+a[1]*(b.Max[1]-b.Min[1])+a[2]*(b.Max[2]-b.Min[2])+2*p[3] < 0
}
