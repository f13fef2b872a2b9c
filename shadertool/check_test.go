package shadertool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
)

// newGame copies the game fixture into a temporary folder and compiles its
// shaders, so every check case starts from a game with no problem at all.
func newGame(t *testing.T) string {
	t.Helper()
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	dir := t.TempDir()
	copyTree(t, "testdata/game", dir)
	compileDir(t, dir, "assets/shaders")
	return dir
}

func checkGame(t *testing.T, dir string) *Report {
	t.Helper()
	rep, err := Check(context.Background(), CheckOptions{WorkDir: dir})
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	return rep
}

func (r *Report) row(stem string) *StemRow {
	for i := range r.Stems {
		if r.Stems[i].Stem == stem {
			return &r.Stems[i]
		}
	}
	return nil
}

func (r *Report) feature(name string) *FeatureRow {
	for i := range r.Features {
		if r.Features[i].Feature == name {
			return &r.Features[i]
		}
	}
	return nil
}

func dumpProblems(r *Report) string {
	var b strings.Builder
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "  %s %s %s %s: %s\n", p.Severity, p.Kind, p.Backend, p.File, p.Message)
		if p.Output != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(p.Output, "\n", "\n    "))
		}
	}
	return b.String()
}

func TestCheckCleanGame(t *testing.T) {
	dir := newGame(t)
	rep := checkGame(t, dir)
	if len(rep.Problems) != 0 || !rep.OK() {
		t.Fatalf("a complete game has problems:\n%s", dumpProblems(rep))
	}
	if rep.Config != "game.toml" || len(rep.Dirs) != 1 || rep.Dirs[0] != "assets/shaders" {
		t.Errorf("config %q dirs %v", rep.Config, rep.Dirs)
	}
	if got := len(rep.Stems); got != 3 {
		t.Errorf("%d stem rows, want voxel, voxel_gbuffer, voxel_shadow", got)
	}

	// Vertex-only stems need their vertex files only, HLSL for VS_Main.
	tests := []struct {
		stem       string
		vertexOnly bool
		spirv, gl  []string
	}{
		{"voxel", false, []string{"assets/shaders/voxel.vert.spv", "assets/shaders/voxel.frag.spv"},
			[]string{"assets/shaders/voxel_gl.vert", "assets/shaders/voxel_gl.frag"}},
		{"voxel_shadow", true, []string{"assets/shaders/voxel_shadow.vert.spv"}, []string{"assets/shaders/voxel_shadow_gl.vert"}},
		{"voxel_gbuffer", true, []string{"assets/shaders/voxel_gbuffer.vert.spv"}, []string{"assets/shaders/voxel_gbuffer_gl.vert"}},
	}
	for _, tt := range tests {
		r := rep.row(tt.stem)
		if r == nil {
			t.Errorf("no row for %s", tt.stem)
			continue
		}
		if r.VertexOnly != tt.vertexOnly || !equalStrings(r.SPIRV.Needed, tt.spirv) || !equalStrings(r.GL.Needed, tt.gl) {
			t.Errorf("%s: vertex only %v, spirv %v, gl %v", tt.stem, r.VertexOnly, r.SPIRV.Needed, r.GL.Needed)
		}
		for _, b := range r.Backends {
			if b.Status != StatusOK {
				t.Errorf("%s on %s: %+v", tt.stem, b.Backend, b)
			}
		}
	}
	for _, name := range []string{"format voxel: forward", "format voxel: shadow"} {
		f := rep.feature(name)
		if f == nil {
			t.Fatalf("no feature row %q", name)
		}
		for _, b := range f.Backends {
			if b.Status != StatusOK {
				t.Errorf("%s on %s: %+v", name, b.Backend, b)
			}
		}
	}
}

// want is one expected problem: its severity, kind and file, and a piece of
// its message (or the tool's output).
type want struct {
	sev  Severity
	kind string
	file string
	text string
}

