package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
)

var linuxBackends = []string{"vulkan", "opengl"}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// skipNoDriver skips when the machine lacks the backend's driver, unless
// the run requires every driver.
func skipNoDriver(t *testing.T, kind string, err error) {
	t.Helper()
	if errors.Is(err, backends.ErrNoDriver) && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
		t.Skipf("%s: no driver: %v", kind, err)
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const cubeScene = `
[[material]]
name = "red"
color = [0.9, 0.1, 0.1, 1]
[[entity]]
mesh = "cube"
material = "red"
[[entity]]
position = [0, 0, 3]
  [entity.camera]
[[entity]]
  [entity.directional_light]
`

// The runner runs a game's fallible system every frame, stops on its
// error, and stops when a system calls Quit.
func TestSystemsErrorsAndQuit(t *testing.T) {
	cfg := writeFile(t, t.TempDir(), "game.toml", cubeScene)
	for _, kind := range linuxBackends {
		t.Run(kind, func(t *testing.T) {
			calls := 0
			g := Game{Setup: func(r *Runner) error {
				r.Add(ecs.Update, SystemFunc(func(w *ecs.World) error {
					calls++
					if calls == 3 {
						Quit(w)
					}
					return nil
				}))
				return nil
			}}
			r, err := Start(g, Options{Config: cfg, Backend: kind, Width: 64, Height: 48, Headless: true, Frames: 10, Logger: quiet()})
			skipNoDriver(t, kind, err)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if err := r.Run(); err != nil || r.Frames() != 3 {
				t.Fatalf("run: %v after %d frames; want Quit after 3", err, r.Frames())
			}
			if d := r.Frame.Stats.Draws[formats.PassForward] + r.Frame.Stats.Draws[formats.PassGBuffer]; d == 0 {
				t.Error("the cube was not drawn")
			}

			boom := errors.New("boom")
			g.Setup = func(r *Runner) error {
				r.Add(ecs.LateUpdate, SystemFunc(func(*ecs.World) error { return boom }))
				return nil
			}
			r2, err := Start(g, Options{Config: cfg, Backend: kind, Width: 64, Height: 48, Headless: true, Frames: 10, Logger: quiet()})
			if err != nil {
				t.Fatal(err)
			}
			defer r2.Close()
			if err := r2.Run(); !errors.Is(err, boom) || r2.Frames() != 1 {
				t.Fatalf("err %v after %d frames; want boom after 1", err, r2.Frames())
			}
		})
	}
}

// Strict mode refuses to start, before the first frame, when a variant is
// missing or exists but does not build; each file is listed once with
// every format and pass that needs it.
func TestStrictRefusesBrokenShaders(t *testing.T) {
	vert := "#version 410 core\nlayout(location = 0) in vec3 p;\nvoid main() { gl_Position = vec4(p, 1.0); }\n"
	frag := "#version 410 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"
	mount(fstest.MapFS{
		// Not SPIR-V at all: a text file renamed.
		"shaders/strict_corrupt.vert.spv": {Data: []byte("#version 450\nvoid main() {}\n")},
		"shaders/strict_corrupt.frag.spv": {Data: []byte("garbage!")},
		"shaders/strict_corrupt_gl.vert":  {Data: []byte(vert)},
		"shaders/strict_corrupt_gl.frag":  {Data: []byte(frag)},
		// A GLSL syntax error (a missing parenthesis) for OpenGL.
		"shaders/strict_syntax_gl.vert": {Data: []byte("#version 410 core\nlayout(location = 0) in vec3 p;\nvoid main( { gl_Position = vec4(p, 1.0); }\n")},
		"shaders/strict_syntax_gl.frag": {Data: []byte(frag)},
	})
	format := func(stem string) string {
		return "[renderer]\nstrict_shaders = true\n[[vertex_format]]\nname = \"pos\"\nshader = \"" + stem + "\"\nshadow_shader = \"" + stem + "\"\n" +
			"  [[vertex_format.attribute]]\n  name = \"position\"\n  location = 0\n  format = \"Float3\"\n"
	}
	dir := t.TempDir()
	tests := []struct {
		name, kind, toml string
		path             string // the file the error must name
		users            []string
		missing          bool
	}{
		{"corrupt spv", "vulkan", format("strict_corrupt"), "assets/shaders/strict_corrupt.vert.spv",
			[]string{"vertex format pos, forward pass", "vertex format pos, shadow pass"}, false},
		{"glsl syntax error", "opengl", format("strict_syntax"), "assets/shaders/strict_syntax_gl.vert",
			[]string{"vertex format pos, forward pass", "vertex format pos, shadow pass"}, false},
		{"missing variant", "opengl", format("strict_nowhere"), "assets/shaders/strict_nowhere_gl.vert",
			[]string{"vertex format pos, forward pass", "vertex format pos, shadow pass"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := writeFile(t, dir, tc.name+".toml", tc.toml+cubeScene)
			frames := 0
			g := Game{Setup: func(r *Runner) error {
				r.Add(ecs.Update, SystemFunc(func(*ecs.World) error { frames++; return nil }))
				return nil
			}}
			r, err := Start(g, Options{Config: cfg, Backend: tc.kind, Width: 32, Height: 32, Headless: true, Logger: quiet()})
			skipNoDriver(t, tc.kind, err)
			if err == nil {
				r.Close()
				t.Fatal("started with a broken shader")
			}
			var se *StrictError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v; want a *StrictError", err)
			}
			var mf *backends.MissingFilesError
			if errors.As(err, &mf) != tc.missing {
				t.Errorf("missing-file report %v; want %v", mf != nil, tc.missing)
			}
			var found *StrictFile
			for i := range se.Files {
				if se.Files[i].Path == tc.path {
					found = &se.Files[i]
				}
			}
			if found == nil {
				t.Fatalf("error does not list %s:\n%v", tc.path, err)
			}
			if strings.Join(found.Users, "|") != strings.Join(tc.users, "|") {
				t.Errorf("%s needed by %q; want %q", tc.path, found.Users, tc.users)
			}
			if strings.Count(err.Error(), "\n  "+tc.path+" (") != 1 {
				t.Errorf("%s listed more than once:\n%v", tc.path, err)
			}
			if frames != 0 {
				t.Errorf("%d frames ran", frames)
			}
		})
	}
}

