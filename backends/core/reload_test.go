package core_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

func blob(name, main, gbuffer string) formats.Layout {
	return formats.Layout{Name: name, Shader: main, GBufferShader: gbuffer, Stride: 12,
		Attributes: []formats.Attribute{{Name: "p", Location: 0, Format: formats.Float3}}}
}

// labels returns the labels of the programs built since from.
func (f *fixture) builtSince(from int) []string {
	var out []string
	for _, s := range f.d.Built[from:] {
		out = append(out, s.Label)
	}
	slices.Sort(out)
	return out
}

func TestResetFilesRebuildsExactlyWhatUsedThem(t *testing.T) {
	const material = "material shader assets/shaders/default_shader.hlsl"
	tests := []struct {
		name  string
		paths []string
		want  []string // labels rebuilt, sorted
	}{
		{"nothing", nil, nil},
		{"a file nothing loaded", []string{"assets/shaders/unused.frag.spv"}, nil},
		{"one stage of a main stem", []string{"assets/shaders/a.frag.spv"}, []string{"vertex format a, forward pass"}},
		{"a gbuffer stem", []string{"assets/shaders/a_gbuffer.vert.spv"}, []string{"vertex format a, gbuffer pass"}},
		{"the engine's gbuffer stage every gbuffer stem uses", []string{"assets/shaders/gbuffer.frag.spv"},
			[]string{"vertex format a, gbuffer pass", "vertex format b, gbuffer pass"}},
		{"a material shader", []string{"assets/shaders/default_shader.vert.spv"}, []string{material}},
		{"several", []string{"assets/shaders/b.vert.spv", "assets/shaders/default_shader.frag.spv"},
			[]string{material, "vertex format b, forward pass"}},
		{"another backend's file", []string{"assets/shaders/a_gl.frag", "assets/shaders/a.hlsl"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := open(t, blob("a", "a", "a_gbuffer"), blob("b", "b", "b_gbuffer"))
			a, b := f.mesh(1), f.mesh(2)
			shader, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
			must(t, err)
			draws := []backends.Draw{{Mesh: a}, {Mesh: b}, {Mesh: f.cube, Shader: shader}}
			f.frame(all, draws...)
			built, freed := len(f.d.Built), len(f.d.Freed)

			n, err := f.b.ResetFiles(tt.paths)
			must(t, err)
			f.frame(all, draws...)
			if got := f.builtSince(built); !slices.Equal(got, tt.want) {
				t.Errorf("rebuilt %q, want %q", got, tt.want)
			}
			if n != len(tt.want) {
				t.Errorf("ResetFiles = %d, want %d", n, len(tt.want))
			}
			if got := len(f.d.Freed) - freed; got != len(tt.want) {
				t.Errorf("%d programs freed, want the %d replaced: %v", got, len(tt.want), f.d.Freed[freed:])
			}
			if st := f.b.Stats(); st.TotalDropped() != f.expectedDrops() {
				t.Errorf("%d draws dropped after the reset, want %d", st.TotalDropped(), f.expectedDrops())
			}
			if _, err := f.b.CreateShader("assets/shaders/default_shader.hlsl"); err != nil {
				t.Error(err)
			}
		})
	}
}

// expectedDrops is what a frame of TestResetFilesRebuildsExactlyWhatUsedThem
// drops with every program built: the default cube in the gbuffer pass,
// both blobs in the shadow and transparent passes, which have no stem, and
// both blobs in the UI pass, which draws default-format quads only.
func (f *fixture) expectedDrops() int { return 1 + 2 + 2 + 2 }

func TestResetFilesForgetsOnlyTheirFailures(t *testing.T) {
	failing := map[string]bool{"assets/shaders/a.vert.spv": true, "assets/shaders/b.vert.spv": true,
		"assets/shaders/broken.vert.spv": true}
	f := open(t, blob("a", "a", ""), blob("b", "b", ""))
	f.d.Fail = func(files backends.ShaderFiles) bool { return failing[files.Vertex.Path] }
	if f.b.FormatReady(1, formats.PassForward) || f.b.FormatReady(2, formats.PassForward) {
		t.Fatal("a failing stem is ready")
	}
	if _, err := f.b.CreateShader("assets/shaders/broken.hlsl"); err == nil {
		t.Fatal("a failing material shader loaded")
	}
	clear(failing) // every file is fixed on disk; only a's and the material's are reported
	n, err := f.b.ResetFiles([]string{"assets/shaders/a.vert.spv", "assets/shaders/broken.frag.spv"})
	must(t, err)
	if n != 2 {
		t.Errorf("ResetFiles = %d, want 2 (a's forward pass and the material shader)", n)
	}
	if !f.b.FormatReady(1, formats.PassForward) {
		t.Error("the reset stem was not tried again")
	}
	if f.b.FormatReady(2, formats.PassForward) {
		t.Error("a failure of a file that did not change was forgotten")
	}
	if _, err := f.b.CreateShader("assets/shaders/broken.hlsl"); err != nil {
		t.Errorf("the reset material shader was not tried again: %v", err)
	}
}