func TestCheckFindsEveryProblem(t *testing.T) {
	sh := func(dir, name string) string { return filepath.Join(dir, "assets", "shaders", name) }
	appendTo := func(t *testing.T, p, s string) { writeFile(t, p, readFile(t, p)+s) }

	tests := []struct {
		name   string
		break_ func(t *testing.T, dir string)
		want   []want
	}{
		{
			name: "missing variants, by the exact names loaded",
			break_: func(t *testing.T, dir string) {
				removeFile(t, sh(dir, "voxel_gl.frag"))
				removeFile(t, sh(dir, "voxel_dx12.hlsl"))
				removeFile(t, sh(dir, "voxel_shadow.vert.spv"))
			},
			want: []want{
				{SevError, KindMissingVariant, "assets/shaders/voxel_gl.frag", "opengl loads it for the fragment stage of voxel"},
				{SevError, KindMissingVariant, "assets/shaders/voxel_dx12.hlsl", "d3d12 loads it for the VS_Main and PS_Main"},
				{SevError, KindMissingVariant, "assets/shaders/voxel_shadow.vert.spv", "run sleak shaders compile to build it from assets/shaders/voxel_shadow.vert"},
			},
		},
		{
			name: "a format stem with no file at all",
			break_: func(t *testing.T, dir string) {
				appendTo(t, filepath.Join(dir, "game.toml"), "\n[[vertex_format]]\nname = \"grass\"\nshader = \"grass\"\n  [[vertex_format.attribute]]\n  name = \"position\"\n  location = 0\n  format = \"Float3\"\n")
			},
			want: []want{
				{SevError, KindMissingVariant, "assets/shaders/grass.vert.spv", "its source assets/shaders/grass.vert is missing too"},
				{SevError, KindMissingVariant, "assets/shaders/grass.frag.spv", "vertex format grass: forward"},
				{SevError, KindMissingVariant, "assets/shaders/grass_gl.vert", ""},
				{SevError, KindMissingVariant, "assets/shaders/grass_gl.frag", ""},
				{SevError, KindMissingVariant, "assets/shaders/grass.hlsl", ""},
				{SevError, KindMissingVariant, "assets/shaders/grass_dx12.hlsl", ""},
			},
		},
		{
			name: "a vertex-only stem needs no fragment stage",
			break_: func(t *testing.T, dir string) {
				writeFile(t, sh(dir, "voxel_shadow.frag"), "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n")
			},
			want: []want{{SevWarning, KindNotCompiled, "assets/shaders/voxel_shadow.frag", "run sleak shaders compile"}},
		},
		{
			name:   "stale .spv after a source edit",
			break_: func(t *testing.T, dir string) { appendTo(t, sh(dir, "voxel.vert"), "// tweak\n") },
			want:   []want{{SevError, KindStale, "assets/shaders/voxel.vert.spv", "assets/shaders/voxel.vert (or a file it includes) changed"}},
		},
		{
			name:   "stale .spv after an include edit",
			break_: func(t *testing.T, dir string) { replaceIn(t, sh(dir, "common.glsl"), "0.1);", "0.2);") },
			want:   []want{{SevError, KindStale, "assets/shaders/voxel.frag.spv", "changed since it was compiled"}},
		},
		{
			name:   "no manifest: unknown provenance",
			break_: func(t *testing.T, dir string) { removeFile(t, sh(dir, ManifestName)) },
			want: []want{
				{SevWarning, KindUnknownProvenance, "assets/shaders/voxel.vert.spv", "identical to a fresh compile"},
				{SevWarning, KindUnknownProvenance, "assets/shaders/voxel.frag.spv", "unknown provenance"},
				{SevWarning, KindUnknownProvenance, "assets/shaders/voxel_shadow.vert.spv", "unknown provenance"},
				{SevWarning, KindUnknownProvenance, "assets/shaders/voxel_gbuffer.vert.spv", "unknown provenance"},
			},
		},
		{
			name: "a .spv replaced by hand",
			break_: func(t *testing.T, dir string) {
				writeFile(t, sh(dir, "voxel_gbuffer.vert.spv"), readFile(t, sh(dir, "voxel_shadow.vert.spv")))
			},
			want: []want{{SevWarning, KindUnknownProvenance, "assets/shaders/voxel_gbuffer.vert.spv", "differs from a fresh compile"}},
		},
		{
			name:   "a .spv without its source",
			break_: func(t *testing.T, dir string) { removeFile(t, sh(dir, "voxel_gbuffer.vert")) },
			want:   []want{{SevError, KindMissingSource, "assets/shaders/voxel_gbuffer.vert.spv", "has no source assets/shaders/voxel_gbuffer.vert"}},
		},
		{
			name: "misnamed files",
			break_: func(t *testing.T, dir string) {
				for name, content := range map[string]string{
					"voxel.spv":          "x",
					"voxel_frag.spv":     "x",
					"voxel.hlsl.vert":    "x",
					"voxel_gl.vert.spv":  "x",
					"voxel.vert.glsl":    "x",
					"voxel_dx11.hlsl":    "x",
					"voxel_shadow.VERT":  "x",
					"notes.txt":          "x",
					"unused_common.glsl": "// nothing includes this\n",
				} {
					writeFile(t, sh(dir, name), content)
				}
			},
			want: []want{
				{SevError, KindMisnamed, "assets/shaders/voxel.spv", "voxel.vert.spv or voxel.frag.spv"},
				{SevError, KindMisnamed, "assets/shaders/voxel_frag.spv", "did you mean voxel.frag.spv?"},
				{SevError, KindMisnamed, "assets/shaders/voxel.hlsl.vert", "did you mean voxel.vert?"},
				{SevError, KindMisnamed, "assets/shaders/voxel_gl.vert.spv", "Vulkan looks for voxel.vert.spv"},
				{SevError, KindMisnamed, "assets/shaders/voxel.vert.glsl", "did you mean voxel.vert?"},
				{SevError, KindMisnamed, "assets/shaders/voxel_dx11.hlsl", "Direct3D 11 reads voxel.hlsl"},
				{SevError, KindMisnamed, "assets/shaders/voxel_shadow.VERT", "case-sensitive"},
				{SevError, KindMisnamed, "assets/shaders/unused_common.glsl", "no shader #includes it"},
				{SevWarning, KindUnrecognised, "assets/shaders/notes.txt", "no backend loads this file"},
			},
		},
		{
			name: "HLSL without the entry points its stem needs",
			break_: func(t *testing.T, dir string) {
				replaceIn(t, sh(dir, "voxel.hlsl"), "PS_Main(", "ps_main(")
				replaceIn(t, sh(dir, "voxel_shadow_dx12.hlsl"), "VS_Main(", "Main(")
			},
			want: []want{
				{SevError, KindMissingEntry, "assets/shaders/voxel.hlsl", "has no PS_Main: d3d11 needs it for the fragment stage of voxel (found ps_main"},
				{SevError, KindMissingEntry, "assets/shaders/voxel_shadow_dx12.hlsl", "has no VS_Main: d3d12 needs it"},
			},
		},
		{
			name: "OpenGL compile error",
			break_: func(t *testing.T, dir string) {
				replaceIn(t, sh(dir, "voxel_gl.frag"), "l * vColor.rgb", "l * vColour.rgb")
			},
			want: []want{{SevError, KindCompile, "assets/shaders/voxel_gl.frag", "'vColour' : undeclared identifier"}},
		},
		{
			name:   "HLSL compile error",
			break_: func(t *testing.T, dir string) { replaceIn(t, sh(dir, "voxel_dx12.hlsl"), "return o;", "return oo;") },
			want:   []want{{SevError, KindCompile, "assets/shaders/voxel_dx12.hlsl", "'oo' : unknown variable"}}, // once, though both entry points fail
		},
		{
			name:   "Vulkan compile error",
			break_: func(t *testing.T, dir string) { replaceIn(t, sh(dir, "voxel.frag"), "vColor.a);", "vColour.a);") },
			want: []want{
				{SevError, KindCompile, "assets/shaders/voxel.frag", "'vColour' : undeclared identifier"},
				{SevError, KindStale, "assets/shaders/voxel.frag.spv", "changed since it was compiled"},
			},
		},
		{
			name: "layout: wrong base type",
			break_: func(t *testing.T, dir string) {
				replaceIn(t, filepath.Join(dir, "game.toml"), "name = \"color\"\n  location = 2\n  format = \"Float4\"", "name = \"color\"\n  location = 2\n  format = \"UByte4\"")
			},
			want: []want{
				{SevError, KindLayout, "assets/shaders/voxel.vert.spv", `vertex format "voxel" (forward pass): attribute "color" at location 2 is UByte4 (uint x4), but assets/shaders/voxel.vert.spv reads it as vec4 inColor (float x4): base types differ`},
				{SevError, KindLayout, "assets/shaders/voxel_gbuffer.vert.spv", `vertex format "voxel" (gbuffer pass): attribute "color" at location 2 is UByte4`},
			},
		},
		{
			name: "layout: a location the format lacks",
			break_: func(t *testing.T, dir string) {
				replaceIn(t, filepath.Join(dir, "game.toml"), "  [[vertex_format.attribute]]\n  name = \"uv\"\n  location = 3\n  format = \"Float2\"\n", "")
			},
			want: []want{
				{SevError, KindLayout, "assets/shaders/voxel.vert.spv", `vertex format "voxel" (forward pass): assets/shaders/voxel.vert.spv reads location 3 (vec2 inUV), but the format has no attribute at location 3`},
				{SevError, KindLayout, "assets/shaders/voxel_gbuffer.vert.spv", "no attribute at location 3"},
			},
		},
		{
			name: "layout: too few components",
			break_: func(t *testing.T, dir string) {
				replaceIn(t, filepath.Join(dir, "game.toml"), "name = \"normal\"\n  location = 1\n  format = \"Float3\"", "name = \"normal\"\n  location = 1\n  format = \"Float2\"")
			},
			want: []want{
				{SevError, KindLayout, "assets/shaders/voxel.vert.spv", `attribute "normal" at location 1 is Float2 (float x2), but assets/shaders/voxel.vert.spv reads it as vec3 inNormal (float x3): the format supplies fewer components`},
				{SevError, KindLayout, "assets/shaders/voxel_gbuffer.vert.spv", "fewer components"},
			},
		},
		{
			name: "accepted gaps of a stem limited to Vulkan",
			break_: func(t *testing.T, dir string) {
				writeFile(t, sh(dir, "water.vert"), "#version 450\nlayout(location = 0) in vec3 inPosition;\nlayout(location = 1) in vec4 inColor;\nlayout(location = 0) out vec4 vColor;\nvoid main() { vColor = inColor; gl_Position = vec4(inPosition, 1.0); }\n")
				writeFile(t, sh(dir, "water.frag"), "#version 450\nlayout(location = 0) in vec4 vColor;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vColor; }\n")
				compileDir(t, dir, "assets/shaders")
				appendTo(t, filepath.Join(dir, "game.toml"), `
[[vertex_format]]
name = "water"
shader = "water"
  [[vertex_format.attribute]]
  name = "position"
  location = 0
  format = "Float3"
  [[vertex_format.attribute]]
  name = "color"
  location = 1
  format = "UByte4Norm"

[shaders]
limited = [{stem = "water", backends = ["vulkan"]}]
`)
			},
			want: []want{
				{SevAccepted, KindAcceptedGap, "assets/shaders/water_gl.vert", "accepted, game.toml limits water to vulkan"},
				{SevAccepted, KindAcceptedGap, "assets/shaders/water_gl.frag", ""},
				{SevAccepted, KindAcceptedGap, "assets/shaders/water.hlsl", ""},
				{SevAccepted, KindAcceptedGap, "assets/shaders/water_dx12.hlsl", ""},
			},
		},
		{
			name: "a limit that matches no stem",
			break_: func(t *testing.T, dir string) {
				appendTo(t, filepath.Join(dir, "game.toml"), "\n[shaders]\nlimited = [{stem = \"ssr\", backends = [\"vulkan\"]}]\n")
			},
			want: []want{{SevWarning, KindUnusedLimit, "game.toml", "limits stem ssr to vulkan"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newGame(t)
			tt.break_(t, dir)
			rep := checkGame(t, dir)
			matched := make([]bool, len(rep.Problems))
			for _, w := range tt.want {
				found := false
				for i, p := range rep.Problems {
					if !matched[i] && p.Severity == w.sev && p.Kind == w.kind && p.File == w.file &&
						(strings.Contains(p.Message, w.text) || strings.Contains(p.Output, w.text)) {
						matched[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("missing %s %s %s %q", w.sev, w.kind, w.file, w.text)
				}
			}
			for i, p := range rep.Problems {
				if !matched[i] {
					t.Errorf("unexpected %s %s %s: %s", p.Severity, p.Kind, p.File, p.Message)
				}
			}
			wantErrors := 0
			for _, w := range tt.want {
				if w.sev == SevError {
					wantErrors++
				}
			}
			if rep.OK() != (wantErrors == 0) || rep.Summary.Errors != wantErrors {
				t.Errorf("summary %+v, want %d errors", rep.Summary, wantErrors)
			}
			if t.Failed() {
				t.Logf("problems:\n%s", dumpProblems(rep))
			}
		})
	}
}

func TestCheckAcceptedGapsInMatrices(t *testing.T) {
	dir := newGame(t)
	writeFile(t, filepath.Join(dir, "assets/shaders/water.vert"), "#version 450\nlayout(location = 0) in vec3 p;\nvoid main() { gl_Position = vec4(p, 1.0); }\n")
	writeFile(t, filepath.Join(dir, "assets/shaders/water.frag"), "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n")
	compileDir(t, dir, "assets/shaders")
	writeFile(t, filepath.Join(dir, "game.toml"), readFile(t, filepath.Join(dir, "game.toml"))+`
[[vertex_format]]
name = "water"
shader = "water"
  [[vertex_format.attribute]]
  name = "position"
  location = 0
  format = "Float3"

[shaders]
limited = [{stem = "water", backends = ["vulkan"]}]
`)
	rep := checkGame(t, dir)
	if !rep.OK() {
		t.Fatalf("accepted gaps failed the check:\n%s", dumpProblems(rep))
	}
	r := rep.row("water")
	if r == nil || !equalStrings(r.LimitedTo, []string{"vulkan"}) {
		t.Fatalf("water row %+v", r)
	}
	wantStatus := map[string]string{"vulkan": StatusOK, "opengl": StatusAcceptedGap, "d3d11": StatusAcceptedGap, "d3d12": StatusAcceptedGap}
	for _, b := range r.Backends {
		if b.Status != wantStatus[b.Backend] {
			t.Errorf("water row on %s: %s", b.Backend, b.Status)
		}
	}
	f := rep.feature("format water: forward")
	if f == nil {
		t.Fatal("no feature row for format water")
	}
	for _, b := range f.Backends {
		if b.Status != wantStatus[b.Backend] {
			t.Errorf("format water: forward on %s: %s", b.Backend, b.Status)
		}
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"(limited to vulkan)", "no (accepted)", "accepted: assets/shaders/water_gl.vert is missing", "0 error(s), 0 warning(s), 4 accepted gap(s)"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text report lacks %q:\n%s", s, text.String())
		}
	}
}

func TestCheckJSONShape(t *testing.T) {
	dir := newGame(t)
	removeFile(t, filepath.Join(dir, "assets/shaders/voxel_gl.frag"))
	rep := checkGame(t, dir)
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	keys := func(v any) []string {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%T is not an object", v)
		}
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	first := func(v any) any {
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			t.Fatalf("%v is not a non-empty array", v)
		}
		return a[0]
	}
	tests := []struct {
		what string
		v    any
		keys []string
	}{
		{"report", doc, []string{"config", "dirs", "features", "problems", "stems", "summary", "tools"}},
		{"stem", first(doc["stems"]), []string{"backends", "dir", "dx12_hlsl", "gl", "hlsl", "spirv", "stages", "stem", "uses", "vertex_only", "vulkan_sources"}},
		{"cell", first(doc["stems"]).(map[string]any)["gl"], []string{"missing", "needed", "present", "provenance"}},
		{"stem backend", first(first(doc["stems"]).(map[string]any)["backends"]), []string{"backend", "status"}},
		{"feature", first(doc["features"]), []string{"backends", "feature", "stems"}},
		{"problem", first(doc["problems"]), []string{"backend", "file", "kind", "message", "severity", "stem"}},
		{"tool", first(doc["tools"]), []string{"name", "path", "version"}},
		{"summary", doc["summary"], []string{"accepted", "errors", "warnings"}},
	}
	for _, tt := range tests {
		if got := keys(tt.v); !equalStrings(got, tt.keys) {
			t.Errorf("%s keys %v, want %v", tt.what, got, tt.keys)
		}
	}
	p := first(doc["problems"]).(map[string]any)
	if p["severity"] != "error" || p["kind"] != KindMissingVariant || p["file"] != "assets/shaders/voxel_gl.frag" || p["backend"] != "opengl" {
		t.Errorf("problem %v", p)
	}
	if s := doc["summary"].(map[string]any); s["errors"] != 1.0 {
		t.Errorf("summary %v", s)
	}
}

// engineOnlyConfig is an empty game.toml, so the engine's shaders are
// checked by their own roles alone, not against the sample game's formats
// (whose stems live in the game's folder).
func engineOnlyConfig(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "game.toml")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// acceptedEngineGaps are the engine's variant files that are knowingly
// absent, by the exact names the backends load. The list is fixed here,
// not derived from the files on disk, so deleting a variant fails
// TestEngineShaders until this list (and docs/SHADERS.md) say it is gone on
// purpose. Every engine stem has every variant today.
var acceptedEngineGaps = []string{}

// TestEngineShaders is "go run ./cmd/sleak shaders check assets/shaders"
// from the repository root. The only errors accepted are the missing files
// of acceptedEngineGaps: anything else fails.
func TestEngineShaders(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"assets/shaders"}, Config: engineOnlyConfig(t)})
	if err != nil {
		t.Fatal(err)
	}
	gaps := acceptedEngineGaps
	var got []string
	for _, p := range rep.Problems {
		if p.Kind == KindMissingVariant && contains(gaps, p.File) {
			got = append(got, p.File)
			continue
		}
		t.Errorf("engine shaders: %s %s %s: %s\n%s", p.Severity, p.Kind, p.File, p.Message, p.Output)
	}
	if !equalStrings(got, gaps) {
		t.Errorf("HLSL gaps reported %v, want exactly %v", got, gaps)
	}
	for _, e := range EngineStems {
		r := rep.row(e.Stem)
		if r == nil {
			t.Errorf("no row for engine stem %s", e.Stem)
			continue
		}
		if !equalStrings(r.Stages, e.Stages.List()) {
			t.Errorf("%s stages %v, want %v", e.Stem, r.Stages, e.Stages.List())
		}
		for _, b := range r.Backends[:2] {
			if b.Status != StatusOK {
				t.Errorf("engine stem %s on %s: %+v", e.Stem, b.Backend, b)
			}
		}
	}
}

