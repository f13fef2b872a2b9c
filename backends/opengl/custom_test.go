package opengl

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

const frameBlockGLSL = `layout(std140) uniform Frame {
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
uniform mat4 u_model;
uniform vec4 u_color;
`

// Stems of the test formats. tint: Float3 position + UByte4Norm colour;
// pal: Float3 position + UInt1 palette index, which only reads right when
// bound with glVertexAttribIPointer.
var customShaders = map[string]string{
	"tint_gl.vert": `#version 410 core
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPos;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = inColor * u_color;
    gl_Position = frame.viewProj * u_model * vec4(inPos, 1.0);
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
`,
	"tint_gl.frag": `#version 410 core
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
`,
	"tint_shadow_gl.vert": `#version 410 core
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPos;
void main() {
    gl_Position = frame.lightViewProj * u_model * vec4(inPos, 1.0);
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
`,
	"pal_gl.vert": `#version 410 core
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPos;
layout(location = 1) in uint inIndex;
layout(location = 0) flat out uint vIndex;
void main() {
    vIndex = inIndex;
    gl_Position = frame.viewProj * u_model * vec4(inPos, 1.0);
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
`,
	"pal_gl.frag": `#version 410 core
layout(location = 0) flat in uint vIndex;
layout(location = 0) out vec4 outColor;
const vec3 palette[4] = vec3[4](vec3(1, 0, 1), vec3(0, 0, 1), vec3(0, 1, 0), vec3(1, 1, 0));
void main() { outColor = vec4(vIndex < 4u ? palette[vIndex] : vec3(1.0), 1.0); }
`,
	"broken_gl.vert": `#version 410 core
layout(location = 0) in vec3 inPos;
void main() { gl_Position = vec4(inPos, 1.0); }
`,
	"broken_gl.frag": `#version 410 core
layout(location = 0) out vec4 outColor;
void main() { outColor = vec4(1.0) +; }
`,
}

// The gbuffer stem of tint, written only halfway through the test.
const tintGBuffer = `#version 410 core
` + frameBlockGLSL + `
layout(location = 0) in vec3 inPos;
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
    vUV = vec2(0.5);
    vSurface = vec4(1.0, 0.0, 0.0, 0.0);
    vTile = vec4(0.0);
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * u_model * vec4(inPos, 1.0);
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
`

