package conformance

import (
	"fmt"
	"image"
	"os"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// reloadShader is the hot reload scenes' material: a flat colour that its
// include (reload_color.glsl or .hlsli) defines.
const reloadShader = "assets/shaders/reload.hlsl"

// reloadWait bounds how long a scene waits for the runner's watcher: a
// poll and, on Vulkan, one glslc run.
const reloadWait = 30 * time.Second

// reloadInclude is the file the scenes edit, in the backend's language.
func (h *harness) reloadInclude() string {
	if h.kind == backends.D3D11 || h.kind == backends.D3D12 {
		return path.Join(backends.ShaderDir, "reload_color.hlsli")
	}
	return path.Join(backends.ShaderDir, "reload_color.glsl")
}

// setReloadColor rewrites the include with colour c and, when broken, a
// second line that no compiler accepts. A comment of growing length makes
// every edit change the file's size, so no edit hides within one tick of
// the file system's clock.
func (h *harness) setReloadColor(c vmath.Vec4, broken bool, edit int) {
	h.t.Helper()
	typ := "vec4"
	if strings.HasSuffix(h.reloadInclude(), ".hlsli") {
		typ = "float4"
	}
	text := fmt.Sprintf("#define RELOAD_COLOR %s(%g, %g, %g, %g) // edit %s\n", typ, c[0], c[1], c[2], c[3], strings.Repeat("#", edit))
	if broken {
		text += "this line is no shader;\n"
	}
	h.must(os.WriteFile(h.reloadInclude(), []byte(text), 0o644), "edit %s", h.reloadInclude())
}

// stepUntil renders frames, as a running game does, until ok holds: the
// runner's watcher notices an edit within a poll or two (and on Vulkan a
// glslc run) and hands it to the backend between two frames.
func (h *harness) stepUntil(what string, ok func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(reloadWait)
	for !ok() {
		if time.Now().After(deadline) {
			h.t.Fatalf("%s did not happen within %v of editing %s; log:\n%s", what, reloadWait, h.reloadInclude(), h.log.String())
		}
		time.Sleep(20 * time.Millisecond)
		h.step(1)
	}
}

// dominant reports whether channel ch (0 red, 1 green, 2 blue) is the
// strongest of c by a clear margin.
func dominant(c rgb, ch int) bool {
	for i := range 3 {
		if i != ch && c[ch] < c[i]+0.2 {
			return false
		}
	}
	return true
}

// cubeColour is the mean colour of the cube's top face.
func (h *harness) cubeColour() rgb {
	h.t.Helper()
	return mean(h.pixels(), h.area("cube top face", faceOf("cube", vmath.Vec3{0, 1, 0})))
}

// expectDominant checks that channel ch is the cube's strongest.
func (h *harness) expectDominant(what string, c rgb, ch int) {
	h.t.Helper()
	if !dominant(c, ch) {
		h.t.Errorf("%s: the cube is %v, want channel %d clearly the strongest", what, c, ch)
	}
}

// hotReload: editing a file a running game loaded (an include of its
// material shader) changes the picture without a restart, through the
// runner's -hot-reload: its watcher, Vulkan's compile and the backend's
// ResetFiles.
func hotReload(h *harness) {
	h.hotReload = true
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, reloadShader)
	h.step(2)
	h.expectDominant("before the edit", h.cubeColour(), 0)

	h.setReloadColor(vmath.Vec4{0.1, 0.1, 0.9, 1}, false, 1)
	h.stepUntil("the cube turning blue", func() bool { return dominant(h.cubeColour(), 2) })
	wantFile := path.Join(backends.ShaderDir, "reload.frag.spv")
	if h.kind != backends.Vulkan {
		wantFile = h.reloadInclude()
	}
	if !strings.Contains(h.log.String(), wantFile) {
		h.t.Errorf("the runner's hot reload line does not name %s:\n%s", wantFile, h.log.String())
	}
	h.step(1)
	h.noDrops()
	h.noErrors()
}

