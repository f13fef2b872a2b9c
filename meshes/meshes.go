package meshes

import (
	"fmt"
	"math"
	"strings"

	"github.com/sleakgo/sleak/vmath"
)

// Data is a mesh in the default vertex format: VertexSize bytes a vertex,
// 32-bit indices, three per triangle, and the local-space bounds the render
// systems cull with.
type Data struct {
	Vertices []byte
	Indices  []uint32
	Bounds   vmath.AABB
}

// VertexCount returns the number of vertices.
func (d *Data) VertexCount() int { return len(d.Vertices) / VertexSize }

// Every built-in vertex is white, so the material's colour alone tints it,
// and bound with full weight to bone 0, so a skinned shader whose bone 0 is
// the identity draws it unchanged.
var (
	white      = vmath.Vec4{1, 1, 1, 1}
	boneWeight = vmath.Vec4{1, 0, 0, 0}
)

// face is one side of a box: its outward normal and the two axes spanning
// it, chosen so that u × v = n; corners listed (-u-v, +u-v, +u+v, -u+v) are
// then counter-clockwise seen from outside.
type face struct{ n, u, v vmath.Vec3 }

var cubeFaces = [6]face{
	{vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}, vmath.Vec3{0, 1, 0}},
	{vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 0, 1}, vmath.Vec3{0, 1, 0}},
	{vmath.Vec3{0, 1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}},
	{vmath.Vec3{0, -1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, 1}},
	{vmath.Vec3{0, 0, 1}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 1, 0}},
	{vmath.Vec3{0, 0, -1}, vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 1, 0}},
}

