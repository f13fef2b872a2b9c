package vmath

import "math"

// Mat4 is a column-major 4x4 matrix: element (row r, column c) is m[c*4+r].
type Mat4 [16]float32

// Ident returns the identity matrix.
func Ident() Mat4 { return Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1} }

// Mul returns a*b (b is applied first).
func (a Mat4) Mul(b Mat4) Mat4 {
	var m Mat4
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			m[c*4+r] = a[r]*b[c*4] + a[4+r]*b[c*4+1] + a[8+r]*b[c*4+2] + a[12+r]*b[c*4+3]
		}
	}
	return m
}

// MulVec4 returns a*v.
func (a Mat4) MulVec4(v Vec4) Vec4 {
	return Vec4{
		a[0]*v[0] + a[4]*v[1] + a[8]*v[2] + a[12]*v[3],
		a[1]*v[0] + a[5]*v[1] + a[9]*v[2] + a[13]*v[3],
		a[2]*v[0] + a[6]*v[1] + a[10]*v[2] + a[14]*v[3],
		a[3]*v[0] + a[7]*v[1] + a[11]*v[2] + a[15]*v[3],
	}
}

// MulPoint transforms a point (w=1) and drops w without a divide.
func (a Mat4) MulPoint(p Vec3) Vec3 { return a.MulVec4(p.Vec4(1)).Vec3() }

// Translate returns a translation matrix.
func Translate(t Vec3) Mat4 {
	m := Ident()
	m[12], m[13], m[14] = t[0], t[1], t[2]
	return m
}

// Scale returns a scale matrix.
func Scale(s Vec3) Mat4 {
	return Mat4{s[0], 0, 0, 0, 0, s[1], 0, 0, 0, 0, s[2], 0, 0, 0, 0, 1}
}

// TRS returns translate * rotate * scale.
func TRS(t Vec3, r Quat, s Vec3) Mat4 {
	m := r.Mat4()
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			m[c*4+row] *= s[c]
		}
	}
	m[12], m[13], m[14] = t[0], t[1], t[2]
	return m
}

// Perspective returns a right-handed projection with clip depth in [0, 1] and
// clip-space y pointing up. fovY is in radians.
func Perspective(fovY, aspect, near, far float32) Mat4 {
	f := float32(1 / math.Tan(float64(fovY)/2))
	var m Mat4
	m[0] = f / aspect
	m[5] = f
	m[10] = far / (near - far)
	m[11] = -1
	m[14] = near * far / (near - far)
	return m
}

// Ortho returns a right-handed orthographic projection with clip depth in [0, 1].
func Ortho(left, right, bottom, top, near, far float32) Mat4 {
	m := Ident()
	m[0] = 2 / (right - left)
	m[5] = 2 / (top - bottom)
	m[10] = 1 / (near - far)
	m[12] = -(right + left) / (right - left)
	m[13] = -(top + bottom) / (top - bottom)
	m[14] = near / (near - far)
	return m
}

// LookAt returns a right-handed view matrix looking from eye at target.
func LookAt(eye, target, up Vec3) Mat4 {
	f := target.Sub(eye).Normalize()
	if Abs32(f.Dot(up.Normalize())) > 0.999 {
		// Looking straight along up: any perpendicular up vector will do.
		up = Vec3{0, 0, 1}
		if Abs32(f[2]) > 0.999 {
			up = Vec3{1, 0, 0}
		}
	}
	s := f.Cross(up).Normalize()
	u := s.Cross(f)
	return Mat4{
		s[0], u[0], -f[0], 0,
		s[1], u[1], -f[1], 0,
		s[2], u[2], -f[2], 0,
		-s.Dot(eye), -u.Dot(eye), f.Dot(eye), 1,
	}
}

