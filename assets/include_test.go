package assets

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// memFiles is a read function over a map, for expansion without a disk.
func memFiles(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		s, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("read %s: %w", name, fs.ErrNotExist)
		}
		return []byte(s), nil
	}
}

func TestExpandIncludes(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		top    string
		want   string
		files2 []string
	}{
		{
			name: "glsl numbers its source strings",
			files: map[string]string{
				"assets/shaders/a_gl.vert":     "#version 410 core\n#include \"frame_gl.glsl\"\nvoid main() {}\n",
				"assets/shaders/frame_gl.glsl": "uniform vec4 x;\n",
			},
			top:    "assets/shaders/a_gl.vert",
			want:   "#version 410 core\n#line 1 1\nuniform vec4 x;\n#line 3 0\nvoid main() {}\n",
			files2: []string{"assets/shaders/a_gl.vert", "assets/shaders/frame_gl.glsl"},
		},
		{
			name: "hlsl names its files",
			files: map[string]string{
				"assets/shaders/a_dx12.hlsl":     "// differs\n#include \"a.hlsl\"\n",
				"assets/shaders/a.hlsl":          "#include \"inc/frame.hlsli\" // shared\nfloat4 PS_Main() : SV_Target { return 0; }",
				"assets/shaders/inc/frame.hlsli": "cbuffer Frame : register(b0) {};\n",
			},
			top: "assets/shaders/a_dx12.hlsl",
			want: "// differs\n#line 1 \"assets/shaders/a.hlsl\"\n#line 1 \"assets/shaders/inc/frame.hlsli\"\ncbuffer Frame : register(b0) {};\n" +
				"#line 2 \"assets/shaders/a.hlsl\"\nfloat4 PS_Main() : SV_Target { return 0; }\n#line 3 \"assets/shaders/a_dx12.hlsl\"\n",
			files2: []string{"assets/shaders/a_dx12.hlsl", "assets/shaders/a.hlsl", "assets/shaders/inc/frame.hlsli"},
		},
		{
			name: "a file included twice is expanded twice",
			files: map[string]string{
				"s/a.frag": "#include \"b.glsl\"\n#include \"b.glsl\"\n",
				"s/b.glsl": "x\n",
			},
			top:    "s/a.frag",
			want:   "#line 1 1\nx\n#line 2 0\n#line 1 1\nx\n#line 3 0\n",
			files2: []string{"s/a.frag", "s/b.glsl"},
		},
		{
			name:   "no include, unchanged",
			files:  map[string]string{"s/a.frag": "#version 450\n// #include \"commented.glsl\" is not a directive\n"},
			top:    "s/a.frag",
			want:   "#version 450\n// #include \"commented.glsl\" is not a directive\n",
			files2: []string{"s/a.frag"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := ExpandIncludes(tt.top, memFiles(tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(src.Text); got != tt.want {
				t.Errorf("text:\n%s\nwant:\n%s", got, tt.want)
			}
			if fmt.Sprint(src.Files) != fmt.Sprint(tt.files2) {
				t.Errorf("files %v, want %v", src.Files, tt.files2)
			}
		})
	}
}

func TestExpandIncludesRefuses(t *testing.T) {
	deep := map[string]string{}
	for i := 0; i <= MaxIncludeDepth+1; i++ {
		deep[fmt.Sprintf("s/%d.glsl", i)] = fmt.Sprintf("#include \"%d.glsl\"\n", i+1)
	}
	deep[fmt.Sprintf("s/%d.glsl", MaxIncludeDepth+2)] = "end\n"
	// Every level includes the next one twice: 2^14 copies of a 128-byte
	// leaf, 2 MiB, unless the size limit stops it.
	diamond := map[string]string{}
	for i := 0; i < 14; i++ {
		diamond[fmt.Sprintf("s/%d.glsl", i)] = fmt.Sprintf("#include \"%d.glsl\"\n#include \"%d.glsl\"\n", i+1, i+1)
	}
	diamond["s/14.glsl"] = strings.Repeat("x", 127) + "\n"
	tests := []struct {
		name  string
		files map[string]string
		top   string
		is    error
		msg   string
	}{
		{"itself", map[string]string{"s/a.frag": "\n#include \"a.frag\"\n"}, "s/a.frag", ErrIncludeCycle,
			`s/a.frag:2: #include "a.frag": include cycle: s/a.frag -> s/a.frag`},
		{"through another", map[string]string{"s/a.frag": "#include \"b.glsl\"\n", "s/b.glsl": "#include \"a.frag\"\n"}, "s/a.frag", ErrIncludeCycle,
			`s/b.glsl:1: #include "a.frag": include cycle: s/a.frag -> s/b.glsl -> s/a.frag`},
		{"too deep", deep, "s/0.glsl", ErrIncludeDepth, fmt.Sprintf(`s/%d.glsl:1: #include "%d.glsl": includes nest deeper than 16`, MaxIncludeDepth, MaxIncludeDepth+1)},
		{"too large", diamond, "s/0.glsl", ErrShaderTooLarge, "shader is larger than"},
		{"missing", map[string]string{"s/a.frag": "#include \"gone.glsl\"\n"}, "s/a.frag", fs.ErrNotExist, `s/a.frag:1: #include "gone.glsl": read s/gone.glsl`},
		{"climbs", map[string]string{"s/a.frag": "#include \"../x.glsl\"\n"}, "s/a.frag", ErrIncludeName, `s/a.frag:1: #include "../x.glsl"`},
		{"absolute", map[string]string{"s/a.frag": "#include \"/etc/passwd\"\n"}, "s/a.frag", ErrIncludeName, `#include "/etc/passwd"`},
		{"drive", map[string]string{"s/a.frag": "#include \"C:/x.glsl\"\n"}, "s/a.frag", ErrIncludeName, `#include "C:/x.glsl"`},
		{"backslash", map[string]string{"s/a.frag": "#include \"..\\\\x.glsl\"\n"}, "s/a.frag", ErrIncludeName, `#include`},
		{"empty", map[string]string{"s/a.frag": "#include \"\"\n"}, "s/a.frag", ErrIncludeName, `#include ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ExpandIncludes(tt.top, memFiles(tt.files))
			if !errors.Is(err, tt.is) {
				t.Fatalf("error %v, want %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not contain %q", err, tt.msg)
			}
		})
	}
}

func TestLocate(t *testing.T) {
	src := &ShaderSource{Files: []string{"assets/shaders/a_gl.frag", "assets/shaders/sleak_gl.glsl"}}
	tests := []struct{ log, want string }{
		{"0:12(5): error: x undeclared", "assets/shaders/a_gl.frag:12(5): error: x undeclared"},
		{"1:3(1): error: syntax\n0:9(2): warning: y", "assets/shaders/sleak_gl.glsl:3(1): error: syntax\nassets/shaders/a_gl.frag:9(2): warning: y"},
		{"1(7) : error C0000: syntax error", "assets/shaders/sleak_gl.glsl:7 : error C0000: syntax error"},
		{"ERROR: 1:4: 'x' : undeclared", "ERROR: assets/shaders/sleak_gl.glsl:4: 'x' : undeclared"},
		{"5:1(1): error: unknown string", "5:1(1): error: unknown string"},
		{"no location at all", "no location at all"},
	}
	for _, tt := range tests {
		if got := src.Locate(tt.log); got != tt.want {
			t.Errorf("Locate(%q) = %q, want %q", tt.log, got, tt.want)
		}
	}
}

func TestReadShaderEmbedded(t *testing.T) {
	t.Chdir(t.TempDir())
	// Every engine shader that includes the shared interface expands
	// through the embedded files alone.
	for _, name := range []string{"assets/shaders/default_shader_gl.frag", "assets/shaders/default_shader_dx12.hlsl"} {
		src, err := ReadShader(name)
		if err != nil {
			t.Fatal(err)
		}
		if includeDirective.MatchString(string(src.Text)) || strings.Contains(string(src.Text), "\n#include") {
			t.Errorf("%s: an #include is left:\n%s", name, src.Text)
		}
		if len(src.Files) < 2 {
			t.Errorf("%s: read only %v, want the shared include too", name, src.Files)
		}
	}
}

func TestOrigin(t *testing.T) {
	files := map[string]string{
		"s/top.hlsl": "// top\n#include \"a.hlsli\"\nfloat4 x;\n",
		"s/a.hlsli":  "// a1\n// a2\nbad;\n",
	}
	src, err := ExpandIncludes("s/top.hlsl", func(name string) ([]byte, error) { return []byte(files[name]), nil })
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src.Text), "\n")
	want := map[string][2]any{"// top": {"s/top.hlsl", 1}, "bad;": {"s/a.hlsli", 3}, "float4 x;": {"s/top.hlsl", 3}}
	for i, l := range lines {
		w, ok := want[l]
		if !ok {
			continue
		}
		if f, n := src.Origin(i + 1); f != w[0] || n != w[1] {
			t.Errorf("Origin(%d) (%q) = %s:%d, want %s:%d", i+1, l, f, n, w[0], w[1])
		}
	}
}
