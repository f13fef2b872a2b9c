package model

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/gltftest"
	"github.com/sleakgo/sleak/meshes"
)

func cube(t *testing.T, o gltftest.Options) []byte {
	t.Helper()
	data, err := gltftest.CubeGLB(o)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// packed is a custom format: a position and a normalized byte colour.
var packed = &formats.Layout{Name: "packed", Stride: 16, Shader: "packed", Attributes: []formats.Attribute{
	{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
	{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
}}

func TestDecodeIntoFormats(t *testing.T) {
	tests := []struct {
		name   string
		layout *formats.Layout
		stride int
	}{
		{"default", formats.DefaultLayout(), 96},
		{"packed", packed, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode(bytes.NewReader(cube(t, gltftest.Options{})), nil, "", tc.layout)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Vertices) != 24*tc.stride || len(m.Indices) != 36 {
				t.Fatalf("%d vertex bytes, %d indices; want %d, 36", len(m.Vertices), len(m.Indices), 24*tc.stride)
			}
			if m.Bounds.Min[0] != -0.5 || m.Bounds.Max[1] != 0.5 {
				t.Errorf("bounds %v", m.Bounds)
			}
			if m.Texture == nil || m.Texture.Bounds().Dx() != 4 || m.Name != "cube" {
				t.Errorf("texture %v name %q", m.Texture, m.Name)
			}
			if x := math.Float32frombits(binary.LittleEndian.Uint32(m.Vertices)); x != 0.5 {
				t.Errorf("first x = %v", x)
			}
		})
	}
	m, _ := Decode(bytes.NewReader(cube(t, gltftest.Options{})), nil, "", packed)
	if c := m.Vertices[12:16]; !bytes.Equal(c, []byte{255, 255, 255, 255}) {
		t.Errorf("absent COLOR_0 fills %v; want opaque white", c)
	}
}

// A file that does not fit the format is refused with the mesh and the
// attribute named.
func TestDecodeRefusals(t *testing.T) {
	raw := &formats.Layout{Name: "raw", Stride: 4, Shader: "raw", Attributes: []formats.Attribute{
		{Name: "data0", Location: 0, Format: formats.UInt1},
	}}
	tests := []struct {
		name   string
		file   gltftest.Options
		mesh   string
		layout *formats.Layout
		want   string
	}{
		{"missing normal", gltftest.Options{NoNormals: true}, "", formats.DefaultLayout(), `mesh cube: primitive 0: missing attribute NORMAL, which vertex format default needs for "normal"`},
		{"unmapped attribute", gltftest.Options{}, "", raw, `vertex format raw: attribute "data0" has no glTF counterpart`},
		{"unknown mesh", gltftest.Options{}, "teapot", packed, `no mesh named "teapot" (the file has cube)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(cube(t, tc.file)), nil, tc.mesh, tc.layout)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want it to contain %q", err, tc.want)
			}
		})
	}
	if _, err := Decode(strings.NewReader("not glTF"), nil, "", packed); err == nil {
		t.Error("garbage decoded")
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	_, err := Load("nowhere/duck.glb", "", packed)
	if err == nil || !strings.Contains(err.Error(), "nowhere/duck.glb") {
		t.Fatalf("err = %v", err)
	}
}

func TestHalf(t *testing.T) {
	for _, tc := range []struct {
		in   float32
		want uint16
	}{{0, 0}, {1, 0x3c00}, {-2, 0xc000}, {0.5, 0x3800}, {1e9, 0x7c00}} {
		if got := half(tc.in); got != tc.want {
			t.Errorf("half(%v) = %#x, want %#x", tc.in, got, tc.want)
		}
	}
}

// FuzzDecode feeds glTF and GLB documents through the decoder and its
// limits: none may panic, hang or allocate past the image limits.
func FuzzDecode(f *testing.F) {
	glb, err := gltftest.CubeGLB(gltftest.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(glb)
	skinned, err := gltftest.BarGLB(gltftest.BarOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(skinned)
	f.Add([]byte(`{"asset":{"version":"2.0"},"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1}}]}],` +
		`"nodes":[{"mesh":0,"skin":0,"children":[1]},{"children":[0]}],"skins":[{"joints":[1,0],"inverseBindMatrices":7}],` +
		`"animations":[{"channels":[{"sampler":3,"target":{"node":1,"path":"rotation"}}],"samplers":[]}]}`))
	f.Add([]byte(`{"asset":{"version":"2.0"},"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}]}`))
	def := formats.DefaultLayout()
	f.Fuzz(func(t *testing.T, data []byte) {
		Decode(bytes.NewReader(data), nil, "", def)
	})
}

// TestMaps: a file's normal and emissive textures come with the material,
// the emission as the engine takes it (the largest factor, the map tinted
// by the factors over it), and a file without TANGENT gets its tangents
// from its uvs: along u, w making normal x tangent point up the image, as
// the built-in cube's.
func TestMaps(t *testing.T) {
	m, err := Decode(bytes.NewReader(cube(t, gltftest.Options{Maps: true})), nil, "", formats.DefaultLayout())
	if err != nil {
		t.Fatal(err)
	}
	if m.NormalMap == nil || m.NormalScale != 0.5 {
		t.Errorf("normal map %v, scale %v; want the checker, 0.5", m.NormalMap != nil, m.NormalScale)
	}
	if m.Emissive != 2 || m.EmissiveMap == nil {
		t.Fatalf("emissive %v, map %v; want 2 and the tinted checker", m.Emissive, m.EmissiveMap != nil)
	}
	c, w := m.EmissiveMap.RGBAAt(0, 0), gltftest.Checker().RGBAAt(0, 0)
	if want := [3]uint8{w.R, uint8(math.Round(float64(w.G) / 2)), 0}; [3]uint8{c.R, c.G, c.B} != want {
		t.Errorf("emissive texel %v, want %v", c, want)
	}
	ref := meshes.Cube(1)
	for i := range 24 {
		got := meshes.ReadVertex(m.Vertices, i)
		want := meshes.ReadVertex(ref.Vertices, i)
		for k := range 4 {
			if math.Abs(float64(got.Tangent[k]-want.Tangent[k])) > 1e-5 {
				t.Fatalf("vertex %d (normal %v): derived tangent %v, want %v", i, got.Normal, got.Tangent, want.Tangent)
			}
		}
	}
	plain, err := Decode(bytes.NewReader(cube(t, gltftest.Options{})), nil, "", formats.DefaultLayout())
	if err != nil {
		t.Fatal(err)
	}
	if plain.NormalMap != nil || plain.EmissiveMap != nil || plain.Emissive != 0 {
		t.Errorf("a material without maps or emission loaded %v, %v, %v", plain.NormalMap != nil, plain.EmissiveMap != nil, plain.Emissive)
	}
}
