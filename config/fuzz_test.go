package config

import (
	"bytes"
	"errors"
	"os"
	"strings"
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

// FuzzParseDepth builds deeply nested documents (inline tables, arrays,
// dotted keys and headers in the mix the bytes choose) and checks that
// Parse refuses those nested past MaxDepth before decoding, with a
// position, and accepts or refuses the rest without panicking.
func FuzzParseDepth(f *testing.F) {
	f.Add(uint16(40), []byte("{"))
	f.Add(uint16(10), []byte("{[.h"))
	f.Add(uint16(5000), []byte("["))
	f.Add(uint16(33), []byte("."))
	f.Add(uint16(32), []byte("h"))
	f.Fuzz(func(t *testing.T, n uint16, kinds []byte) {
		if len(kinds) == 0 {
			return
		}
		doc, depth := nested(int(n), kinds)
		_, err := Parse("d.toml", []byte(doc))
		var es Errors
		deep := err != nil && errors.As(err, &es) && strings.Contains(es[0].Msg, "nested")
		if depth > MaxDepth && !deep {
			t.Fatalf("depth %d not refused: %v", depth, err)
		}
		if deep && (es[0].Line < 1 || es[0].Col < 1) {
			t.Fatalf("depth error without a position: %+v", es[0])
		}
	})
}

// nested writes a document whose deepest key has about depth segments.
func nested(n int, kinds []byte) (string, int) {
	var head, key, open, close strings.Builder
	depth := 0
	for i := range n {
		switch kinds[i%len(kinds)] % 4 {
		case 0: // inline table
			open.WriteString("{k = ")
			close.WriteString("}")
		case 1: // array
			open.WriteString("[")
			close.WriteString("]")
		case 2: // dotted key part
			key.WriteString("d.")
		case 3: // header part
			head.WriteString("h.")
		}
		depth++
	}
	doc := ""
	if head.Len() > 0 {
		doc = "[" + strings.TrimSuffix(head.String(), ".") + "]\n"
	}
	doc += key.String() + "x = " + open.String() + "1" + close.String() + "\n"
	return doc, depth + 1
}
