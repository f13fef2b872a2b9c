package shadertool

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A stem written once in Vulkan GLSL, with the engine's shared include.
const genVert = `#version 450
#include "sleak.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = draw.color;
    gl_Position = sleakClip(frame.viewProj * draw.model * vec4(inPosition, 1.0));
}
`

const genFrag = `#version 450
#include "sleak.glsl"
layout(set = 0, binding = 1) uniform sampler2D u_shadowMap;
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() {
    vec4 lc = frame.lightViewProj * vec4(gl_FragCoord.xyz, 1.0);
    outColor = vColor * texture(u_shadowMap, sleakShadowUV(lc.xyz / lc.w)).r;
}
`

func TestGenerate(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	// A folder outside the engine's repository: the engine's include comes
	// from the copy embedded in the binary.
	dir := t.TempDir()
	sh := filepath.Join(dir, "assets", "shaders")
	writeFile(t, filepath.Join(sh, "glow.vert"), genVert)
	writeFile(t, filepath.Join(sh, "glow.frag"), genFrag)
	writeFile(t, filepath.Join(sh, "kept.vert"), genVert)
	writeFile(t, filepath.Join(sh, "kept_gl.vert"), "#version 410 core\n// by hand\n")
	compileDir(t, dir)
	gen := func() *GenerateResult {
		t.Helper()
		res, err := Generate(context.Background(), GenerateOptions{WorkDir: dir})
		if err != nil {
			t.Fatalf("generate: %v (%+v)", err, res)
		}
		return res
	}
	res := gen()
	if want := []string{"assets/shaders/glow_gl.frag", "assets/shaders/glow_gl.vert"}; !equalStrings(sorted(res.Generated), want) {
		t.Errorf("generated %v, want %v", res.Generated, want)
	}
	if !equalStrings(res.HandWritten, []string{"assets/shaders/kept_gl.vert"}) {
		t.Errorf("hand-written %v", res.HandWritten)
	}
	if got := readFile(t, filepath.Join(sh, "kept_gl.vert")); got != "#version 410 core\n// by hand\n" {
		t.Errorf("a hand-written variant was overwritten:\n%s", got)
	}
	vert := readFile(t, filepath.Join(sh, "glow_gl.vert"))
	frag := readFile(t, filepath.Join(sh, "glow_gl.frag"))
	for _, want := range []string{GeneratedMarker + " from glow.vert.spv", "\n#version 410 core\n", "uniform mat4 u_model;", "uniform vec4 u_color;",
		"gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;", "layout(std140) uniform Frame"} {
		if !strings.Contains(vert, want) {
			t.Errorf("glow_gl.vert lacks %q:\n%s", want, vert)
		}
	}
	for _, want := range []string{"#define SPIRV_CROSS_CONSTANT_ID_0 -1.0", "uniform sampler2D u_shadowMap;"} {
		if !strings.Contains(frag, want) {
			t.Errorf("glow_gl.frag lacks %q:\n%s", want, frag)
		}
	}
	if strings.Contains(vert, "draw.") || strings.Contains(vert, "uniform Draw") {
		t.Errorf("the push constant block is left:\n%s", vert)
	}
	if res := gen(); len(res.Generated) != 0 || len(res.UpToDate) != 2 {
		t.Errorf("second run: %+v", res)
	}

	rep := checkGame(t, dir)
	if c := rep.row("glow").GL; cellText(c) != "generated" || c.Provenance["assets/shaders/glow_gl.vert"] != GLGenerated {
		t.Errorf("glow GL cell %q %+v", cellText(c), c)
	}
	if c := rep.row("kept").GL; c.Provenance["assets/shaders/kept_gl.vert"] != GLHandWritten {
		t.Errorf("kept GL cell %+v", c)
	}

	// The Vulkan source changes: the generated variant is stale until it
	// is generated again.
	writeFile(t, filepath.Join(sh, "glow.vert"), strings.Replace(genVert, "vColor = draw.color;", "vColor = draw.color * 0.5;", 1))
	compileDir(t, dir)
	rep = checkGame(t, dir)
	found := false
	for _, p := range rep.Problems {
		if p.Kind == KindStaleGenerated && p.File == "assets/shaders/glow_gl.vert" && p.Severity == SevError {
			found = true
		}
	}
	if !found || cellText(rep.row("glow").GL) != "STALE generated" {
		t.Errorf("stale generated variant not reported:\n%s", dumpProblems(rep))
	}
	if res := gen(); !equalStrings(res.Generated, []string{"assets/shaders/glow_gl.vert"}) {
		t.Errorf("regenerated %v", res.Generated)
	}
	// The stems have no HLSL here; only the OpenGL files matter.
	for _, p := range checkGame(t, dir).Problems {
		if p.Backend == "opengl" && p.File != "assets/shaders/kept_gl.frag" || p.Kind == KindCompile {
			t.Errorf("after generating again: %s %s: %s\n%s", p.Kind, p.File, p.Message, p.Output)
		}
	}

	// An edit by hand to a generated file makes it stale too, and
	// generating replaces it; without the marker line it is hand-written.
	writeFile(t, filepath.Join(sh, "glow_gl.frag"), frag+"// edited\n")
	if st, _ := generatedState(filepath.Join(sh, "glow_gl.frag"), filepath.Join(sh, "glow.frag.spv"), mustManifest(t, sh)); st != GLStaleGenerated {
		t.Errorf("edited generated file is %s", st)
	}
	_, body, _ := strings.Cut(frag, "\n")
	writeFile(t, filepath.Join(sh, "glow_gl.frag"), body)
	if res := gen(); len(res.Generated) != 0 || !equalStrings(sorted(res.HandWritten), []string{"assets/shaders/glow_gl.frag", "assets/shaders/kept_gl.vert"}) {
		t.Errorf("after the marker was removed: %+v", res)
	}
}

func TestGenerateRefuses(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	tests := []struct{ name, src, msg string }{
		{"unknown sampler", strings.Replace(genFrag, "u_shadowMap", "atlas", -1), "sampler atlas has no OpenGL texture unit"},
		{"own draw block", "#version 450\nlayout(push_constant) uniform Draw { mat4 model; } draw;\nlayout(location = 0) out vec4 o;\nvoid main() { o = draw.model[0]; }\n", "Draw block is not the engine's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "assets", "shaders", "x.frag"), tt.src)
			compileDir(t, dir)
			res, err := Generate(context.Background(), GenerateOptions{WorkDir: dir})
			if err == nil || len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Message, tt.msg) {
				t.Fatalf("err %v, result %+v, want a failure saying %q", err, res, tt.msg)
			}
			if _, err := os.Stat(filepath.Join(dir, "assets", "shaders", "x_gl.frag")); err == nil {
				t.Error("a failed translation was written")
			}
		})
	}
}

func mustManifest(t *testing.T, dir string) *Manifest {
	t.Helper()
	m, err := readManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
