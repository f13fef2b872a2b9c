package opengl

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// The "rects" format has no vertex buffer: each instance is a rectangle in
// clip space and a colour (20 bytes), stepped by attribute divisors, and
// the vertex shader makes the four corners from gl_VertexID.
var rectShaders = map[string]string{
	"rects_gl.vert": `#version 410 core
layout(location = 0) in vec4 inRect;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    int i = gl_VertexID;
    vec2 p = vec2((i == 1 || i == 2) ? inRect.z : inRect.x, i >= 2 ? inRect.w : inRect.y);
    vColor = inColor;
    gl_Position = vec4(p, 0.0, 1.0);
}
`,
	"rects_gl.frag": `#version 410 core
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
`,
}

func TestInstancedFormatDrawsEveryInstance(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	writeShaders(t, shaders, rectShaders)
	t.Chdir(dir)
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
	frame := backends.FrameData{ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
		LightDir: vmath.Vec3{0, 0, -1}, FogColor: vmath.Vec3{0.2, 0.3, 0.4}}
	runFrame(t, b, &frame, map[formats.Pass][]backends.Draw{formats.PassForward: {{Mesh: m, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}}}})
	if got := b.Stats().Triangles[formats.PassForward]; got != 4 {
		t.Errorf("Triangles[forward] = %d, want 4 (2 per instance)", got)
	}
	img := readPixels(t, b)
	if c := img.RGBAAt(32, 32); !(c.G > 200 && c.R < 5 && c.B < 5) {
		t.Errorf("instance 0: %v, want green", c)
	}
	if c := img.RGBAAt(96, 32); !(c.R > 200 && c.G < 5 && c.B < 5) {
		t.Errorf("instance 1: %v, want red", c)
	}
}
