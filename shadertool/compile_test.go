package shadertool

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCompileIncremental(t *testing.T) {
	requireTools(t, Glslc)
	dir := t.TempDir()
	copyTree(t, "testdata/compile", dir)
	ctx := context.Background()

	steps := []struct {
		name   string
		change func(t *testing.T)
		want   []string // compiled this run, relative to dir
	}{
		{"cold: every source, no *_gl.* file", func(*testing.T) {}, []string{"a.frag", "a.vert", "b.comp"}},
		{"second run compiles nothing", func(*testing.T) {}, nil},
		{"a newer mtime alone is no change", func(t *testing.T) {
			future := time.Now().Add(time.Hour)
			for _, f := range []string{"a.vert", "a.frag", "inc/common.glsl"} {
				if err := os.Chtimes(filepath.Join(dir, f), future, future); err != nil {
					t.Fatal(err)
				}
			}
		}, nil},
		{"editing a nested include recompiles its includer only", func(t *testing.T) {
			replaceIn(t, filepath.Join(dir, "inc/palette.glsl"), "0.2, 0.2", "0.3, 0.3")
		}, []string{"a.frag"}},
		{"a new file is picked up", func(t *testing.T) {
			writeFile(t, filepath.Join(dir, "d.vert"), "#version 450\nvoid main() { gl_Position = vec4(0.0); }\n")
		}, []string{"d.vert"}},
		{"a hand-edited .spv is rebuilt", func(t *testing.T) {
			writeFile(t, filepath.Join(dir, "a.vert.spv"), "not spir-v")
		}, []string{"a.vert"}},
		{"a deleted .spv is rebuilt", func(t *testing.T) {
			removeFile(t, filepath.Join(dir, "b.comp.spv"))
		}, []string{"b.comp"}},
		{"another recorded glslc version recompiles everything", func(t *testing.T) {
			m, err := readManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			for k, e := range m.Entries {
				e.Glslc = "shaderc 1999.1"
				m.Entries[k] = e
			}
			if err := writeManifest(dir, m); err != nil {
				t.Fatal(err)
			}
		}, []string{"a.frag", "a.vert", "b.comp", "d.vert"}},
		{"a removed source leaves the manifest", func(t *testing.T) {
			removeFile(t, filepath.Join(dir, "d.vert"))
		}, nil},
	}
	for _, st := range steps {
		st.change(t)
		var progress bytes.Buffer
		res, err := Compile(ctx, CompileOptions{WorkDir: dir, Dirs: []string{"."}, Progress: &progress})
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if !equalStrings(res.Compiled, st.want) {
			t.Errorf("%s: compiled %v, want %v", st.name, res.Compiled, st.want)
		}
		if len(res.Compiled)+len(res.UpToDate) != res.Total {
			t.Errorf("%s: %d compiled + %d up to date != %d sources", st.name, len(res.Compiled), len(res.UpToDate), res.Total)
		}
		for _, f := range st.want {
			if !strings.Contains(progress.String(), "compiled "+f+"\n") {
				t.Errorf("%s: progress lacks a line for %s:\n%s", st.name, f, progress.String())
			}
		}
		if n := len(st.want); n > 0 && !strings.Contains(progress.String(), "/"+strconv.Itoa(n)+"] compiled") {
			t.Errorf("%s: progress lines are not [i/%d]:\n%s", st.name, n, progress.String())
		}
	}

	for _, f := range []string{"b_gl.vert.spv", "c_gl.frag.spv"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s was written: *_gl.* files are never compiled", f)
		}
	}
	m, err := readManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range m.Entries {
		names = append(names, k)
	}
	if !equalStrings(names, []string{"a.frag", "a.vert", "b.comp"}) {
		t.Errorf("manifest entries %v", names)
	}
	if e := m.Entries["a.frag"]; !equalStrings(e.Includes, []string{"inc/common.glsl", "inc/palette.glsl"}) || e.Glslc == "" || len(e.SPIRV) != 64 || len(e.Source) != 64 {
		t.Errorf("a.frag entry %+v", e)
	}
}