// -h and -help print the flags and succeed; -h is not a size any more.
func TestHelpAndFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "-screenshot"},
		{[]string{"-help"}, 0, "usage: spinner [flags]"},
		{[]string{"-size", "12by4"}, 2, `size "12by4": want WIDTHxHEIGHT`},
		{[]string{"-frobnicate"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-config", "nowhere.toml"}, 1, "nowhere.toml"},
		{[]string{"-config", "testdata/firstgame/game.toml", "-r", "metal"}, 1, `unknown backend "metal"`},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if code := RunArgs(Game{Name: "spinner"}, tc.args, &out, &errb); code != tc.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errb.String())
		}
		if !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, errb.String(), tc.want)
		}
	}
}

// A headless run writes the screenshot and the statistics it was asked for.
func TestHeadlessOutputs(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "game.toml", cubeScene)
	for _, kind := range linuxBackends {
		t.Run(kind, func(t *testing.T) {
			shot, stats := filepath.Join(dir, kind, "shot.png"), filepath.Join(dir, kind, "stats.json")
			var out bytes.Buffer
			r, err := Start(Game{}, Options{Config: cfg, Backend: kind, Width: 48, Height: 32, Headless: true, Frames: 2,
				Screenshot: shot, Stats: stats, Logger: quiet(), Stdout: &out})
			skipNoDriver(t, kind, err)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if err := r.Run(); err != nil {
				t.Fatal(err)
			}
			var s Summary
			data, err := os.ReadFile(stats)
			if err != nil || json.Unmarshal(data, &s) != nil {
				t.Fatalf("stats: %v %s", err, data)
			}
			if s.Frames != 2 || s.Width != 48 || s.Backend != kind || len(s.Dropped) != 0 {
				t.Errorf("stats %+v", s)
			}
			if _, err := os.Stat(shot); err != nil || !strings.Contains(out.String(), "wrote "+shot) {
				t.Errorf("screenshot: %v, stdout %q", err, out.String())
			}
		})
	}
}

// -cpuprofile writes a profile go tool pprof reads (gzip-compressed), and
// StartCPUProfile with no path profiles nothing.
func TestCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prof", "cpu.pprof")
	stop, err := StartCPUProfile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := StartCPUProfile(filepath.Join(t.TempDir(), "second")); err == nil {
		t.Error("a second profile at once started")
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Errorf("a second stop: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Fatalf("profile: %v, %d bytes", err, len(data))
	}
	none, err := StartCPUProfile("")
	if err != nil || none() != nil {
		t.Errorf("no path: %v", err)
	}
}