// TestCheckWithoutTools needs none of the tools: it hides them all.
func TestCheckWithoutTools(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, "testdata/game", dir)
	// A vertex .spv on disk makes the layout check want spirv-cross.
	writeFile(t, filepath.Join(dir, "assets/shaders/voxel.vert.spv"), "not compiled")
	t.Setenv("PATH", t.TempDir())
	rep := checkGame(t, dir)
	want := []string{ // problems without a file are sorted by message
		`glslangValidator not found: install it with "apt-get install glslang-tools" (Debian) or the Vulkan SDK (12 OpenGL and HLSL files not checked)`,
		`glslc not found: install it with "apt-get install glslc" (Debian) or the Vulkan SDK (4 Vulkan sources not checked)`,
		`spirv-cross not found: install it with "apt-get install spirv-cross" (Debian) or the Vulkan SDK (1 vertex shaders' inputs not checked)`,
	}
	var got []string
	for _, p := range rep.Problems {
		if p.Kind == KindToolMissing {
			got = append(got, p.Message)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("tool problems %q, want %d", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got  %q\nwant %q", got[i], want[i])
		}
	}
	if rep.OK() {
		t.Error("a check that could not run passed")
	}
}

// TestIncludeFeatures: the feature matrix rows of features the engine's
// shaders carry in shared includes follow what each backend's files hold:
// a Direct3D file with the include taken out loses the row on both
// Direct3D backends, names that file, and leaves the other rows as they
// are.
func TestIncludeFeatures(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	d3dMissing := [4]string{StatusOK, StatusOK, StatusMissing, StatusMissing}
	allOK := [4]string{StatusOK, StatusOK, StatusOK, StatusOK}
	for _, tc := range []struct {
		name, file, include, replace string
		rows                         map[string][4]string
		lost, named                  string // the row lost on Direct3D 11, and what its missing file says
	}{
		{"punctual lights", "lighting_pass.hlsl", `#include "sleak_lights_apply.hlsli"`, "",
			map[string][4]string{FeaturePunctualLights: d3dMissing}, FeaturePunctualLights, "lighting_pass.hlsl"},
		// The gbuffer stage without its normal map: smOut is the plain normal.
		{"normal maps", "gbuffer.hlsl", `#include "sleak_maps.hlsli"`, "smOut = smNormal;",
			map[string][4]string{FeatureNormalMaps: d3dMissing, FeatureEmissiveMaps: allOK}, FeatureNormalMaps, "gbuffer.hlsl (reads no normal map)"},
		// A lighting pass that no longer draws the map as the sky keeps
		// image-based lighting.
		{"skybox", "lighting_pass.hlsl", `#include "sleak_ibl_sky.hlsli"`, "",
			map[string][4]string{FeatureSkybox: d3dMissing, FeatureIBL: allOK}, FeatureSkybox, "lighting_pass.hlsl (draws no skybox)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "go.mod"), readFile(t, filepath.Join("..", "go.mod")))
			writeFile(t, filepath.Join(root, "game.toml"), "")
			copyTree(t, filepath.Join("..", "assets", "shaders"), filepath.Join(root, "assets", "shaders"))
			p := filepath.Join(root, "assets", "shaders", tc.file)
			writeFile(t, p, strings.Replace(readFile(t, p), tc.include, tc.replace, 1))
			rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"assets/shaders"}})
			if err != nil {
				t.Fatal(err)
			}
			for feature, want := range tc.rows {
				f := rep.feature(feature)
				if f == nil {
					t.Fatalf("no %s row", feature)
				}
				for i, w := range want {
					if got := f.Backends[i].Status; got != w {
						t.Errorf("%s on %s: %s, want %s (%+v)", feature, f.Backends[i].Backend, got, w, f.Backends[i])
					}
				}
			}
			if m := rep.feature(tc.lost).Backends[2].Missing; len(m) != 1 || !strings.Contains(m[0], tc.named) {
				t.Errorf("d3d11 missing %q, want %s named", m, tc.named)
			}
		})
	}
}

