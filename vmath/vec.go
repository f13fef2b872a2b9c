package vmath

import "math"

// Vec2 is a 2-component float32 vector.
type Vec2 [2]float32

// Vec3 is a 3-component float32 vector.
type Vec3 [3]float32

// Vec4 is a 4-component float32 vector.
type Vec4 [4]float32

// Add returns a+b.
func (a Vec3) Add(b Vec3) Vec3 { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Sub returns a-b.
func (a Vec3) Sub(b Vec3) Vec3 { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Mul returns a scaled by s.
func (a Vec3) Mul(s float32) Vec3 { return Vec3{a[0] * s, a[1] * s, a[2] * s} }

// MulVec returns the component-wise product.
func (a Vec3) MulVec(b Vec3) Vec3 { return Vec3{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }

// Lerp blends from a (t = 0) to b (t = 1).
func (a Vec3) Lerp(b Vec3, t float32) Vec3 { return a.Add(b.Sub(a).Mul(t)) }

// Dot returns the dot product.
func (a Vec3) Dot(b Vec3) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// Cross returns the cross product a x b.
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Len returns the Euclidean length.
func (a Vec3) Len() float32 { return float32(math.Sqrt(float64(a.Dot(a)))) }

// Normalize returns a scaled to unit length, or a unchanged when it is zero.
func (a Vec3) Normalize() Vec3 {
	l := a.Len()
	if l == 0 {
		return a
	}
	return a.Mul(1 / l)
}

// Min returns the component-wise minimum.
func (a Vec3) Min(b Vec3) Vec3 {
	return Vec3{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])}
}

// Max returns the component-wise maximum.
func (a Vec3) Max(b Vec3) Vec3 {
	return Vec3{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])}
}

// Vec4 extends a with w.
func (a Vec3) Vec4(w float32) Vec4 { return Vec4{a[0], a[1], a[2], w} }

// Vec3 drops w.
func (a Vec4) Vec3() Vec3 { return Vec3{a[0], a[1], a[2]} }

// Radians converts degrees to radians.
func Radians(deg float32) float32 { return deg * math.Pi / 180 }

// Smoothstep is 0 below edge0, 1 above edge1 and a smooth Hermite curve
// between, as the shading languages define it.
func Smoothstep(edge0, edge1, x float32) float32 {
	t := min(max((x-edge0)/(edge1-edge0), 0), 1)
	return t * t * (3 - 2*t)
}