func TestCompileFailureKeepsGoing(t *testing.T) {
	requireTools(t, Glslc)
	dir := t.TempDir()
	copyTree(t, "testdata/compile", dir)
	bad := filepath.Join(dir, "bad.frag")
	writeFile(t, bad, "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = undefinedThing; }\n")
	// The last good output must survive a failed compile.
	writeFile(t, bad+".spv", "last good")

	var progress bytes.Buffer
	res, err := Compile(context.Background(), CompileOptions{WorkDir: dir, Dirs: []string{"."}, Progress: &progress, Jobs: 2})
	var ce *CompileError
	if !errors.As(err, &ce) || ce.Failed != 1 || ce.Total != 4 {
		t.Fatalf("err = %v, want 1 of 4 failed", err)
	}
	if err.Error() != "1 of 4 shaders failed to compile" {
		t.Errorf("message %q", err)
	}
	if len(res.Failed) != 1 || res.Failed[0].Source != "bad.frag" || !strings.Contains(res.Failed[0].Message, "undefinedThing") {
		t.Fatalf("failed = %+v", res.Failed)
	}
	if !strings.Contains(progress.String(), "FAILED bad.frag\n") || !strings.Contains(progress.String(), "'undefinedThing' : undeclared identifier") {
		t.Errorf("progress lacks glslc's message:\n%s", progress.String())
	}
	if !equalStrings(res.Compiled, []string{"a.frag", "a.vert", "b.comp"}) {
		t.Errorf("compiled %v: the others must still compile", res.Compiled)
	}
	if got := readFile(t, bad+".spv"); got != "last good" {
		t.Errorf("bad.frag.spv = %q, the failed compile replaced it", got)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}

	// Fixed, it compiles, and only it does.
	writeFile(t, bad, "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n")
	res = compileDir(t, dir, ".")
	if !equalStrings(res.Compiled, []string{"bad.frag"}) {
		t.Errorf("after the fix compiled %v", res.Compiled)
	}
}

func TestCompileNoSources(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"empty folder", nil},
		{"only OpenGL files", map[string]string{"x_gl.vert": "", "x_gl.frag": ""}},
		{"only HLSL and includes", map[string]string{"x.hlsl": "", "common.glsl": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				writeFile(t, filepath.Join(dir, "shaders", name), content)
			}
			os.MkdirAll(filepath.Join(dir, "shaders"), 0o755)
			_, err := Compile(context.Background(), CompileOptions{WorkDir: dir, Dirs: []string{"shaders"}})
			if !errors.Is(err, ErrNoSources) || !strings.Contains(err.Error(), "found in shaders") {
				t.Errorf("err = %v, want no sources found in shaders", err)
			}
		})
	}
	_, err := Compile(context.Background(), CompileOptions{WorkDir: t.TempDir(), Dirs: []string{"nope"}})
	if err == nil || !strings.Contains(err.Error(), "shader folder nope") {
		t.Errorf("missing folder: %v", err)
	}
}