// TestComputeStem checks the engine stem Vulkan runs as a compute shader
// (lighting_pass): its row says so, its one Vulkan file is required, and
// the features carried by its code are looked for in that file.
func TestComputeStem(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	if !backends.IsComputeStem(backends.Vulkan, "lighting_pass") {
		t.Fatal("lighting_pass is no compute stem on Vulkan")
	}
	for _, tc := range []struct {
		name   string
		change func(dir string)
		want   string // a problem's message, or a Vulkan row's missing file; "" none
	}{
		{"as shipped", func(string) {}, ""},
		{"no compiled file", func(dir string) { removeFile(t, filepath.Join(dir, "lighting_pass.comp.spv")) },
			"lighting_pass.comp.spv is missing: vulkan loads it for the compute stage of lighting_pass"},
		{"no sky drawn", func(dir string) {
			p := filepath.Join(dir, "lighting_pass.comp")
			writeFile(t, p, strings.Replace(readFile(t, p), "sleakEnvSky(dir, sleakSky(dir))", "sleakSky(dir)", 1))
			compileDir(t, filepath.Dir(filepath.Dir(dir)), "assets/shaders")
		}, "lighting_pass.comp (draws no skybox)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "go.mod"), readFile(t, filepath.Join("..", "go.mod")))
			writeFile(t, filepath.Join(root, "game.toml"), "")
			dir := filepath.Join(root, "assets", "shaders")
			copyTree(t, filepath.Join("..", "assets", "shaders"), dir)
			tc.change(dir)
			rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"assets/shaders"}})
			if err != nil {
				t.Fatal(err)
			}
			r := rep.row("lighting_pass")
			if r == nil || !slices.Equal(r.Compute, []string{"vulkan", "opengl"}) {
				t.Fatalf("lighting_pass row %+v, want it marked as compute on Vulkan and OpenGL", r)
			}
			var found []string
			for _, p := range rep.Problems {
				if p.Severity == SevError {
					found = append(found, p.Message)
				}
			}
			if f := rep.feature(FeatureSkybox); f != nil {
				found = append(found, f.Backends[0].Missing...)
			}
			if tc.want == "" {
				if len(found) > 0 {
					t.Errorf("problems %q, want none", found)
				}
				return
			}
			if !slices.ContainsFunc(found, func(m string) bool { return strings.Contains(m, tc.want) }) {
				t.Errorf("problems %q, want one saying %q", found, tc.want)
			}
		})
	}
}

