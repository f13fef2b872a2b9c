package shadertool

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/assets"

	"github.com/sleakgo/sleak/formats"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name  string
		kind  fileKind
		stem  string
		stage string
		hint  string // for unknown names: part of the hint
	}{
		{"foo.vert", kindSource, "foo", "vert", ""},
		{"foo.frag", kindSource, "foo", "frag", ""},
		{"foo.comp", kindSource, "foo", "comp", ""},
		{"foo.vert.spv", kindSPIRV, "foo", "vert", ""},
		{"foo.frag.spv", kindSPIRV, "foo", "frag", ""},
		{"foo_gl.vert", kindGL, "foo", "vert", ""},
		{"foo_gl.frag", kindGL, "foo", "frag", ""},
		{"foo.hlsl", kindHLSL, "foo", "", ""},
		{"foo_dx12.hlsl", kindDX12, "foo", "", ""},
		{"my-shader_2.vert", kindSource, "my-shader_2", "vert", ""},
		{"common.glsl", kindInclude, "", "", ""},
		{"common.hlsli", kindInclude, "", "", ""},
		{"foo.vert.glsl", kindInclude, "", "", ""}, // misnamed unless something includes it
		{"foo.spv", kindUnknown, "", "", "foo.vert.spv or foo.frag.spv"},
		{"foo_frag.spv", kindUnknown, "", "", "did you mean foo.frag.spv?"},
		{"foo-vs.spv", kindUnknown, "", "", "did you mean foo.vert.spv?"},
		{"foo.fs.spv", kindUnknown, "", "", "did you mean foo.frag.spv?"},
		{"foo_gl.vert.spv", kindUnknown, "", "", "Vulkan looks for foo.vert.spv"},
		{"foo.hlsl.vert", kindUnknown, "", "", "did you mean foo.vert?"},
		{"foo.hlsl.spv", kindUnknown, "", "", "foo.vert.spv or foo.frag.spv"},
		{"foo_dx11.hlsl", kindUnknown, "", "", "Direct3D 11 reads foo.hlsl"},
		{"foo_d3d12.hlsl", kindUnknown, "", "", "Direct3D 12 reads foo_dx12.hlsl"},
		{"foo_gl.hlsl", kindUnknown, "", "", "only Direct3D reads HLSL"},
		{"foo.vert.hlsl", kindUnknown, "", "", "did you mean foo.hlsl?"},
		{"foo_gl.comp", kindGL, "foo", "comp", ""},
		{"foo.FRAG", kindUnknown, "", "", "case-sensitive: foo.frag"},
		{"README.md", kindUnknown, "", "", "not a shader source"},
	}
	for _, tt := range tests {
		got := classify(tt.name)
		if got.kind != tt.kind || got.stem != tt.stem || got.stage != tt.stage || !strings.Contains(got.hint, tt.hint) {
			t.Errorf("classify(%q) = %+v, want kind %d stem %q stage %q hint containing %q", tt.name, got, tt.kind, tt.stem, tt.stage, tt.hint)
		}
	}
}

func TestIsCompileSource(t *testing.T) {
	for name, want := range map[string]bool{
		"a.vert": true, "a.frag": true, "a.comp": true,
		"a_gl.vert": false, "a_gl.frag": false, "x_gl.extra.vert": false,
		"a.vert.spv": false, "a.hlsl": false, "a.glsl": false,
	} {
		if got := isCompileSource(name); got != want {
			t.Errorf("isCompileSource(%q) = %v", name, got)
		}
	}
}

func TestParseGLSLType(t *testing.T) {
	tests := []struct {
		t         string
		base      formats.BaseType
		comps     int
		locations int
		ok        bool
	}{
		{"float", formats.BaseFloat, 1, 1, true},
		{"vec3", formats.BaseFloat, 3, 1, true},
		{"int", formats.BaseInt, 1, 1, true},
		{"ivec4", formats.BaseInt, 4, 1, true},
		{"uint", formats.BaseUInt, 1, 1, true},
		{"uvec2", formats.BaseUInt, 2, 1, true},
		{"f16vec2", formats.BaseFloat, 2, 1, true},
		{"mat4", formats.BaseFloat, 4, 4, true},
		{"mat2x3", formats.BaseFloat, 3, 2, true},
		{"dvec2", 0, 2, 1, true},
		{"vec5", 0, 0, 0, false},
		{"sampler2D", 0, 0, 0, false},
	}
	for _, tt := range tests {
		got, ok := parseGLSLType(tt.t)
		if ok != tt.ok || ok && (got.base != tt.base || got.comps != tt.comps || got.locations != tt.locations) {
			t.Errorf("parseGLSLType(%q) = %+v, %v", tt.t, got, ok)
		}
	}
}

