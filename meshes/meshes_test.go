package meshes

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

func TestMeshes(t *testing.T) {
	tests := []struct {
		name              string
		data              Data
		vertices, indices int
		bounds            vmath.AABB
		outward           func(v DefaultVertex) bool // whether the vertex's normal is the surface's outward one
		loose             bool                       // bounds may exceed the vertices (a coarse sphere inside its sphere's box)
	}{
		{
			name: "cube", data: Cube(2), vertices: 24, indices: 36,
			bounds: vmath.AABB{Min: vmath.Vec3{-1, -1, -1}, Max: vmath.Vec3{1, 1, 1}},
			// On the face the normal names, facing away from the centre.
			outward: func(v DefaultVertex) bool { return v.Normal.Dot(v.Position) == 1 },
		},
		{
			name: "plane", data: Plane(4), vertices: 4, indices: 6,
			bounds:  vmath.AABB{Min: vmath.Vec3{-2, 0, -2}, Max: vmath.Vec3{2, 0, 2}},
			outward: func(v DefaultVertex) bool { return v.Normal == vmath.Vec3{0, 1, 0} },
		},
		{
			name: "sphere", data: Sphere(1.5, 12, 6), vertices: 13 * 7, indices: 6 * 12 * 5,
			bounds:  vmath.AABB{Min: vmath.Vec3{-1.5, -1.5, -1.5}, Max: vmath.Vec3{1.5, 1.5, 1.5}},
			outward: radial,
		},
		{
			name: "sphere below minimum tessellation", data: Sphere(1, 1, 1), vertices: 4 * 3, indices: 6 * 3 * 1,
			bounds:  vmath.AABB{Min: vmath.Vec3{-1, -1, -1}, Max: vmath.Vec3{1, 1, 1}},
			outward: radial, loose: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.data
			if len(d.Vertices)%VertexSize != 0 {
				t.Fatalf("vertex bytes %d are not a multiple of %d", len(d.Vertices), VertexSize)
			}
			if got := d.VertexCount(); got != tt.vertices {
				t.Errorf("vertices = %d, want %d", got, tt.vertices)
			}
			if len(d.Indices) != tt.indices || len(d.Indices)%3 != 0 {
				t.Errorf("indices = %d, want %d (a multiple of 3)", len(d.Indices), tt.indices)
			}
			if d.Bounds != tt.bounds {
				t.Errorf("bounds = %v, want %v", d.Bounds, tt.bounds)
			}
			// Every vertex lies in the bounds and the bounds are tight.
			lo, hi := vmath.Vec3{inf, inf, inf}, vmath.Vec3{-inf, -inf, -inf}
			for i := range d.VertexCount() {
				v := ReadVertex(d.Vertices, i)
				lo, hi = lo.Min(v.Position), hi.Max(v.Position)
				if l := v.Normal.Len(); !near(l, 1, 1e-5) {
					t.Errorf("vertex %d: normal %v has length %v", i, v.Normal, l)
				}
				if !tt.outward(v) {
					t.Errorf("vertex %d at %v: normal %v does not point outward", i, v.Position, v.Normal)
				}
				if tan := v.Tangent.Vec3(); !near(tan.Len(), 1, 1e-5) || !near(tan.Dot(v.Normal), 0, 1e-5) {
					t.Errorf("vertex %d: tangent %v is not a unit vector perpendicular to the normal %v", i, tan, v.Normal)
				}
				if v.Color != white || v.BoneWeights != boneWeight {
					t.Errorf("vertex %d: color %v weights %v, want white and full weight on bone 0", i, v.Color, v.BoneWeights)
				}
			}
			inside := lo.Min(tt.bounds.Min) == tt.bounds.Min && hi.Max(tt.bounds.Max) == tt.bounds.Max
			if !inside || (!tt.loose && (lo != tt.bounds.Min || hi != tt.bounds.Max)) {
				t.Errorf("vertices span %v..%v, want the bounds %v to hold them tightly", lo, hi, tt.bounds)
			}
			// Indices in range, and every triangle counter-clockwise seen
			// from outside: its geometric normal agrees with the vertex
			// normals, and it is not degenerate.
			n := uint32(d.VertexCount())
			for tri := 0; tri+2 < len(d.Indices); tri += 3 {
				ia, ib, ic := d.Indices[tri], d.Indices[tri+1], d.Indices[tri+2]
				if ia >= n || ib >= n || ic >= n {
					t.Fatalf("triangle %d: indices %d %d %d, only %d vertices", tri/3, ia, ib, ic, n)
				}
				a, b, c := ReadVertex(d.Vertices, int(ia)), ReadVertex(d.Vertices, int(ib)), ReadVertex(d.Vertices, int(ic))
				geo := b.Position.Sub(a.Position).Cross(c.Position.Sub(a.Position))
				if geo.Len() < 1e-6 {
					t.Errorf("triangle %d is degenerate: %v %v %v", tri/3, a.Position, b.Position, c.Position)
					continue
				}
				avg := a.Normal.Add(b.Normal).Add(c.Normal)
				if geo.Dot(avg) <= 0 {
					t.Errorf("triangle %d (%v %v %v) is clockwise seen from outside", tri/3, a.Position, b.Position, c.Position)
				}
			}
		})
	}
}

