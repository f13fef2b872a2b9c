package config

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

// FuzzParse checks that no input makes Parse panic, that every reported
// problem has a sane position, and that an accepted file registers cleanly.
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile("testdata/game.toml"); err == nil {
		f.Add(data)
	}
	for _, s := range []string{
		twoFormats,
		edit(35, "  offset = 28"),
		edit(28, "  locaton = 1"),
		edit(20, `gbuffer_shader = "water_gb"`),
		"[window]\nwidth = 0\nheight = \"x\"\n[[entity]]\nmesh = \"cub\"\nmaterial = \"none\"\n",
		"[shaders]\nlimited = [{ stem = \"ssr\", backends = [\"vulkan\", 3] }, 5]\n",
		"[[material]]\nname = \"m\"\ncolor = [1, 0, nan, inf]\nroughness = 2\n",
		"vertex_format = [{ name = \"v\", shader = \"v\", attribute = [{ name = \"p\", location = 0, format = \"Float3\" }] }]\n",
		"[world]\nseed = \"x\"\n[[world.layer]]\ndepth = 1\n",
		"a = [\n[[x]]\n",
		"[window\n",
		"\xef\xbb\xbf[window]\r\nwidth = 5\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var world struct {
			Seed  int64 `toml:"seed"`
			Layer []struct {
				Depth int `toml:"depth"`
			} `toml:"layer"`
		}
		file, err := Parse("f.toml", data, Section{Name: "world", Into: &world})
		lines := bytes.Count(data, []byte("\n")) + 1
		if err != nil {
			if file != nil {
				t.Fatal("a File came back with errors")
			}
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("%T %v is not a non-empty Errors", err, err)
			}
			for _, e := range es {
				if e.Msg == "" || e.Line < 0 || e.Line > lines || (e.Line > 0 && e.Col < 1) {
					t.Fatalf("bad error %+v for %q", e, data)
				}
			}
			return
		}
		if file == nil {
			t.Fatal("nil File without error")
		}
		for i := range file.VertexFormats {
			if err := file.VertexFormats[i].Validate(); err != nil {
				t.Fatalf("accepted an invalid format: %v", err)
			}
		}
		if _, err := file.Register(formats.NewRegistry()); err != nil {
			t.Fatalf("accepted file does not register: %v", err)
		}
	})
}
