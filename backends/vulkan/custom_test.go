//go:build linux && cgo

package vulkan

import (
	"encoding/binary"
	"errors"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

const frameBlockGLSL = `
layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj;
    vec4 cameraPos;
    vec4 lightDir;
    vec4 lightColor;
    vec4 ambient;
    vec4 fogColor;
    vec4 fogParams;
    vec4 skyColor;
    vec4 effects;
    mat4 cascades[4];
    vec4 post;
    vec4 ibl;
    vec4 irradiance[9];
    mat4 reproject;
    vec4 taa;
} frame;
layout(push_constant) uniform Draw {
    mat4 model;
    vec4 color;
} draw;
`

// Test shaders of the "tinted" format: position and a normalized byte
// colour, drawn unlit in the forward pass and through the engine's gbuffer
// fragment stage in the gbuffer pass.
var tintedShaders = map[string]string{
	"tinted.vert": `#version 450
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = inColor * draw.color;
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
`,
	"tinted.frag": `#version 450
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
`,
	"tinted_gbuf.vert": `#version 450
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec3 vNormal;
layout(location = 1) out vec4 vColor;
layout(location = 2) out vec2 vUV;
layout(location = 3) out vec4 vSurface;
layout(location = 4) flat out vec4 vTile;
layout(location = 5) out vec4 vTangent;
void main() {
    vNormal = vec3(0.0, 0.0, 1.0);
    vColor = vec4(inColor.rgb, 1.0);
    vUV = vec2(0.0);
    vSurface = vec4(1.0, 0.0, 0.0, 0.0);
    vTile = vec4(0.0);
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
`,
}

// compileShader writes src to dir/name and compiles it to name.spv with
// glslc, as the engine's shader rules say.
func compileShader(t *testing.T, dir, name, src string) {
	t.Helper()
	glslc, err := exec.LookPath("glslc")
	if err != nil {
		if requireDrivers() {
			t.Fatal("glslc is not installed (Debian: glslc)")
		}
		t.Skip("vulkan: glslc is not installed: " + err.Error())
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(glslc, p, "-o", p+".spv").CombinedOutput(); err != nil {
		t.Fatalf("glslc %s: %v\n%s", name, err, out)
	}
}

// tintedQuad is a quad in clip space (the test's view-projection is the
// identity), counter-clockwise, at depth 0.5, in one colour.
func tintedQuad(x0, x1 float32, rgba [4]uint8) ([]byte, []uint32) {
	var vb []byte
	for _, p := range [][2]float32{{x0, -0.5}, {x1, -0.5}, {x1, 0.5}, {x0, 0.5}} {
		for _, f := range []float32{p[0], p[1], 0.5} {
			vb = binary.LittleEndian.AppendUint32(vb, math.Float32bits(f))
		}
		vb = append(vb, rgba[:]...)
	}
	return vb, []uint32{0, 1, 2, 0, 2, 3}
}

func TestCustomFormat(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	compileShader(t, shaders, "tinted.vert", tintedShaders["tinted.vert"])
	compileShader(t, shaders, "tinted.frag", tintedShaders["tinted.frag"])
	t.Chdir(dir)

	reg := formats.NewRegistry()
	fh, err := reg.Register(formats.Layout{
		Name:   "tinted",
		Stride: 16,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
		},
		Shader:        "tinted",
		GBufferShader: "tinted_gbuf",
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg, logs := testConfig(128, 64, reg)
	b := newTestBackend(t, cfg)

	vb, ib := tintedQuad(-0.9, -0.1, [4]uint8{0, 255, 0, 255})
	fwd, err := b.CreateMesh(fh, vb, ib)
	if err != nil {
		t.Fatal(err)
	}
	vb, ib = tintedQuad(0.1, 0.9, [4]uint8{255, 255, 255, 255})
	gbuf, err := b.CreateMesh(fh, vb, ib)
	if err != nil {
		t.Fatal(err)
	}
	frame := backends.FrameData{
		ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
		LightDir: vmath.Vec3{0, 0, -1}, LightColor: vmath.Vec3{0.5, 0.5, 0.5}, Ambient: vmath.Vec3{0.1, 0.1, 0.1},
		FogColor: vmath.Vec3{0.2, 0.3, 0.4},
	}
	draw := func() *image.RGBA {
		t.Helper()
		if err := b.BeginFrame(&frame); err != nil {
			t.Fatal(err)
		}
		for p := formats.PassShadow; p < formats.NumPasses; p++ {
			if err := b.BeginPass(p); err != nil {
				t.Fatal(err)
			}
			// Both meshes go to every pass that takes draws: the format
			// has no shadow or transparent stem, so those drop them.
			b.Draw(&backends.Draw{Mesh: fwd, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}})
			if p == formats.PassGBuffer {
				b.Draw(&backends.Draw{Mesh: gbuf, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}})
			}
			if err := b.EndPass(); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.EndFrame(); err != nil {
			t.Fatal(err)
		}
		return readPixels(t, b)
	}
	sky := [3]uint8{tonemap(0.2), tonemap(0.3), tonemap(0.4)}
	isSky := func(img *image.RGBA, x, y int) bool {
		c := img.RGBAAt(x, y)
		return near(c.R, sky[0], 3) && near(c.G, sky[1], 3) && near(c.B, sky[2], 3)
	}
	wantFailure := "Missing shader file 'assets/shaders/tinted_gbuf.vert.spv' for vertex format tinted"

	for i := range 3 {
		img := draw()
		if c := img.RGBAAt(32, 32); !(near(c.G, tonemap(1), 3) && c.R < 5 && c.B < 5) {
			t.Fatalf("frame %d: forward quad %v, want green %d", i, c, tonemap(1))
		}
		if !isSky(img, 96, 32) {
			t.Fatalf("frame %d: the gbuffer quad drew without its gbuffer stem: %v", i, img.RGBAAt(96, 32))
		}
	}
	if n := strings.Count(logs.String(), wantFailure); n != 1 {
		t.Errorf("the missing gbuffer stem was logged %d times, want once; log:\n%s", n, logs.String())
	}
	if st := b.PipelineState(fh, formats.PassGBuffer); st != backends.Failed {
		t.Errorf("gbuffer state %v, want failed", st)
	}
	if b.FormatReady(fh, formats.PassShadow) || b.PipelineState(fh, formats.PassShadow) != backends.Skipped {
		t.Errorf("the shadow pass has no stem: state %v, want skipped", b.PipelineState(fh, formats.PassShadow))
	}

	// Writing the file and resizing makes the variant be tried again.
	compileShader(t, shaders, "tinted_gbuf.vert", tintedShaders["tinted_gbuf.vert"])
	if err := b.Resize(128, 64); err != nil {
		t.Fatal(err)
	}
	img := draw()
	if isSky(img, 96, 32) {
		t.Errorf("after Resize the gbuffer quad still does not draw")
	}
	// Lit white: albedo 1 * (ambient 0.1 + light 0.5).
	if c := img.RGBAAt(96, 32); !near(c.R, tonemap(0.6), 3) || !near(c.G, tonemap(0.6), 3) {
		t.Errorf("gbuffer quad %v, want grey %d", c, tonemap(0.6))
	}
	if n := strings.Count(logs.String(), wantFailure); n != 1 {
		t.Errorf("failure logged %d times after the fix, want still once", n)
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}

func TestCustomFormatErrors(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	// A shader that reads a location the format does not have, and one
	// that reads a byte colour as uint although it is normalized.
	compileShader(t, shaders, "wrongloc.vert", "#version 450\nlayout(location = 0) in vec3 p;\nlayout(location = 5) in vec4 c;\nvoid main() { gl_Position = vec4(p, 1.0) + c; }\n")
	compileShader(t, shaders, "wrongtype.vert", "#version 450\nlayout(location = 0) in vec3 p;\nlayout(location = 1) in uvec4 c;\nvoid main() { gl_Position = vec4(p, float(c.x)); }\n")
	compileShader(t, shaders, "ok.frag", "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n")
	for _, n := range []string{"wrongloc", "wrongtype"} {
		data, err := os.ReadFile(filepath.Join(shaders, "ok.frag.spv"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shaders, n+".frag.spv"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(shaders, "garbage.vert.spv"), []byte("not spir-v at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A module cut short with its header intact: handed to the driver it
	// crashed inside vkCreateGraphicsPipelines.
	full, err := os.ReadFile(filepath.Join(shaders, "wrongloc.vert.spv"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shaders, "truncated.vert.spv"), full[:len(full)/2&^3], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shaders, "truncated.frag.spv"), mustRead(t, filepath.Join(shaders, "ok.frag.spv")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	reg := formats.NewRegistry()
	attrs := []formats.Attribute{
		{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
		{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
	}
	handles := map[string]formats.Handle{}
	for _, stem := range []string{"wrongloc", "wrongtype", "garbage", "truncated", "absent"} {
		h, err := reg.Register(formats.Layout{Name: stem, Stride: 16, Attributes: attrs, Shader: stem})
		if err != nil {
			t.Fatal(err)
		}
		handles[stem] = h
	}
	cfg, logs := testConfig(32, 32, reg)
	b := newTestBackend(t, cfg)
	want := map[string]string{
		"wrongloc":  "reads location 5, which vertex format wrongloc does not have",
		"wrongtype": "reads location 1 (color) as uint, but vertex format wrongtype stores it as UByte4Norm",
		"garbage":   "not SPIR-V",
		"truncated": "truncated",
		"absent":    "assets/shaders/absent.vert.spv",
	}
	for stem, h := range handles {
		if b.FormatReady(h, formats.PassForward) {
			t.Errorf("%s: ready, want failed", stem)
		}
		if !strings.Contains(logs.String(), want[stem]) {
			t.Errorf("%s: log lacks %q:\n%s", stem, want[stem], logs.String())
		}
	}

	// CreateShader names the backend and every file it tried.
	_, err = b.CreateShader("assets/shaders/missing.hlsl")
	if err == nil || !strings.Contains(err.Error(), "vulkan") ||
		!strings.Contains(err.Error(), "assets/shaders/missing.vert.spv") || !strings.Contains(err.Error(), "assets/shaders/missing.frag.spv") {
		t.Errorf("CreateShader(missing): %v", err)
	}
	var se *backends.ShaderError
	if !errors.As(err, &se) {
		t.Errorf("CreateShader error %T does not wrap a *backends.ShaderError", err)
	}
}

func TestCreateMeshErrors(t *testing.T) {
	cfg, _ := testConfig(16, 16, nil)
	b := newTestBackend(t, cfg)
	vb, ib := cubeMesh(vmath.Vec4{1, 1, 1, 1})
	tests := []struct {
		name    string
		format  formats.Handle
		vb      []byte
		ib      []uint32
		wantErr string
	}{
		{"no vertices", 0, nil, ib, "no vertices"},
		{"no indices", 0, vb, nil, "no indices"},
		{"stride", 0, vb[:100], ib, "100 bytes of vertices is not a multiple of the stride 96"},
		{"index", 0, vb, []uint32{0, 1, 24}, "index 24 (at position 2) is past the last vertex (24 vertices)"},
		{"format", 7, vb, ib, "vertex format handle 7 is not registered"},
	}
	for _, tt := range tests {
		if _, err := b.CreateMesh(tt.format, tt.vb, tt.ib); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.wantErr)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