func TestResetFilesLiveMaterialShader(t *testing.T) {
	broken := false
	f := open(t)
	f.d.Fail = func(backends.ShaderFiles) bool { return broken }
	id, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	d := backends.Draw{Mesh: f.cube, Shader: id}
	forward := []formats.Pass{formats.PassForward}
	files := []string{"assets/shaders/default_shader.frag.spv"}

	broken = true
	_, err = f.b.ResetFiles(files)
	must(t, err)
	f.frame(forward, d)
	f.frame(forward, d)
	if got := f.b.Stats().DroppedMaterial; got != 1 || len(f.d.Draws[formats.PassForward]) != 0 {
		t.Errorf("a material shader whose rebuild failed: %d draws reached the driver, DroppedMaterial %d; want 0 and 1",
			len(f.d.Draws[formats.PassForward]), got)
	}
	if n := strings.Count(f.log.String(), "level=ERROR"); n != 1 {
		t.Errorf("the failed rebuild was logged %d times, want once:\n%s", n, f.log)
	}
	if again, err := f.b.CreateShader("assets/shaders/default_shader.hlsl"); err != nil || again != id {
		t.Errorf("CreateShader after a failed rebuild = %d, %v; want the same ID %d", again, err, id)
	}

	broken = false
	_, err = f.b.ResetFiles(files)
	must(t, err)
	f.frame(forward, d)
	if got := len(f.d.Draws[formats.PassForward]); got != 1 {
		t.Errorf("after the fix %d draws reached the driver, want 1", got)
	}
	f.b.DestroyShader(id)
	must(t, f.b.Close())
	if freed := slices.Compact(slices.Clone(f.d.Freed)); len(freed) != len(f.d.Freed) {
		t.Errorf("a program was freed twice: %v", f.d.Freed)
	}
}

func TestResetFilesInsideAFrame(t *testing.T) {
	f := open(t)
	must(t, f.b.BeginFrame(&backends.FrameData{}))
	if _, err := f.b.ResetFiles([]string{"assets/shaders/x.vert.spv"}); err == nil {
		t.Error("ResetFiles inside a frame succeeded")
	}
	must(t, f.b.EndFrame())
}

func TestSteadyFrameAfterResetFilesAllocatesNothing(t *testing.T) {
	f := open(t)
	shader, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	d := []backends.Draw{{Mesh: f.cube, Shader: shader}}
	_, err = f.b.ResetFiles([]string{"assets/shaders/default_shader.frag.spv"})
	must(t, err)
	f.frame(all, d...)
	if n := testing.AllocsPerRun(20, func() { f.frame(all, d...) }); n != 0 {
		t.Errorf("a steady frame allocates %v times", n)
	}
}

func TestResetFilesReloadsTheEngine(t *testing.T) {
	tests := []struct {
		name    string
		paths   []string
		fail    bool
		reloads int
		logged  bool
	}{
		{"a game's file", []string{"assets/shaders/a.frag.spv"}, false, 0, false},
		{"the UI pass", []string{"assets/shaders/ui.frag.spv"}, false, 1, false},
		{"the default shadow program", []string{"assets/shaders/shadow_depth.vert.spv"}, false, 1, false},
		{"two engine files, one reload", []string{"assets/shaders/ui.vert.spv", "assets/shaders/lighting_pass.comp.spv"}, false, 1, false},
		{"the lighting pass's compute shader", []string{"assets/shaders/lighting_pass.comp.spv"}, false, 1, false},
		{"a fragment stage Vulkan's lighting pass does not have", []string{"assets/shaders/lighting_pass.frag.spv"}, false, 0, false},
		{"another backend's engine file", []string{"assets/shaders/composite_gl.comp"}, false, 0, false},
		{"a broken engine file", []string{"assets/shaders/ui.frag.spv"}, true, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := open(t)
			if tt.fail {
				f.d.ReloadErr = errors.New("ui.frag.spv: does not compile")
			}
			f.frame(all)
			if _, err := f.b.ResetFiles(tt.paths); err != nil {
				t.Fatal(err)
			}
			if f.d.Reloads != tt.reloads {
				t.Errorf("%d engine reloads, want %d", f.d.Reloads, tt.reloads)
			}
			if got := strings.Contains(f.log.String(), "engine shaders not reloaded"); got != tt.logged {
				t.Errorf("failure logged %v, want %v:\n%s", got, tt.logged, f.log)
			}
		})
	}
}