// TestEngineShadersBeforeDirect3D checks a copy of the engine's shaders
// without any HLSL, the state before the Direct3D backends: the errors must
// be exactly the thirty-four HLSL files docs/SHADERS.md lists, vertex-only and
// fragment-only roles included, and nothing else.
func TestEngineShadersBeforeDirect3D(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), readFile(t, filepath.Join("..", "go.mod")))
	// The engine alone: no game formats.
	writeFile(t, filepath.Join(root, "game.toml"), "")
	copyTree(t, filepath.Join("..", "assets", "shaders"), filepath.Join(root, "assets", "shaders"))
	hlsl, _ := filepath.Glob(filepath.Join(root, "assets", "shaders", "*.hlsl"))
	// The shared HLSL includes go too: nothing includes them any more.
	includes, _ := filepath.Glob(filepath.Join(root, "assets", "shaders", "*.hlsli"))
	hlsl = append(hlsl, includes...)
	for _, f := range hlsl {
		removeFile(t, f)
	}
	rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"assets/shaders"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"assets/shaders/composite.hlsl":           "VS_Main and PS_Main",
		"assets/shaders/composite_dx12.hlsl":      "VS_Main and PS_Main",
		"assets/shaders/debug_lines.hlsl":         "VS_Main and PS_Main of debug_lines",
		"assets/shaders/debug_lines_dx12.hlsl":    "VS_Main and PS_Main of debug_lines",
		"assets/shaders/default_shader.hlsl":      "VS_Main and PS_Main",
		"assets/shaders/default_shader_dx12.hlsl": "VS_Main and PS_Main",
		"assets/shaders/gbuffer.hlsl":             "for the PS_Main of gbuffer",
		"assets/shaders/gbuffer_dx12.hlsl":        "for the PS_Main of gbuffer",
		"assets/shaders/gbuffer_flat.hlsl":        "for the PS_Main of gbuffer_flat",
		"assets/shaders/gbuffer_flat_dx12.hlsl":   "for the PS_Main of gbuffer_flat",
		"assets/shaders/lighting_pass.hlsl":       "VS_Main and PS_Main",
		"assets/shaders/lighting_pass_dx12.hlsl":  "VS_Main and PS_Main",
		"assets/shaders/shadow_depth.hlsl":        "for the VS_Main of shadow_depth",
		"assets/shaders/shadow_depth_dx12.hlsl":   "for the VS_Main of shadow_depth",
		"assets/shaders/ui.hlsl":                  "VS_Main and PS_Main of ui",
		"assets/shaders/ui_dx12.hlsl":             "VS_Main and PS_Main of ui",
	}
	for stem, entries := range map[string]string{"skinned_shader": "VS_Main and PS_Main", "skinned_shader_shadow": "VS_Main", "skinned_shader_gbuffer": "VS_Main"} {
		want["assets/shaders/"+stem+".hlsl"] = entries + " of " + stem
		want["assets/shaders/"+stem+"_dx12.hlsl"] = entries + " of " + stem
	}
	for _, stem := range []string{"ssao", "ssao_blur", "ssr", "bloom", "bloom_blur", "antialias", "taa"} {
		want["assets/shaders/"+stem+".hlsl"] = "VS_Main and PS_Main of " + stem
		want["assets/shaders/"+stem+"_dx12.hlsl"] = "VS_Main and PS_Main of " + stem
	}
	for _, p := range rep.Problems {
		if p.Severity == SevError && p.Kind == KindMissingVariant && strings.Contains(p.Message, want[p.File]) && want[p.File] != "" {
			delete(want, p.File)
			continue
		}
		t.Errorf("unexpected %s %s %s: %s", p.Severity, p.Kind, p.File, p.Message)
	}
	for f := range want {
		t.Errorf("%s not reported missing", f)
	}
	if f := rep.feature(FeatureShadows); f == nil || f.Backends[0].Status != StatusOK || f.Backends[2].Status != StatusMissing {
		t.Errorf("shadows feature %+v", f)
	}
}

