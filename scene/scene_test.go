package scene

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/gltftest"
)

// A game.toml entity whose glTF mesh has a skin is spawned skinned, in the
// engine's skinned format, playing the animation it names (or the file's
// first) in a loop, with bounds that hold every pose of it; one naming an
// animation the file lacks is refused with the ones it has.
func TestSkinnedEntities(t *testing.T) {
	glb, err := gltftest.BarGLB(gltftest.BarOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("models", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("models", "bar.glb"), glb, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, animation string
		err             string
	}{
		{"the first animation", "", ""},
		{"a named animation", "bend", ""},
		{"an animation the file lacks", "walk", `animation "walk": the file has "bend"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := formats.NewRegistry()
			b, _, err := coretest.Open(backends.Config{Width: 8, Height: 8, Formats: reg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			w := ecs.NewWorld()
			f := &config.File{Path: "game.toml", Entities: []config.Entity{{Name: "bar", Mesh: "models/bar.glb", Animation: tc.animation, Scale: [3]float32{1, 1, 1}}}}
			err = BuildFormats(f, w, b, reg)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "entity bar") {
					t.Fatalf("got %v, want an error naming the entity and holding %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			skinned, ok := reg.Lookup(formats.SkinnedLayoutName)
			if !ok {
				t.Fatal("the skinned format was not registered")
			}
			n := 0
			for q := w.Skinned(); q.Next(); n++ {
				m, _ := q.Get()
				if m.Format != skinned {
					t.Errorf("format %d, want the skinned format (%d)", m.Format, skinned)
				}
				// The clip steps the root to x = 1 and turns the upper half
				// to lie along -X from there: the box must reach past both.
				if m.Bounds.Max[0] < 1.1 || m.Bounds.Min[0] > -0.1 || m.Bounds.Max[1] < 2 {
					t.Errorf("bounds %v do not hold the bent, stepped bar", m.Bounds)
				}
			}
			if n != 1 {
				t.Fatalf("%d skinned entities, want 1", n)
			}
			for q := w.Animated(); q.Next(); {
				a, _ := q.Get()
				if a.Clip == nil || a.Clip.Name != "bend" || a.Speed != 1 || !a.Loop {
					t.Errorf("animator %+v, want bend playing in a loop", a)
				}
			}
		})
	}
}