// Inverse returns the inverse of a general 4x4 matrix, or the identity when
// a is singular.
func (a Mat4) Inverse() Mat4 {
	var inv Mat4
	inv[0] = a[5]*a[10]*a[15] - a[5]*a[11]*a[14] - a[9]*a[6]*a[15] + a[9]*a[7]*a[14] + a[13]*a[6]*a[11] - a[13]*a[7]*a[10]
	inv[4] = -a[4]*a[10]*a[15] + a[4]*a[11]*a[14] + a[8]*a[6]*a[15] - a[8]*a[7]*a[14] - a[12]*a[6]*a[11] + a[12]*a[7]*a[10]
	inv[8] = a[4]*a[9]*a[15] - a[4]*a[11]*a[13] - a[8]*a[5]*a[15] + a[8]*a[7]*a[13] + a[12]*a[5]*a[11] - a[12]*a[7]*a[9]
	inv[12] = -a[4]*a[9]*a[14] + a[4]*a[10]*a[13] + a[8]*a[5]*a[14] - a[8]*a[6]*a[13] - a[12]*a[5]*a[10] + a[12]*a[6]*a[9]
	inv[1] = -a[1]*a[10]*a[15] + a[1]*a[11]*a[14] + a[9]*a[2]*a[15] - a[9]*a[3]*a[14] - a[13]*a[2]*a[11] + a[13]*a[3]*a[10]
	inv[5] = a[0]*a[10]*a[15] - a[0]*a[11]*a[14] - a[8]*a[2]*a[15] + a[8]*a[3]*a[14] + a[12]*a[2]*a[11] - a[12]*a[3]*a[10]
	inv[9] = -a[0]*a[9]*a[15] + a[0]*a[11]*a[13] + a[8]*a[1]*a[15] - a[8]*a[3]*a[13] - a[12]*a[1]*a[11] + a[12]*a[3]*a[9]
	inv[13] = a[0]*a[9]*a[14] - a[0]*a[10]*a[13] - a[8]*a[1]*a[14] + a[8]*a[2]*a[13] + a[12]*a[1]*a[10] - a[12]*a[2]*a[9]
	inv[2] = a[1]*a[6]*a[15] - a[1]*a[7]*a[14] - a[5]*a[2]*a[15] + a[5]*a[3]*a[14] + a[13]*a[2]*a[7] - a[13]*a[3]*a[6]
	inv[6] = -a[0]*a[6]*a[15] + a[0]*a[7]*a[14] + a[4]*a[2]*a[15] - a[4]*a[3]*a[14] - a[12]*a[2]*a[7] + a[12]*a[3]*a[6]
	inv[10] = a[0]*a[5]*a[15] - a[0]*a[7]*a[13] - a[4]*a[1]*a[15] + a[4]*a[3]*a[13] + a[12]*a[1]*a[7] - a[12]*a[3]*a[5]
	inv[14] = -a[0]*a[5]*a[14] + a[0]*a[6]*a[13] + a[4]*a[1]*a[14] - a[4]*a[2]*a[13] - a[12]*a[1]*a[6] + a[12]*a[2]*a[5]
	inv[3] = -a[1]*a[6]*a[11] + a[1]*a[7]*a[10] + a[5]*a[2]*a[11] - a[5]*a[3]*a[10] - a[9]*a[2]*a[7] + a[9]*a[3]*a[6]
	inv[7] = a[0]*a[6]*a[11] - a[0]*a[7]*a[10] - a[4]*a[2]*a[11] + a[4]*a[3]*a[10] + a[8]*a[2]*a[7] - a[8]*a[3]*a[6]
	inv[11] = -a[0]*a[5]*a[11] + a[0]*a[7]*a[9] + a[4]*a[1]*a[11] - a[4]*a[3]*a[9] - a[8]*a[1]*a[7] + a[8]*a[3]*a[5]
	inv[15] = a[0]*a[5]*a[10] - a[0]*a[6]*a[9] - a[4]*a[1]*a[10] + a[4]*a[2]*a[9] + a[8]*a[1]*a[6] - a[8]*a[2]*a[5]
	det := a[0]*inv[0] + a[1]*inv[4] + a[2]*inv[8] + a[3]*inv[12]
	if det == 0 {
		return Ident()
	}
	d := 1 / det
	for i := range inv {
		inv[i] *= d
	}
	return inv
}

// Abs32 is the absolute value of x. It clears the sign bit rather than
// comparing, which would compile to a branch: culling and sorting call it
// on values whose sign varies from one entity to the next.
func Abs32(x float32) float32 {
	return math.Float32frombits(math.Float32bits(x) &^ (1 << 31))
}
