//go:build linux && cgo

package vulkan

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
// clip space and a colour (20 bytes), and the vertex shader makes the four
// corners from the vertex index.
var rectShaders = map[string]string{
	"rects.vert": `#version 450
` + frameBlockGLSL + `
layout(location = 0) in vec4 inRect;  // per instance: x0, y0, x1, y1
layout(location = 1) in vec4 inColor; // per instance
layout(location = 0) out vec4 vColor;
void main() {
    int i = gl_VertexIndex;
    vec2 p = vec2((i == 1 || i == 2) ? inRect.z : inRect.x, i >= 2 ? inRect.w : inRect.y);
    vColor = inColor;
    gl_Position = vec4(p, 0.5, 1.0);
}
`,
	"rects.frag": `#version 450
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
`,
}

// rectsLayout is the "rects" format; rectInstances packs its records.
var rectsLayout = formats.Layout{Name: "rects", InstanceStride: 20, Shader: "rects", Attributes: []formats.Attribute{
	{Name: "rect", Location: 0, Format: formats.Float4, Step: formats.StepInstance},
	{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 16, Step: formats.StepInstance},
}}

func rectInstances(rects [][4]float32, colors [][4]uint8) []byte {
	var out []byte
	for i, r := range rects {
		for _, f := range r {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
		}
		out = append(out, colors[i][:]...)
	}
	return out
}

func TestInstancedFormatDrawsEveryInstance(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	compileShader(t, shaders, "rects.vert", rectShaders["rects.vert"])
	compileShader(t, shaders, "rects.frag", rectShaders["rects.frag"])
	t.Chdir(dir)
	reg := formats.NewRegistry()
	fh, err := reg.Register(rectsLayout)
	if err != nil {
		t.Fatal(err)
	}
	cfg, logs := testConfig(128, 64, reg)
	b := newTestBackend(t, cfg)
	ins := rectInstances([][4]float32{{-0.9, -0.5, -0.1, 0.5}, {0.1, -0.5, 0.9, 0.5}}, [][4]uint8{{0, 255, 0, 255}, {255, 0, 0, 255}})
	m, err := b.CreateInstancedMesh(fh, nil, []uint32{0, 1, 2, 0, 2, 3}, ins)
	if err != nil {
		t.Fatal(err)
	}
	frame := backends.FrameData{ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
		LightDir: vmath.Vec3{0, 0, -1}, FogColor: vmath.Vec3{0.2, 0.3, 0.4}}
	if err := b.BeginFrame(&frame); err != nil {
		t.Fatal(err)
	}
	for p := range formats.Pass(formats.NumPasses) {
		if err := b.BeginPass(p); err != nil {
			t.Fatal(err)
		}
		if p == formats.PassForward {
			b.Draw(&backends.Draw{Mesh: m, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}})
		}
		if err := b.EndPass(); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.EndFrame(); err != nil {
		t.Fatal(err)
	}
	if got := b.Stats().Triangles[formats.PassForward]; got != 4 {
		t.Errorf("Triangles[forward] = %d, want 4 (2 per instance)", got)
	}
	img := readPixels(t, b)
	if c := img.RGBAAt(32, 32); !(c.G > 200 && c.R < 5 && c.B < 5) {
		t.Errorf("instance 0: %v, want green; log:\n%s", c, logs)
	}
	if c := img.RGBAAt(96, 32); !(c.R > 200 && c.G < 5 && c.B < 5) {
		t.Errorf("instance 1: %v, want red; log:\n%s", c, logs)
	}
}