// TestGameShaders is "go run ./cmd/sleak shaders check -config game.toml
// voxel/game/assets/shaders" from the repository root: the sample game's
// stems, found through game.toml's [shaders] dirs, must be complete and
// clean on every backend.
func TestGameShaders(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"voxel/game/assets/shaders"}, Config: "game.toml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Problems {
		t.Errorf("%s %s %s: %s\n%s", p.Severity, p.Kind, p.File, p.Message, p.Output)
	}
	for _, f := range rep.Features {
		for _, b := range f.Backends {
			if b.Status != StatusOK {
				t.Errorf("feature %s on %s: %s", f.Feature, b.Backend, b.Status)
			}
		}
	}
}

// TestMountedGameFolder: stems named by game.toml's formats are looked for
// in the game's [shaders] dirs, and a missing variant is named there.
func TestMountedGameFolder(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "game.toml"), `
[shaders]
dirs = ["game/shaders"]

[[vertex_format]]
name = "tiny"
shader = "tiny"
  [[vertex_format.attribute]]
  name = "p"
  location = 0
  format = "Float3"
`)
	writeFile(t, filepath.Join(root, "game/shaders/tiny_gl.vert"), "#version 410 core\nlayout(location = 0) in vec3 p;\nvoid main() { gl_Position = vec4(p, 1.0); }\n")
	rep, err := Check(context.Background(), CheckOptions{WorkDir: root, Dirs: []string{"game/shaders"}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range rep.Problems {
		if p.Kind == KindMissingVariant && p.File == "game/shaders/tiny_gl.frag" {
			found = true
		}
		if strings.HasPrefix(p.File, "assets/") {
			t.Errorf("looked for the game's stem beside game.toml: %s", p.Message)
		}
	}
	if !found {
		t.Errorf("tiny_gl.frag not reported missing in the game's folder: %+v", rep.Problems)
	}
}
