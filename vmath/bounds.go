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
