package vmath

import (
	"math"
	"testing"
	"unsafe"
)

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-4 }

func TestInverse(t *testing.T) {
	m := TRS(Vec3{1, 2, 3}, QuatEuler(0.3, -0.7, 1.1), Vec3{2, 3, 4})
	id := m.Mul(m.Inverse())
	for i, v := range Ident() {
		if !near(id[i], v) {
			t.Fatalf("m*inv(m)[%d] = %v, want %v", i, id[i], v)
		}
	}
}

func TestQuatRotateMatchesMatrix(t *testing.T) {
	q := QuatEuler(0.4, 1.2, -0.5)
	v := Vec3{1, -2, 0.5}
	a, b := q.Rotate(v), q.Mat4().MulPoint(v)
	for i := range a {
		if !near(a[i], b[i]) {
			t.Fatalf("Rotate %v != Mat4 %v", a, b)
		}
	}
}

func TestPerspectiveDepthRange(t *testing.T) {
	p := Perspective(Radians(60), 1, 0.5, 100)
	for _, tc := range []struct{ z, want float32 }{{-0.5, 0}, {-100, 1}} {
		c := p.MulVec4(Vec4{0, 0, tc.z, 1})
		if got := c[2] / c[3]; !near(got, tc.want) {
			t.Errorf("depth at z=%v: %v, want %v", tc.z, got, tc.want)
		}
	}
}

func TestFrustumCulling(t *testing.T) {
	vp := Perspective(Radians(60), 1, 0.1, 100).Mul(LookAt(Vec3{0, 0, 5}, Vec3{}, Vec3{0, 1, 0}))
	f := FrustumFromMatrix(vp)
	tests := []struct {
		name string
		box  AABB
		want bool
	}{
		{"in front", AABB{Vec3{-1, -1, -1}, Vec3{1, 1, 1}}, true},
		{"behind", AABB{Vec3{-1, -1, 6}, Vec3{1, 1, 8}}, false},
		{"far left", AABB{Vec3{-50, -1, -1}, Vec3{-40, 1, 1}}, false},
		{"beyond far", AABB{Vec3{-1, -1, -200}, Vec3{1, 1, -150}}, false},
	}
	for _, tc := range tests {
		if got := f.IntersectsAABB(tc.box); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAABBTransform(t *testing.T) {
	b := AABB{Vec3{-1, -1, -1}, Vec3{1, 1, 1}}.Transform(TRS(Vec3{10, 0, 0}, QuatAxisAngle(Vec3{0, 1, 0}, math.Pi/4), Vec3{1, 1, 1}))
	if !near(b.Max[0], 10+float32(math.Sqrt2)) || !near(b.Min[1], -1) {
		t.Fatalf("got %+v", b)
	}
}

func TestAABBUnion(t *testing.T) {
	for _, tc := range []struct{ a, b, want AABB }{
		{AABB{Vec3{0, 0, 0}, Vec3{1, 1, 1}}, AABB{Vec3{2, -1, 0.5}, Vec3{3, 0, 0.6}}, AABB{Vec3{0, -1, 0}, Vec3{3, 1, 1}}},
		{AABB{Vec3{0, 0, 0}, Vec3{4, 4, 4}}, AABB{Vec3{1, 1, 1}, Vec3{2, 2, 2}}, AABB{Vec3{0, 0, 0}, Vec3{4, 4, 4}}},
	} {
		if got := tc.a.Union(tc.b); got != tc.want {
			t.Errorf("%v.Union(%v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := tc.b.Union(tc.a); got != tc.want {
			t.Errorf("%v.Union(%v) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

// A plane a hint names is found by a shift only while a plane takes a power
// of two bytes.
func TestCullPlaneIsSixtyFourBytes(t *testing.T) {
	if n := unsafe.Sizeof(cullPlane{}); n != 64 {
		t.Errorf("cullPlane takes %d bytes, want 64", n)
	}
}

func TestCullerAgreesWithIntersectsAABB(t *testing.T) {
	f := FrustumFromMatrix(Perspective(Radians(60), 1.5, 0.1, 50).Mul(LookAt(Vec3{0, 2, 10}, Vec3{}, Vec3{0, 1, 0})))
	c := NewCuller(&f)
	// Every box starts from each kind of hint: a plane, the mark of a box
	// that passed, and values Rejects never stores.
	for _, start := range []uint8{0, 3, 5, hintPassed, 7, 8, 255} {
		hint := start // kept from box to box, as a moving box keeps it
		for x := float32(-60); x <= 60; x += 3 {
			for z := float32(-60); z <= 60; z += 3 {
				for _, y := range []float32{-30, 0, 30} {
					b := AABB{Min: Vec3{x, y, z}, Max: Vec3{x + 2, y + 5, z + 1}}
					want := !f.IntersectsAABB(b)
					h2 := start
					if got := c.Hinted(&b, h2) || c.RejectsOthers(&b, &h2); got != want {
						t.Fatalf("hint %d, box %v: Hinted or RejectsOthers %v, IntersectsAABB says %v", start, b, got, !want)
					}
					if got := c.Rejects(&b, &hint); got != want {
						t.Fatalf("box %v: Rejects %v, IntersectsAABB says %v", b, got, !want)
					}
					switch {
					case want && (hint >= 6 || !c.Outside(int(hint), &b)):
						t.Fatalf("box %v: rejected, and its hint %d names no plane that rejects it", b, hint)
					case !want && hint != hintPassed:
						t.Fatalf("box %v: passed, and its hint is %d, want %d", b, hint, hintPassed)
					}
				}
			}
		}
	}
}

// BenchmarkCullerVisible times Rejects on boxes in view, which pass every
// plane: the most a box test costs.
func BenchmarkCullerVisible(b *testing.B) {
	f := FrustumFromMatrix(Perspective(Radians(60), 1.5, 0.1, 50).Mul(LookAt(Vec3{0, 2, 10}, Vec3{}, Vec3{0, 1, 0})))
	c := NewCuller(&f)
	boxes := make([]AABB, 256)
	for i := range boxes {
		p := Vec3{float32(i%16)*0.25 - 2, float32(i/16)*0.25 - 2, 0}
		boxes[i] = AABB{Min: p, Max: p.Add(Vec3{0.2, 0.2, 0.2})}
	}
	var hint uint8
	rejected := 0
	for i := 0; b.Loop(); i++ {
		if c.Rejects(&boxes[i&255], &hint) {
			rejected++
		}
	}
	if rejected != 0 {
		b.Fatalf("%d boxes in view rejected", rejected)
	}
}