func writeShaders(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// quad returns the corners of the square [x0,x0+1]x[y0,y0+1] at depth 0.5,
// each followed by the 4 bytes extra gives it.
func quad(x0, y0 float32, extra [4]byte) ([]byte, []uint32) {
	var b []byte
	for _, c := range [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		for _, v := range [3]float32{x0 + c[0], y0 + c[1], 0.5} {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
		b = append(b, extra[:]...)
	}
	return b, []uint32{0, 1, 2, 0, 2, 3}
}

func TestCustomFormats(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	writeShaders(t, shaders, customShaders)
	t.Chdir(dir)

	reg := formats.NewRegistry()
	tint, err := reg.Register(formats.Layout{
		Name: "tint", Stride: 16,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
		},
		Shader: "tint", ShadowShader: "tint_shadow", GBufferShader: "tint_gb",
	})
	if err != nil {
		t.Fatal(err)
	}
	pal, err := reg.Register(formats.Layout{
		Name: "pal", Stride: 16,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "index", Location: 1, Format: formats.UInt1, Offset: 12},
		},
		Shader: "pal",
	})
	if err != nil {
		t.Fatal(err)
	}
	broken, err := reg.Register(formats.Layout{
		Name: "broken", Stride: 12,
		Attributes: []formats.Attribute{{Name: "position", Location: 0, Format: formats.Float3}},
		Shader:     "broken",
	})
	if err != nil {
		t.Fatal(err)
	}

	logger, logs := newLogger()
	const size = 64
	r := open(t, backends.Config{Width: size, Height: size, ShadowMapSize: 128, Formats: reg, Logger: logger})

	mesh := func(h formats.Handle, v []byte, i []uint32) backends.MeshID {
		t.Helper()
		id, err := r.CreateMesh(h, v, i)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	tv, ti := quad(-1, 0, [4]byte{255, 0, 0, 255})
	tintMesh := mesh(tint, tv, ti)
	pv, pi := quad(0, 0, [4]byte{2, 0, 0, 0}) // palette index 2, green
	palMesh := mesh(pal, pv, pi)
	var bv []byte
	for _, c := range [4][2]float32{{0, -1}, {1, -1}, {1, 0}, {0, 0}} {
		for _, v := range [3]float32{c[0], c[1], 0.5} {
			bv = binary.LittleEndian.AppendUint32(bv, math.Float32bits(v))
		}
	}
	brokenMesh := mesh(broken, bv, []uint32{0, 1, 2, 0, 2, 3})

	// Identity camera: quads are placed in clip space. The sun shines along
	// -z onto the +z normal of the gbuffer stem, no ambient, no shadows: the
	// lit colour is the albedo.
	frame := backends.FrameData{
		ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
		LightDir: vmath.Vec3{0, 0, -1}, LightColor: vmath.Vec3{1, 1, 1},
		FogColor: vmath.Vec3{0.1, 0.1, 0.1}, Exposure: 1,
	}
	white := vmath.Vec4{1, 1, 1, 1}
	draws := map[formats.Pass][]backends.Draw{
		formats.PassShadow:  {{Mesh: tintMesh, Model: vmath.Ident(), Color: white}},
		formats.PassGBuffer: {{Mesh: tintMesh, Model: vmath.Translate(vmath.Vec3{0, -1, 0}), Color: white}},
		formats.PassForward: {
			{Mesh: tintMesh, Model: vmath.Ident(), Color: white},
			{Mesh: palMesh, Model: vmath.Ident(), Color: white},
			{Mesh: brokenMesh, Model: vmath.Ident(), Color: white},
		},
	}
	topLeft, topRight, bottomLeft, bottomRight := [2]int{size / 4, size / 4}, [2]int{3 * size / 4, size / 4},
		[2]int{size / 4, 3 * size / 4}, [2]int{3 * size / 4, 3 * size / 4}
	check := func(when string, want map[[2]int]vmath.Vec4) {
		t.Helper()
		img := readPixels(t, r)
		dump(t, "custom_"+strings.ReplaceAll(when, " ", "_"), img)
		for p, c := range want {
			exp := tonemap(vmath.Vec3{c[0], c[1], c[2]}, 1)
			if got := img.RGBAAt(p[0], p[1]); !near(got, exp, 3) {
				t.Errorf("%s: pixel %v = %v, want %v", when, p, got, exp)
			}
		}
	}
	for range 3 {
		runFrame(t, r, &frame, draws)
	}
	check("before the gbuffer stem exists", map[[2]int]vmath.Vec4{
		topLeft: {1, 0, 0, 1}, topRight: {0, 1, 0, 1}, bottomLeft: {0.1, 0.1, 0.1, 1}, bottomRight: {0.1, 0.1, 0.1, 1},
	})
	if !r.FormatReady(tint, formats.PassShadow) {
		t.Error("tint's vertex-only shadow stem did not build")
	}
	st := r.Stats()
	if st.DroppedIn(tint, formats.PassGBuffer) != 1 || st.DroppedIn(broken, formats.PassForward) != 1 || st.TotalDropped() != 2 {
		t.Errorf("dropped: %v", st.Dropped)
	}
	t.Logf("log:\n%s", logs)
	missing := logs.lines("Cannot open shader file: assets/shaders/tint_gb_gl.vert")
	if len(missing) != 1 {
		t.Errorf("want one line about the missing gbuffer stem, got %d:\n%s", len(missing), logs)
	} else if !strings.Contains(missing[0], "level=ERROR") || !strings.Contains(missing[0], "format=tint") || !strings.Contains(missing[0], "pass=gbuffer") {
		t.Errorf("line does not name level, format and pass: %s", missing[0])
	}
	failed := logs.lines("Shader compilation failed:")
	if len(failed) != 1 || !strings.Contains(failed[0], "broken_gl.frag") || !strings.Contains(failed[0], "error") {
		t.Errorf("want one compilation failure naming broken_gl.frag with the driver's log, got:\n%s", strings.Join(failed, "\n"))
	}

	writeShaders(t, shaders, map[string]string{"tint_gb_gl.vert": tintGBuffer})
	if err := r.Resize(size, size); err != nil {
		t.Fatal(err)
	}
	runFrame(t, r, &frame, draws)
	check("after the gbuffer stem is written", map[[2]int]vmath.Vec4{
		topLeft: {1, 0, 0, 1}, topRight: {0, 1, 0, 1}, bottomLeft: {1, 0, 0, 1}, bottomRight: {0.1, 0.1, 0.1, 1},
	})
	if n := len(logs.lines("Cannot open shader file")); n != 1 {
		t.Errorf("the missing file was logged %d times in all, want once", n)
	}
	if st := r.Stats(); st.DroppedIn(tint, formats.PassGBuffer) != 0 {
		t.Errorf("gbuffer draw still dropped: %v", st.Dropped)
	}
}
