package app

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
)

// [environment] map loads the picture at start and every frame names its
// atlas; a missing or malformed one stops the start with the file named.
func TestEnvironmentMap(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 16, 8))); err != nil {
		t.Fatal(err)
	}
	must(t, os.WriteFile(filepath.Join(dir, "sky.png"), buf.Bytes(), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "truncated.png"), buf.Bytes()[:len(buf.Bytes())/2], 0o644))
	for _, tt := range []struct{ file, err string }{
		{"sky.png", ""},
		{"missing.png", "missing.png"},
		{"truncated.png", "truncated.png"},
	} {
		cfg := writeFile(t, dir, "game.toml", "[environment]\nmap = \""+tt.file+"\"\nintensity = 2\n")
		var d *coretest.Driver
		open := func(c backends.Config) (backends.Backend, error) {
			b, drv, err := coretest.Open(c)
			d = drv
			return b, err
		}
		r, err := Start(Game{}, Options{Config: cfg, Backend: "vulkan", Width: 32, Height: 32, Headless: true, Open: open, Logger: quiet()})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: Start = %v, want an error naming it", tt.file, err)
			}
			if err == nil {
				r.Close()
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		must(t, r.Step(time.Millisecond))
		if e := r.Frame.Env.Map; e == nil || e.Intensity != 2 || d.Environment == d.White() {
			t.Errorf("%s: the frame's environment is %+v and the driver reads %v", tt.file, e, d.Environment)
		}
		must(t, r.Close())
	}
}
