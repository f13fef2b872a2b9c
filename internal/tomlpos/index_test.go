package tomlpos

import (
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

const tricky = `# comment with [brackets] and key = "value"
title = "a # not a comment [x] = y" # real comment
"quoted key" = 1
'literal.key' = 2
dotted.inner.leaf = 3

[window]
width = 1200   # px
  height=800
desc = """
width = 5
[not_a_table]
"""
after = 'x'
lit = '''
[[also_not]]
'''''
bs = """ends with quotes"""""
esc = "a \"# quoted\" ] ["
arr = [
  1, # one
  [2, 3],
  { x = 1, y = "]" },
]
pos = { x = 1.5, nested = { z = [10, 20] } }
when = 1979-05-27 07:32:00
"a.b" . c = 4

[[vertex_format]]
name = "voxel"
  [[vertex_format.attribute]]
  name = "position"
  [[vertex_format.attribute]]
  name = "normal"
  offset = 12

[[vertex_format]]
name = "water"
[[vertex_format.attribute]]
name = "position"
[[ vertex_format.attribute ]]
location = 1
[[vertex_format.attribute]]
locaton = 2

[entity.camera]
fov = 60

[a.b.c]
d = 1
[a]
e = 2
`

func TestPos(t *testing.T) {
	// The test input must be valid TOML, so positions are checked against
	// what the decoder accepts.
	var v any
	if _, err := toml.Decode(tricky, &v); err != nil {
		t.Fatal(err)
	}
	x := Scan([]byte(tricky))
	tests := []struct {
		path      []any
		line, col int
	}{
		{[]any{"title"}, 2, 1},
		{[]any{`"quoted key"`}, 3, 1},
		{[]any{`'literal.key'`}, 4, 1},
		{[]any{"dotted.inner.leaf"}, 5, 1},
		{[]any{"dotted", "inner"}, 5, 1},
		{[]any{"window"}, 7, 1},
		{[]any{"window.width"}, 8, 1},
		{[]any{"window", "height"}, 9, 3},
		{[]any{"window", "desc"}, 10, 1},
		{[]any{"window.after"}, 14, 1},
		{[]any{"window.lit"}, 15, 1},
		{[]any{"window.bs"}, 18, 1},
		{[]any{"window.esc"}, 19, 1},
		{[]any{"window.arr"}, 20, 1},
		{[]any{"window.arr", 0}, 21, 3},
		{[]any{"window.arr", 1}, 22, 3},
		{[]any{"window.arr", 1, 1}, 22, 7},
		{[]any{"window.arr", 2, "y"}, 23, 12},
		{[]any{"window.pos.x"}, 25, 9},
		{[]any{"window.pos.nested.z", 1}, 25, 38},
		{[]any{"window.when"}, 26, 1},
		{[]any{`window."a.b".c`}, 27, 1},
		{[]any{"vertex_format"}, 29, 1},
		{[]any{"vertex_format", 0}, 29, 1},
		{[]any{"vertex_format", 0, "name"}, 30, 1},
		{[]any{"vertex_format", 0, "attribute", 0}, 31, 3},
		{[]any{"vertex_format", 0, "attribute", 1, "offset"}, 35, 3},
		{[]any{"vertex_format", 1}, 37, 1},
		{[]any{"vertex_format.1.name"}, 38, 1},
		{[]any{"vertex_format", 1, "attribute", 1}, 41, 1},
		{[]any{"vertex_format", 1, "attribute", 1, "location"}, 42, 1},
		{[]any{"vertex_format", 1, "attribute", 2, "locaton"}, 44, 1},
		{[]any{"entity"}, 46, 1},
		{[]any{"entity.camera.fov"}, 47, 1},
		{[]any{"a.b.c.d"}, 50, 1},
		{[]any{"a"}, 51, 1}, // the explicit header, not the implied one
		{[]any{"a.b"}, 49, 1},
		{[]any{"a.e"}, 52, 1},
		// Fallbacks to the enclosing table.
		{[]any{"vertex_format", 1, "attribute", 2, "offset"}, 43, 1},
		{[]any{"vertex_format", 1, "stride"}, 37, 1},
		{[]any{"window", "missing", "deeper"}, 7, 1},
		{[]any{"window.arr", 1, 7}, 22, 3},
	}
	for _, tt := range tests {
		line, col, ok := x.Pos(tt.path...)
		if !ok || line != tt.line || col != tt.col {
			t.Errorf("Pos(%v) = %d:%d %v, want %d:%d", tt.path, line, col, ok, tt.line, tt.col)
		}
	}
	for _, absent := range [][]any{{"not_a_table"}, {"also_not"}, {"nope"}, {}, {1.5}} {
		if line, col, ok := x.Pos(absent...); ok {
			t.Errorf("Pos(%v) = %d:%d, want nothing", absent, line, col)
		}
	}
	if !x.Has("window", "width") || x.Has("window", "missing") || x.Has() {
		t.Error("Has")
	}
}

func TestFirstPos(t *testing.T) {
	x := Scan([]byte(tricky))
	tests := []struct {
		key       string
		line, col int
	}{
		{"vertex_format.attribute.locaton", 44, 1},
		{"vertex_format.attribute.location", 42, 1},
		{"vertex_format.attribute.name", 32, 3},
		{"vertex_format.attribute", 31, 3},
		{"vertex_format", 29, 1},
		{`window."a.b".c`, 27, 1},
		{`"quoted key"`, 3, 1},
		{"window.arr.y", 23, 12},
	}
	for _, tt := range tests {
		line, col, ok := x.FirstPos(tt.key)
		if !ok || line != tt.line || col != tt.col {
			t.Errorf("FirstPos(%q) = %d:%d %v, want %d:%d", tt.key, line, col, ok, tt.line, tt.col)
		}
	}
	if _, _, ok := x.FirstPos("vertex_format.attribute.offsett"); ok {
		t.Error("FirstPos found an absent key")
	}
}

// TestEveryDecodedKeyHasAPosition checks the scanner against the decoder:
// each key the decoder reports, in the string form Undecoded uses, must be
// found.
func TestEveryDecodedKeyHasAPosition(t *testing.T) {
	docs := []string{tricky, `
"key with \"escapes\" \u0041" = 1
[tbl."sub.table"]
'x y' = { "in line" = 2 }
[[arr."of tables"]]
v = [ { w = 1 }, { w = 2 } ]
`}
	for _, doc := range docs {
		var v any
		md, err := toml.Decode(doc, &v)
		if err != nil {
			t.Fatal(err)
		}
		x := Scan([]byte(doc))
		for _, k := range md.Keys() {
			if _, _, ok := x.FirstPos(k.String()); !ok {
				t.Errorf("no position for %s", k)
			}
		}
	}
}

func TestCRLFAndBOM(t *testing.T) {
	doc := "\xef\xbb\xbfa = 1\r\n[t]\r\n  b = 2\r\n"
	x := Scan([]byte(doc))
	for _, tt := range []struct {
		key       string
		line, col int
	}{{"a", 1, 1}, {"t", 2, 1}, {"t.b", 3, 3}} {
		if line, col, ok := x.Pos(tt.key); !ok || line != tt.line || col != tt.col {
			t.Errorf("%s: %d:%d %v", tt.key, line, col, ok)
		}
	}
}

func TestMalformedInputDoesNotStop(t *testing.T) {
	inputs := []string{
		"", "[", "[[", "[a", "a =", "= 1", `"unterminated = 1`, `a = "unterminated`,
		`a = """never closed`, `a = '''never closed`, "a = [1, 2", "a = {x = 1",
		"a = [" + strings.Repeat("[", 10000), "a = " + strings.Repeat("{b=", 10000),
		"a = \"\\", "a = \"\\u12\"", "\xff\xfe = 1", "a.b. = 1", "[a.]", "]]]]",
		"a = 1\n[b]\nc = [\n", "k = \"\\\n\"\nnext = 1",
	}
	for _, in := range inputs {
		x := Scan([]byte(in)) // must return
		_, _, _ = x.Pos("a")
	}
	// Recovery: a broken line does not hide the keys after it.
	x := Scan([]byte("[t]\n= broken\nkey without value\nok = 1\n"))
	if line, _, _ := x.Pos("t.ok"); line != 4 {
		t.Errorf("t.ok at line %d", line)
	}
	// An escaped newline in a single-line string must not lose the count.
	x = Scan([]byte("k = \"\\\n\"\nnext = 1"))
	if line, _, ok := x.Pos("next"); ok && line != 3 {
		t.Errorf("next at line %d", line)
	}
}

func TestNilIndex(t *testing.T) {
	var x *Index
	if _, _, ok := x.Pos("a"); ok {
		t.Error("nil Pos")
	}
	if _, _, ok := x.FirstPos("a"); ok {
		t.Error("nil FirstPos")
	}
	if x.Has("a") {
		t.Error("nil Has")
	}
}

func FuzzScan(f *testing.F) {
	f.Add(tricky)
	f.Add("a = [[1], {b = '''x'''}]\n[[t]]\n[t.u]\n")
	f.Fuzz(func(t *testing.T, s string) {
		x := Scan([]byte(s))
		for _, k := range []string{"a", "t", "t.u"} {
			if line, col, ok := x.FirstPos(k); ok && (line < 1 || col < 1) {
				t.Fatalf("%s at %d:%d", k, line, col)
			}
		}
	})
}

func ExampleIndex_Pos() {
	doc := []byte(`
[[vertex_format]]
name = "voxel"

[[vertex_format]]
name = "water"
  [[vertex_format.attribute]]
  name = "position"
  offset = 3
`)
	x := Scan(doc)
	fmt.Println(x.Pos("vertex_format", 1, "attribute", 0, "offset"))
	fmt.Println(x.Pos("vertex_format", 1, "stride")) // absent: its table
	fmt.Println(x.FirstPos("vertex_format.name"))
	// Output:
	// 9 3 true
	// 5 1 true
	// 3 1 true
}