// hotReloadError: an edit that breaks the shader is logged once, with the
// file and line at fault, and the no-fallback rule holds: the cube draws
// with its own last good variant (Vulkan keeps the last .spv glslc made)
// or not at all (the text backends drop its draws), never with another
// shader; fixing the file draws the new colour.
func hotReloadError(h *harness) {
	h.hotReload = true
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, reloadShader)
	h.step(2)

	h.setReloadColor(vmath.Vec4{0.1, 0.1, 0.9, 1}, true, 1)
	h.stepUntil("an error line", func() bool { return len(h.errorLines()) > 0 })
	h.step(3)
	lines := h.errorLines()
	at := regexp.MustCompile(regexp.QuoteMeta(path.Base(h.reloadInclude())) + `[:(]2\b`)
	if len(lines) != 1 || !at.MatchString(lines[0]) {
		h.t.Errorf("after a broken edit: %d error line(s), want exactly 1 naming %s line 2:\n%s",
			len(lines), h.reloadInclude(), strings.Join(lines, "\n"))
	}
	if h.kind == backends.Vulkan {
		h.noDrops()
		h.expectDominant("the last good variant", h.cubeColour(), 0)
	} else {
		if got := h.ctx.Stats.DroppedMaterial; got != 1 {
			h.t.Errorf("Stats.DroppedMaterial = %d with the shader broken, want 1 (the cube's forward draw)", got)
		}
		h.expectCubeAbsent(h.pixels(), "cube")
	}

	h.setReloadColor(vmath.Vec4{0.1, 0.9, 0.1, 1}, false, 2)
	h.stepUntil("the cube turning green", func() bool { return dominant(h.cubeColour(), 1) })
	h.noDrops()
	if n := len(h.errorLines()); n != 1 {
		h.t.Errorf("%d error lines after the fix, want still the 1", n)
	}
}

// hotReloadEngine: the engine's own fixed passes reload too. The scene
// writes the engine's composite shader (on Vulkan a compute shader) into
// the game's folder with its gamma changed; the next frames are composited with it (a darker sky),
// with no restart and no error.
func hotReloadEngine(h *harness) {
	h.hotReload = true
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(2)
	sky := func() rgb {
		img := h.pixels()
		return mean(img, []image.Point{{2, 2}, {Width - 3, 2}, {Width / 2, 2}})
	}
	before := sky()
	files, err := backends.ResolveEngine(h.kind, backends.ShaderDir, "composite")
	h.must(err, "resolve the composite shader")
	// The compute shader where the backend runs the pass as one
	// (backends.IsComputeStem).
	out, _ := files.Output()
	src := out.Path
	if h.kind == backends.Vulkan {
		src = backends.SourceOf(src) // the GLSL the watcher compiles
	}
	loaded := src
	if h.kind == backends.D3D12 {
		src = backends.ShaderDir + "/composite.hlsl" // composite_dx12.hlsl includes it
	}
	text, err := assets.ReadFile(src)
	h.must(err, "read %s", src)
	edited := strings.Replace(string(text), "1.0 / 2.2", "1.0 / 0.6", 1)
	if edited == string(text) {
		h.t.Fatalf("%s has no gamma of 1.0 / 2.2 to change", src)
	}
	h.must(os.WriteFile(src, []byte(edited), 0o644), "write %s", src)
	if loaded != src {
		// The file the backend loads, beside the include: its copy on
		// disk now includes the edited one.
		h.copyFile(loaded, loaded)
	}
	deadline := time.Now().Add(reloadWait)
	for sky().luma() > before.luma()-0.1 {
		if time.Now().After(deadline) {
			h.t.Fatalf("the sky stayed %v (before %v) within %v of editing %s; log:\n%s", sky(), before, reloadWait, src, h.log.String())
		}
		time.Sleep(20 * time.Millisecond)
		h.step(1)
	}
	h.noErrors()
}