// TestCompileWithoutGlslc needs no glslc: the manifest is written by hand.
func TestCompileWithoutGlslc(t *testing.T) {
	dir := t.TempDir()
	src := map[string]string{
		"fresh.vert":      "#version 450\nvoid main() {}\n",
		"changed.frag":    "#version 450\nvoid main() {}\n",
		"missing.vert":    "#version 450\nvoid main() {}\n",
		"unknown.frag":    "#version 450\nvoid main() {}\n",
		"only_gl_gl.vert": "ignored",
	}
	for name, s := range src {
		writeFile(t, filepath.Join(dir, name), s)
	}
	m := &Manifest{Version: manifestVersion, Entries: map[string]ManifestEntry{}}
	for _, name := range []string{"fresh.vert", "changed.frag"} {
		writeFile(t, filepath.Join(dir, name+".spv"), "spv of "+name)
		in, err := hashSource(filepath.Join(dir, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		sum, _ := hashFile(filepath.Join(dir, name+".spv"))
		m.Entries[name] = ManifestEntry{Source: in.Hash, Glslc: "shaderc 2023.2-1", SPIRV: sum}
	}
	writeFile(t, filepath.Join(dir, "unknown.frag.spv"), "from somewhere")
	if err := writeManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "changed.frag"), "#version 450\n// edited\nvoid main() {}\n")

	t.Setenv("PATH", t.TempDir())
	res, err := Compile(context.Background(), CompileOptions{WorkDir: dir, Dirs: []string{"."}})
	var tm *ToolMissingError
	if !errors.As(err, &tm) {
		t.Fatalf("err = %v, want *ToolMissingError", err)
	}
	if want := `glslc not found: install it with "apt-get install glslc" (Debian) or the Vulkan SDK`; err.Error() != want {
		t.Errorf("message %q\nwant    %q", err, want)
	}
	want := map[string]string{
		"changed.frag.spv": staleSource.String(),
		"missing.vert.spv": staleNoSPV.String(),
		"unknown.frag.spv": staleNoEntry.String(),
	}
	got := map[string]string{}
	for _, s := range res.Stale {
		got[s.SPIRV] = s.Reason
	}
	if len(got) != len(want) {
		t.Errorf("stale = %+v, want %v", res.Stale, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("stale %s: %q, want %q", k, got[k], v)
		}
	}
}

func TestDefaultDirs(t *testing.T) {
	game := t.TempDir()
	if got := DefaultDirs(game); len(got) != 0 {
		t.Errorf("no assets/shaders: %v", got)
	}
	os.MkdirAll(filepath.Join(game, "assets", "shaders"), 0o755)
	if got := DefaultDirs(game); len(got) != 1 || got[0] != filepath.Join(game, "assets", "shaders") {
		t.Errorf("game folder: %v", got)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	engine := filepath.Join(root, "assets", "shaders")
	// From the repository root the game and engine folders are one, and
	// game.toml's [shaders] dirs add the sample game's.
	game2 := filepath.Join(root, "voxel", "game", "assets", "shaders")
	if got := DefaultDirs(root); len(got) != 2 || got[0] != engine || got[1] != game2 {
		t.Errorf("repository root: %v, want [%s %s]", got, engine, game2)
	}
	// A game's [shaders] dirs, relative to its game.toml.
	writeFile(t, filepath.Join(game, "game.toml"), "[shaders]\ndirs = [\"mine/shaders\"]\n")
	os.MkdirAll(filepath.Join(game, "mine", "shaders"), 0o755)
	if got := DefaultDirs(game); len(got) != 2 || got[1] != filepath.Join(game, "mine", "shaders") {
		t.Errorf("game with [shaders] dirs: %v", got)
	}
	// From a folder inside the repository, the engine's comes too.
	if got := DefaultDirs(filepath.Join(root, "shadertool")); len(got) != 1 || got[0] != engine {
		t.Errorf("inside the repository: %v, want [%s]", got, engine)
	}
}

func TestProgressOnTerminal(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b, term: true, total: 3}
	p.compiled("a.vert", "")
	p.failed("b.frag", "b.frag:1: error: nope")
	p.compiled("c.frag", "")
	p.finish()
	want := "\r\033[K[1/3] compiled a.vert" + "\r\033[K" + "[2/3] FAILED b.frag\nb.frag:1: error: nope\n" + "\r\033[K[3/3] compiled c.frag\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

func TestCompileWithoutDefaultFolder(t *testing.T) {
	_, err := Compile(context.Background(), CompileOptions{WorkDir: t.TempDir()})
	want := "no shader sources (*.vert, *.frag, *.comp) found: assets/shaders does not exist"
	if !errors.Is(err, ErrNoSources) || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
	_, err = Check(context.Background(), CheckOptions{WorkDir: t.TempDir()})
	if !errors.Is(err, ErrNoShaderDirs) || !strings.Contains(err.Error(), "assets/shaders does not exist") {
		t.Errorf("check: %v", err)
	}
}
