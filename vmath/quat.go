package vmath

import "math"

// Quat is a rotation quaternion (x, y, z, w).
type Quat [4]float32

// QuatIdent is the identity rotation.
func QuatIdent() Quat { return Quat{0, 0, 0, 1} }

// QuatAxisAngle returns the rotation of angle radians about axis.
func QuatAxisAngle(axis Vec3, angle float32) Quat {
	a := axis.Normalize()
	s := float32(math.Sin(float64(angle) / 2))
	return Quat{a[0] * s, a[1] * s, a[2] * s, float32(math.Cos(float64(angle) / 2))}
}

// QuatEuler returns the rotation by x, then y, then z radians about the
// fixed axes (q = qz * qy * qx).
func QuatEuler(x, y, z float32) Quat {
	return QuatAxisAngle(Vec3{0, 0, 1}, z).Mul(QuatAxisAngle(Vec3{0, 1, 0}, y)).Mul(QuatAxisAngle(Vec3{1, 0, 0}, x))
}

// Mul returns q*r (r is applied first).
func (q Quat) Mul(r Quat) Quat {
	return Quat{
		q[3]*r[0] + q[0]*r[3] + q[1]*r[2] - q[2]*r[1],
		q[3]*r[1] - q[0]*r[2] + q[1]*r[3] + q[2]*r[0],
		q[3]*r[2] + q[0]*r[1] - q[1]*r[0] + q[2]*r[3],
		q[3]*r[3] - q[0]*r[0] - q[1]*r[1] - q[2]*r[2],
	}
}

// Rotate applies q to v.
func (q Quat) Rotate(v Vec3) Vec3 {
	u := Vec3{q[0], q[1], q[2]}
	t := u.Cross(v).Mul(2)
	return v.Add(t.Mul(q[3])).Add(u.Cross(t))
}

// Mat4 returns the rotation matrix of q.
func (q Quat) Mat4() Mat4 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return Mat4{
		1 - 2*(y*y+z*z), 2 * (x*y + z*w), 2 * (x*z - y*w), 0,
		2 * (x*y - z*w), 1 - 2*(x*x+z*z), 2 * (y*z + x*w), 0,
		2 * (x*z + y*w), 2 * (y*z - x*w), 1 - 2*(x*x+y*y), 0,
		0, 0, 0, 1,
	}
}

// Nlerp blends q towards r by t along the shorter arc and normalizes the
// result: the interpolation of keyframed rotations, which for the small
// steps between keys differs from a spherical blend by far less than a
// degree and costs no trigonometry.
func (q Quat) Nlerp(r Quat, t float32) Quat {
	if q[0]*r[0]+q[1]*r[1]+q[2]*r[2]+q[3]*r[3] < 0 {
		r = Quat{-r[0], -r[1], -r[2], -r[3]}
	}
	var o Quat
	for i := range o {
		o[i] = q[i] + (r[i]-q[i])*t
	}
	return o.Normalize()
}

// Normalize returns q scaled to unit length, or the identity for a zero q.
func (q Quat) Normalize() Quat {
	l := float32(math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])))
	if l == 0 {
		return QuatIdent()
	}
	return Quat{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}
