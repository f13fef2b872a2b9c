package dxtest

import (
	"encoding/binary"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// rectsHLSL draws the "rects" format: no vertex buffer, each instance a
// rectangle in clip space and a colour; the vertex index picks the corner.
// Selections are comparisons turned into 0 or 1, since Wine's HLSL compiler
// takes no ternary operator.
const rectsHLSL = `struct VSInput {
    float4 rect  : TEXCOORD0; // per instance: x0, y0, x1, y1
    float4 color : TEXCOORD1; // per instance
    uint vertexID : SV_VertexID;
};
struct VSOutput {
    float4 position : SV_Position;
    float4 color    : COLOR0;
};
VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float i = (float)input.vertexID;
    float right = (float)(i == 1.0) + (float)(i == 2.0);
    float up = (float)(i >= 2.0);
    o.position = float4(lerp(input.rect.x, input.rect.z, right), lerp(input.rect.y, input.rect.w, up), 0.5, 1.0);
    o.color = input.color;
    return o;
}
float4 PS_Main(VSOutput input) : SV_Target {
    return input.color;
}
`

// InstancedFormat draws a mesh of a format whose attributes all step per
// instance (two rectangles of 20 bytes each, 6 indices, no vertices) and
// checks that both instances are drawn, each with its own record, and
// counted as 4 triangles. open starts the backend with the given
// configuration in the working directory, which the test makes a fresh
// folder holding the shaders.
func InstancedFormat(t *testing.T, open func(t *testing.T, cfg backends.Config) backends.Backend) {
	dir, err := os.MkdirTemp("", "sleak-instanced")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: its removal fails under Wine (see EmptyingWorkDir).
	t.Cleanup(func() { removeTree(dir, true) })
	t.Chdir(dir)
	shaders := filepath.Join(dir, filepath.FromSlash(backends.ShaderDir))
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rects.hlsl", "rects_dx12.hlsl"} {
		if err := os.WriteFile(filepath.Join(shaders, name), []byte(rectsHLSL), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := formats.NewRegistry()
	fh, err := reg.Register(formats.Layout{Name: "rects", InstanceStride: 20, Shader: "rects", Attributes: []formats.Attribute{
		{Name: "rect", Location: 0, Format: formats.Float4, Step: formats.StepInstance},
		{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 16, Step: formats.StepInstance},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := open(t, backends.Config{Width: 128, Height: 64, Formats: reg})
	var ins []byte
	for i, r := range [][4]float32{{-0.9, -0.5, -0.1, 0.5}, {0.1, -0.5, 0.9, 0.5}} {
		for _, f := range r {
			ins = binary.LittleEndian.AppendUint32(ins, math.Float32bits(f))
		}
		ins = append(ins, [][4]byte{{0, 255, 0, 255}, {255, 0, 0, 255}}[i][:]...)
	}
	m, err := b.CreateInstancedMesh(fh, nil, []uint32{0, 1, 2, 0, 2, 3}, ins)
	if err != nil {
		t.Fatal(err)
	}
	f := backends.FrameData{ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
		LightDir: vmath.Vec3{0, 0, -1}, Exposure: 1, FogColor: vmath.Vec3{0.2, 0.3, 0.4}}
	runFrame(t, b, &f, []draw{{formats.PassForward, backends.Draw{Mesh: m, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}}}})
	if got := b.Stats().Triangles[formats.PassForward]; got != 4 {
		t.Errorf("Triangles[forward] = %d, want 4 (2 per instance)", got)
	}
	img := image.NewRGBA(image.Rect(0, 0, 128, 64))
	if err := b.ReadPixels(img); err != nil {
		t.Fatal(err)
	}
	Save(t, "instanced.png", img)
	if c := img.RGBAAt(32, 32); !(c.G > 200 && c.R < 5 && c.B < 5) {
		t.Errorf("instance 0: %v, want green", c)
	}
	if c := img.RGBAAt(96, 32); !(c.R > 200 && c.G < 5 && c.B < 5) {
		t.Errorf("instance 1: %v, want red", c)
	}
	if c := img.RGBAAt(64, 32); c.G > 200 || c.R > 200 {
		t.Errorf("between the instances: %v, want the background", c)
	}
	b.DestroyMesh(m)
}