const inf = float32(math.MaxFloat32)

// radial reports whether a sphere vertex's normal is its direction from the
// centre.
func radial(v DefaultVertex) bool { return v.Normal.Dot(v.Position.Normalize()) > 0.9999 }

func near(a, b, eps float32) bool { return math.Abs(float64(a-b)) <= float64(eps) }

// TestAppendMatchesDefaultLayout checks every field lands at the offset and
// in the format formats.DefaultLayout declares, so the struct and the layout
// cannot drift apart.
func TestAppendMatchesDefaultLayout(t *testing.T) {
	v := DefaultVertex{
		Position:    vmath.Vec3{1, 2, 3},
		Normal:      vmath.Vec3{4, 5, 6},
		Tangent:     vmath.Vec4{7, 8, 9, 10},
		Color:       vmath.Vec4{11, 12, 13, 14},
		UV:          vmath.Vec2{15, 16},
		BoneIDs:     [4]int32{17, 18, -19, 20},
		BoneWeights: vmath.Vec4{21, 22, 23, 24},
	}
	b := v.Append([]byte{0xAA}) // appends, keeping what is there
	if b[0] != 0xAA || len(b) != 1+VertexSize {
		t.Fatalf("Append: %d bytes, first %#x; want the prefix kept and %d bytes added", len(b), b[0], VertexSize)
	}
	b = b[1:]
	layout := formats.DefaultLayout()
	if layout.Stride != VertexSize {
		t.Fatalf("default stride %d, VertexSize %d", layout.Stride, VertexSize)
	}
	want := map[string][]float64{
		"position": {1, 2, 3}, "normal": {4, 5, 6}, "tangent": {7, 8, 9, 10}, "color": {11, 12, 13, 14},
		"uv": {15, 16}, "bone_ids": {17, 18, -19, 20}, "bone_weights": {21, 22, 23, 24},
	}
	for _, a := range layout.Attributes {
		w, ok := want[a.Name]
		if !ok {
			t.Errorf("attribute %q of the default layout is not written by Append", a.Name)
			continue
		}
		if a.Format.Components() != len(w) {
			t.Errorf("%s: layout has %d components, DefaultVertex %d", a.Name, a.Format.Components(), len(w))
			continue
		}
		for k, x := range w {
			raw := binary.LittleEndian.Uint32(b[int(a.Offset)+4*k:])
			var got float64
			switch a.Format.BaseType() {
			case formats.BaseInt:
				got = float64(int32(raw))
			default:
				got = float64(math.Float32frombits(raw))
			}
			if got != x {
				t.Errorf("%s[%d] at offset %d = %v, want %v", a.Name, k, int(a.Offset)+4*k, got, x)
			}
		}
	}
	if back := ReadVertex(b, 0); back != v {
		t.Errorf("ReadVertex(Append(v)) = %+v, want %+v", back, v)
	}
}

func TestByName(t *testing.T) {
	tests := []struct {
		name     string
		vertices int
		err      string
	}{
		{name: "cube", vertices: 24},
		{name: "plane", vertices: 4},
		{name: "sphere", vertices: 33 * 17},
		{name: "Cube", err: `unknown built-in mesh "Cube" (valid: cube, plane, sphere)`},
		{name: "", err: `unknown built-in mesh "" (valid: cube, plane, sphere)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ByName(tt.name)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.VertexCount() != tt.vertices {
				t.Errorf("%d vertices, want %d", d.VertexCount(), tt.vertices)
			}
			if ext := d.Bounds.Max.Sub(d.Bounds.Min); !near(max(ext[0], ext[1], ext[2]), 1, 1e-6) {
				t.Errorf("extent %v, want unit size", ext)
			}
		})
	}
}

func TestNonPositiveSizePanics(t *testing.T) {
	tests := []struct {
		name string
		f    func()
	}{
		{"cube zero", func() { Cube(0) }},
		{"plane negative", func() { Plane(-1) }},
		{"sphere NaN", func() { Sphere(float32(math.NaN()), 8, 4) }},
		{"cube infinite", func() { Cube(float32(math.Inf(1))) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(p.(string), "positive") {
					t.Errorf("panic = %v, want one saying the size must be positive", p)
				}
			}()
			tt.f()
		})
	}
}

func ExampleDefaultVertex_Append() {
	// A single triangle in the default format, facing +Z.
	var vertices []byte
	for _, p := range []vmath.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		v := DefaultVertex{Position: p, Normal: vmath.Vec3{0, 0, 1}, Color: vmath.Vec4{1, 1, 1, 1}}
		vertices = v.Append(vertices)
	}
	fmt.Println(len(vertices)/VertexSize, "vertices,", len(vertices), "bytes")
	// Output: 3 vertices, 288 bytes
}