func TestCompareLayout(t *testing.T) {
	l := &formats.Layout{Name: "v", Attributes: []formats.Attribute{
		{Name: "pos", Location: 0, Format: formats.Float3},
		{Name: "ids", Location: 1, Format: formats.UByte4},
		{Name: "w", Location: 2, Format: formats.UByte4Norm},
		{Name: "m0", Location: 3, Format: formats.Float4},
		{Name: "m1", Location: 4, Format: formats.Float4},
	}}
	use := layoutUse{layout: l, key: `vertex format "v"`, parts: []string{"forward pass"}}
	tests := []struct {
		name   string
		inputs []shaderInput
		want   []string // one substring per expected message
	}{
		{"matching, fewer components read", []shaderInput{{"p", "vec2", 0, nil}, {"i", "uvec4", 1, nil}, {"w", "vec4", 2, nil}}, nil},
		{"float read from uint", []shaderInput{{"i", "vec4", 1, nil}}, []string{`attribute "ids" at location 1 is UByte4 (uint x4), but s.spv reads it as vec4 i (float x4): base types differ`}},
		{"uint read from normalized", []shaderInput{{"w", "uvec4", 2, nil}}, []string{"base types differ"}},
		{"too many components", []shaderInput{{"p", "vec4", 0, nil}}, []string{"fewer components"}},
		{"location missing", []shaderInput{{"t", "vec2", 7, nil}}, []string{"s.spv reads location 7 (vec2 t), but the format has no attribute at location 7"}},
		{"matrix over two locations", []shaderInput{{"m", "mat2x4", 3, nil}}, nil},
		{"matrix runs past the format", []shaderInput{{"m", "mat4", 3, nil}}, []string{"location 5", "location 6"}},
		{"array", []shaderInput{{"a", "vec4", 3, []int{3}}}, []string{"location 5 (vec4 a, part 3 of 3)"}},
		{"double", []shaderInput{{"d", "double", 0, nil}}, []string{"base types differ"}},
	}
	for _, tt := range tests {
		got := compareLayout(use, "s.spv", tt.inputs)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d messages %q, want %d", tt.name, len(got), got, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			if !strings.Contains(got[i], w) || !strings.HasPrefix(got[i], `vertex format "v" (forward pass)`) {
				t.Errorf("%s: %q lacks %q", tt.name, got[i], w)
			}
		}
	}
}

func TestParseReflection(t *testing.T) {
	in, err := parseReflection([]byte(`{"inputs":[{"type":"vec2","name":"uv","location":4},{"type":"vec3","name":"p","location":0},{"type":"int","name":"gl_VertexIndex"}]}`))
	if err != nil || len(in) != 2 || in[0].Name != "p" || in[1].Location != 4 {
		t.Errorf("got %+v, %v", in, err)
	}
	if _, err := parseReflection([]byte("not json")); err == nil {
		t.Error("bad JSON accepted")
	}
	if in, err := parseReflection([]byte(`{"entryPoints":[]}`)); err != nil || len(in) != 0 {
		t.Errorf("no inputs: %+v, %v", in, err)
	}
}

func TestJudge(t *testing.T) {
	e := ManifestEntry{Source: "s", Glslc: "g1", SPIRV: "o"}
	tests := []struct {
		name            string
		recorded        bool
		src, spv, glslc string
		want            staleness
	}{
		{"fresh", true, "s", "o", "g1", fresh},
		{"fresh without glslc to ask", true, "s", "o", "", fresh},
		{"no .spv", true, "s", "", "g1", staleNoSPV},
		{"no entry", false, "s", "o", "g1", staleNoEntry},
		{"source changed", true, "s2", "o", "g1", staleSource},
		{"spv changed", true, "s", "o2", "g1", staleSPV},
		{"other glslc", true, "s", "o", "g2", staleGlslc},
	}
	for _, tt := range tests {
		if got := judge(e, tt.recorded, tt.src, tt.spv, tt.glslc); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestHashSourceIncludes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.frag"), "#include \"x.glsl\"\n  #  include \"sub/y.glsl\"\n")
	writeFile(t, filepath.Join(dir, "x.glsl"), "// shared\n")
	writeFile(t, filepath.Join(dir, "sub/y.glsl"), "#include \"missing.glsl\"\n")
	in, err := hashSource(filepath.Join(dir, "a.frag"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Includes) != 2 || len(in.Missing) != 1 || filepath.Base(in.Missing[0]) != "missing.glsl" {
		t.Errorf("includes %v missing %v", in.Includes, in.Missing)
	}
	before := in.Hash
	writeFile(t, filepath.Join(dir, "sub/missing.glsl"), "")
	if in, _ = hashSource(filepath.Join(dir, "a.frag"), nil); in.Hash == before {
		t.Error("creating a missing include did not change the hash")
	}
	if _, err := hashSource(filepath.Join(dir, "nope.frag"), nil); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing source: %v", err)
	}
}

// An include graph glslc would loop on, or that names files outside the
// folder, is refused before any tool runs.
func TestHashSourceRefusesBrokenGraphs(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		is    error
	}{
		{"itself", map[string]string{"a.frag": "#include \"a.frag\"\n"}, assets.ErrIncludeCycle},
		{"cycle", map[string]string{"a.frag": "#include \"x.glsl\"\n", "x.glsl": "#include \"a.frag\"\n"}, assets.ErrIncludeCycle},
		{"climbs", map[string]string{"a.frag": "#include \"../x.glsl\"\n"}, assets.ErrIncludeName},
		{"fifo-free size", map[string]string{"a.frag": strings.Repeat("x", assets.MaxShaderBytes+1)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, s := range tt.files {
				writeFile(t, filepath.Join(dir, n), s)
			}
			_, err := hashSource(filepath.Join(dir, "a.frag"), nil)
			if err == nil {
				t.Fatal("no error")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v, want %v", err, tt.is)
			}
		})
	}
}