// appendQuad adds the four vertices and two triangles of face f, centred at
// centre with half extent h, to d.
func appendQuad(d *Data, f face, centre vmath.Vec3, h float32) {
	base := uint32(d.VertexCount())
	// Texture v runs down the image while the face's v axis points up, so
	// the texture appears upright on the side faces.
	corners := [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	for _, c := range corners {
		v := DefaultVertex{
			Position:    centre.Add(f.u.Mul(c[0] * h)).Add(f.v.Mul(c[1] * h)),
			Normal:      f.n,
			Tangent:     f.u.Vec4(1),
			Color:       white,
			UV:          vmath.Vec2{(c[0] + 1) / 2, (1 - c[1]) / 2},
			BoneWeights: boneWeight,
		}
		d.Vertices = v.Append(d.Vertices)
	}
	d.Indices = append(d.Indices, base, base+1, base+2, base, base+2, base+3)
}

// Cube returns an axis-aligned cube of edge size centred on the origin: 24
// vertices (four per face, so each face has its own normal and full 0..1
// texture coordinates) and 36 indices. It panics when size is not positive.
func Cube(size float32) Data {
	mustPositive("Cube size", size)
	h := size / 2
	d := Data{
		Vertices: make([]byte, 0, 24*VertexSize),
		Indices:  make([]uint32, 0, 36),
		Bounds:   vmath.AABB{Min: vmath.Vec3{-h, -h, -h}, Max: vmath.Vec3{h, h, h}},
	}
	for _, f := range cubeFaces {
		appendQuad(&d, f, f.n.Mul(h), h)
	}
	return d
}

// Plane returns a square of edge size in the XZ plane, centred on the origin
// and facing +Y: 4 vertices and 6 indices. Its bounds are flat (Min.Y =
// Max.Y = 0). It panics when size is not positive.
func Plane(size float32) Data {
	mustPositive("Plane size", size)
	h := size / 2
	d := Data{
		Vertices: make([]byte, 0, 4*VertexSize),
		Indices:  make([]uint32, 0, 6),
		Bounds:   vmath.AABB{Min: vmath.Vec3{-h, 0, -h}, Max: vmath.Vec3{h, 0, h}},
	}
	appendQuad(&d, cubeFaces[2], vmath.Vec3{}, h)
	return d
}

// Minimum tessellation of Sphere; smaller requests are raised to these.
const (
	MinSegments = 3
	MinRings    = 2
)

// Sphere returns a UV sphere of the given radius centred on the origin, with
// segments slices around the Y axis and rings stacks from pole to pole. A
// seam column and one vertex per segment at each pole are duplicated so
// texture coordinates stay continuous: (segments+1)*(rings+1) vertices and
// 6*segments*(rings-1) indices (the pole rows are single triangles, so none
// is degenerate). It panics when radius is not positive.
func Sphere(radius float32, segments, rings int) Data {
	mustPositive("Sphere radius", radius)
	segments = max(segments, MinSegments)
	rings = max(rings, MinRings)
	cols := segments + 1
	d := Data{
		Vertices: make([]byte, 0, cols*(rings+1)*VertexSize),
		Indices:  make([]uint32, 0, 6*segments*(rings-1)),
		Bounds:   vmath.AABB{Min: vmath.Vec3{-radius, -radius, -radius}, Max: vmath.Vec3{radius, radius, radius}},
	}
	for r := 0; r <= rings; r++ {
		theta := math.Pi * float64(r) / float64(rings) // 0 at +Y
		st, ct := math.Sincos(theta)
		for s := 0; s <= segments; s++ {
			phi := 2 * math.Pi * float64(s) / float64(segments)
			sp, cp := math.Sincos(phi)
			// Longitude runs clockwise seen from +Y (-sin φ on z) so that
			// the grid's (down, along) order is counter-clockwise outside.
			n := vmath.Vec3{float32(st * cp), float32(ct), float32(-st * sp)}
			if s == segments {
				// Close the seam on exactly the first column's positions.
				n = vmath.Vec3{float32(st), float32(ct), 0}
			}
			v := DefaultVertex{
				Position:    n.Mul(radius),
				Normal:      n.Normalize(),
				Tangent:     vmath.Vec4{float32(-sp), 0, float32(-cp), 1},
				Color:       white,
				UV:          vmath.Vec2{float32(s) / float32(segments), float32(r) / float32(rings)},
				BoneWeights: boneWeight,
			}
			d.Vertices = v.Append(d.Vertices)
		}
	}
	for r := 0; r < rings; r++ {
		for s := 0; s < segments; s++ {
			a := uint32(r*cols + s)
			b, c, dd := a+uint32(cols), a+uint32(cols)+1, a+1
			if r != rings-1 { // b and c are both the south pole on the last row
				d.Indices = append(d.Indices, a, b, c)
			}
			if r != 0 { // a and dd are both the north pole on the first row
				d.Indices = append(d.Indices, a, c, dd)
			}
		}
	}
	return d
}

func mustPositive(what string, v float32) {
	if !(v > 0) || math.IsInf(float64(v), 0) {
		panic(fmt.Sprintf("meshes: %s is %v; it must be a positive finite number", what, v))
	}
}

// builtin is the table ByName reads, in the order Names lists.
var builtin = []struct {
	name string
	make func() Data
}{
	{"cube", func() Data { return Cube(1) }},
	{"plane", func() Data { return Plane(1) }},
	{"sphere", func() Data { return Sphere(0.5, 32, 16) }},
}

// Names returns the names ByName accepts.
func Names() []string {
	out := make([]string, len(builtin))
	for i, b := range builtin {
		out[i] = b.name
	}
	return out
}

// ByName returns a built-in mesh at unit size, for meshes named in data: the
// unit cube ("cube"), the unit plane ("plane") and a sphere of diameter 1
// with 32 segments and 16 rings ("sphere"). Scale them with the entity's
// transform. Names are case-sensitive; an unknown name is an error that
// lists the valid ones.
func ByName(name string) (Data, error) {
	for _, b := range builtin {
		if b.name == name {
			return b.make(), nil
		}
	}
	return Data{}, fmt.Errorf("unknown built-in mesh %q (valid: %s)", name, strings.Join(Names(), ", "))
}
