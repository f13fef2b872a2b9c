package app

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
)

// Hot reload hands an edited file to the backend between frames, from the
// working directory's assets/shaders and from a game folder alike, and a
// game folder on disk wins over the game's embedded copy.
func TestHotReloadResetsWhatChanged(t *testing.T) {
	tests := []struct {
		name    string
		folder  string // where the shader files are, relative to game.toml
		toml    string
		options bool // -hot-reload rather than game.toml
	}{
		{"working directory, by flag", "assets/shaders", "", true},
		{"game folder, by game.toml", "game/assets/shaders", "[shaders]\ndirs = [\"game/assets/shaders\"]\nhot_reload = true\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			shaders := filepath.FromSlash(tt.folder)
			if err := os.MkdirAll(shaders, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"reload.vert.spv", "reload.frag.spv", "reload.hlsl"} {
				writeFile(t, shaders, f, "v1")
			}
			cfg := writeFile(t, dir, "game.toml", tt.toml+`
[[material]]
name = "m"
shader = "assets/shaders/reload.hlsl"
[[entity]]
mesh = "cube"
material = "m"
[[entity]]
position = [0, 0, 3]
  [entity.camera]
`)
			var d *coretest.Driver
			open := func(c backends.Config) (backends.Backend, error) {
				b, drv, err := coretest.Open(c)
				d = drv
				return b, err
			}
			r, err := Start(Game{}, Options{Config: cfg, Backend: "vulkan", Width: 32, Height: 32, Headless: true,
				Open: open, Logger: quiet(), HotReload: tt.options, reloadInterval: 5 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.reload == nil {
				t.Fatal("hot reload did not start")
			}
			must(t, r.Step(time.Millisecond))
			built := len(d.Built)
			if built == 0 {
				t.Fatal("the material shader was never built")
			}
			writeFile(t, shaders, "reload.frag.spv", "v2, longer")
			writeFile(t, shaders, "reload.hlsl", "not loaded by vulkan, longer")
			deadline := time.Now().Add(10 * time.Second)
			for len(d.Built) == built && time.Now().Before(deadline) {
				must(t, r.Step(time.Millisecond))
				time.Sleep(5 * time.Millisecond)
			}
			if got := len(d.Built) - built; got != 1 {
				t.Fatalf("%d programs rebuilt after an edit, want 1", got)
			}
			if files := d.Built[built].Files.Paths(); !strings.HasSuffix(files[1], "reload.frag.spv") {
				t.Errorf("rebuilt %v", files)
			}
			if data, err := assets.ReadFile("assets/shaders/reload.frag.spv"); err != nil || string(data) != "v2, longer" {
				t.Errorf("the backend reads %q, %v: want the file on disk", data, err)
			}
			// The watcher's goroutine allocates as it polls; the frame's
			// part must not, so it is measured alone.
			r.reload.w.Close()
			if n := testing.AllocsPerRun(5, func() { r.applyReload() }); n != 0 {
				t.Errorf("looking for changes allocates %v times a frame", n)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestHotReloadFlag(t *testing.T) {
	var o Options
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	finish := AddFlags(fs, &o, "")
	must(t, fs.Parse([]string{"-hot-reload"}))
	must(t, finish())
	if !o.HotReload {
		t.Error("-hot-reload did not set Options.HotReload")
	}
}
