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
// rejects a box when n·centre + |n|·extent + d < 0. Doubled, with s the
// sum of the box's corners and e their difference, that is n·s + 2d +
// |n|·e < 0, or (n+|n|)·max + (n-|n|)·min + 2d < 0. Each plane is kept in
// both forms, because boxes differ in what they need:
//   - A box rejected last time is tested first against the plane that
//     rejected it, which mostly rejects it again: six multiply-adds on the
//     corners, no branch.
//   - Any other box mostly passes: |n|·e is never negative, so a box whose
//     centre is on the inner side of a plane (n·s + 2d >= 0) passes it on
//     three multiply-adds, and only the others pay for the extent.
type Culler struct {
	planes [6]cullPlane
}

type cullPlane struct {
	n, abs   Vec3 // the normal and its absolute value
	pos, neg Vec3 // n+|n| and n-|n|
	d2       float32
	// Padding to 64 bytes makes finding the plane a box's hint names a
	// shift instead of a multiplication: a visible entity's gather is 1 to
	// 2 % faster for it on one processor.
	_ [3]float32
}

// hintPassed is the hint of a box that passed every plane last time.
// Hints 0 to 5 name the plane that rejected it; larger ones name none.
const hintPassed = 6

// outside reports whether b lies wholly on the negative side of p, for a
// box that p mostly rejects.
func (p *cullPlane) outside(b *AABB) bool {
	return p.pos[0]*b.Max[0]+p.pos[1]*b.Max[1]+p.pos[2]*b.Max[2]+
		p.neg[0]*b.Min[0]+p.neg[1]*b.Min[1]+p.neg[2]*b.Min[2]+p.d2 < 0
}

// rejects is outside for a box that mostly passes p, whose corners' sum
// (sx, sy, sz) the caller made once for several planes.
func (p *cullPlane) rejects(sx, sy, sz float32, b *AABB) bool {
	t := p.n[0]*sx + p.n[1]*sy + p.n[2]*sz + p.d2
	return t < 0 && t+p.abs[0]*(b.Max[0]-b.Min[0])+p.abs[1]*(b.Max[1]-b.Min[1])+p.abs[2]*(b.Max[2]-b.Min[2]) < 0
}

// NewCuller prepares f for Rejects.
func NewCuller(f *Frustum) Culler {
	var c Culler
	for i, p := range *f {
		n, a := Vec3{p[0], p[1], p[2]}, Vec3{Abs32(p[0]), Abs32(p[1]), Abs32(p[2])}
		c.planes[i] = cullPlane{n: n, abs: a, pos: n.Add(a), neg: n.Sub(a), d2: 2 * p[3]}
	}
	return c
}

// Rejects reports whether box b lies wholly outside one of the planes: the
// complement of Frustum.IntersectsAABB, as conservative. *hint is what the
// box's last test found, and Rejects keeps it: the plane that rejected
// the box, tested first, since what was outside a plane last frame almost
// always is again (plane coherency), so a box that stays culled costs one
// plane test; or that the box passed, so that it is spared that first
// test. Any hint value is safe; a new box's hint may be 0.
func (c *Culler) Rejects(b *AABB, hint *uint8) bool {
	return c.Hinted(b, *hint) || c.RejectsOthers(b, hint)
}

// RejectsOthers is Rejects without its first test, for a caller that has
// made it with Hinted: the other planes, keeping in *hint the one that
// rejects b or that none did.
func (c *Culler) RejectsOthers(b *AABB, hint *uint8) bool {
	// The corners' sum is made once for all six planes, and the planes are
	// written out: a loop would spend as many instructions on finding each
	// plane as on testing it.
	sx, sy, sz := b.Min[0]+b.Max[0], b.Min[1]+b.Max[1], b.Min[2]+b.Max[2]
	h := *hint
	p := &c.planes
	var i uint8
	switch {
	case h != 0 && p[0].rejects(sx, sy, sz, b):
		i = 0
	case h != 1 && p[1].rejects(sx, sy, sz, b):
		i = 1
	case h != 2 && p[2].rejects(sx, sy, sz, b):
		i = 2
	case h != 3 && p[3].rejects(sx, sy, sz, b):
		i = 3
	case h != 4 && p[4].rejects(sx, sy, sz, b):
		i = 4
	case h != 5 && p[5].rejects(sx, sy, sz, b):
		i = 5
	default:
		// Stored only on a change: a box that stays in view leaves its
		// cache line clean.
		if h != hintPassed {
			*hint = hintPassed
		}
		return false
	}
	*hint = i
	return true
}

// Hinted reports whether the plane hint names (as Rejects keeps it)
// rejects b, false when it names none: Rejects' first test alone, small enough to be inlined, so
// that a loop over many boxes that mostly stay culled can write
//
//	rejected := c.Hinted(b, *hint) || c.RejectsOthers(b, hint)
//
// and pay no call for them, nor a second test of that plane for the rest.
func (c *Culler) Hinted(b *AABB, hint uint8) bool {
	return hint < 6 && c.planes[hint].outside(b)
}

// Outside reports whether b is wholly on the negative side of plane i (0
// to 5, in FrustumFromMatrix's order: left, right, bottom, top, near, far).
func (c *Culler) Outside(i int, b *AABB) bool {
	return c.planes[i%6].outside(b)
}
