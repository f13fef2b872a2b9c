package formats

import (
	"strings"
	"testing"
)

func TestAttributeFormatProperties(t *testing.T) {
	tests := []struct {
		f          AttributeFormat
		name       string
		size, n    int
		base       BaseType
		comp       ComponentType
		normalized bool
	}{
		{Float1, "Float1", 4, 1, BaseFloat, CompF32, false},
		{Float2, "Float2", 8, 2, BaseFloat, CompF32, false},
		{Float3, "Float3", 12, 3, BaseFloat, CompF32, false},
		{Float4, "Float4", 16, 4, BaseFloat, CompF32, false},
		{UInt1, "UInt1", 4, 1, BaseUInt, CompU32, false},
		{Int1, "Int1", 4, 1, BaseInt, CompI32, false},
		{UInt2, "UInt2", 8, 2, BaseUInt, CompU32, false},
		{UInt3, "UInt3", 12, 3, BaseUInt, CompU32, false},
		{UInt4, "UInt4", 16, 4, BaseUInt, CompU32, false},
		{Int2, "Int2", 8, 2, BaseInt, CompI32, false},
		{Int3, "Int3", 12, 3, BaseInt, CompI32, false},
		{Int4, "Int4", 16, 4, BaseInt, CompI32, false},
		{UByte4, "UByte4", 4, 4, BaseUInt, CompU8, false},
		{UByte4Norm, "UByte4Norm", 4, 4, BaseFloat, CompU8, true},
		{Short2, "Short2", 4, 2, BaseInt, CompI16, false},
		{Short4, "Short4", 8, 4, BaseInt, CompI16, false},
		{Short2Norm, "Short2Norm", 4, 2, BaseFloat, CompI16, true},
		{Short4Norm, "Short4Norm", 8, 4, BaseFloat, CompI16, true},
		{Half2, "Half2", 4, 2, BaseFloat, CompF16, false},
		{Half4, "Half4", 8, 4, BaseFloat, CompF16, false},
	}
	if got := len(AttributeFormats()); got != len(tests) {
		t.Fatalf("AttributeFormats() has %d formats, the table %d", got, len(tests))
	}
	for i, tt := range tests {
		f := tt.f
		if AttributeFormats()[i] != f {
			t.Errorf("AttributeFormats()[%d] = %v, want %v", i, AttributeFormats()[i], f)
		}
		if !f.Valid() || f.String() != tt.name || f.Size() != tt.size || f.Components() != tt.n ||
			f.BaseType() != tt.base || f.Component() != tt.comp || f.Normalized() != tt.normalized {
			t.Errorf("%v: got valid=%v name=%q size=%d n=%d base=%v comp=%v norm=%v", tt.name,
				f.Valid(), f.String(), f.Size(), f.Components(), f.BaseType(), f.Component(), f.Normalized())
		}
		if f.Size() != f.Components()*f.Component().Size() {
			t.Errorf("%v: size %d is not components × component size", f, f.Size())
		}
		p, err := ParseAttributeFormat(tt.name)
		if err != nil || p != f {
			t.Errorf("ParseAttributeFormat(%q) = %v, %v", tt.name, p, err)
		}
	}
}

func TestInvalidAttributeFormat(t *testing.T) {
	for _, f := range []AttributeFormat{0, Half4 + 1, 255} {
		if f.Valid() || f.Size() != 0 || f.Components() != 0 || f.BaseType() != 0 || f.Normalized() {
			t.Errorf("%d: invalid format reports properties", uint8(f))
		}
		if !strings.HasPrefix(f.String(), "AttributeFormat(") {
			t.Errorf("%d: String() = %q", uint8(f), f.String())
		}
	}
}

func TestParseAttributeFormatError(t *testing.T) {
	_, err := ParseAttributeFormat("float3")
	want := `unknown attribute format "float3" (valid: Float1, Float2, Float3, Float4, UInt1, Int1, UInt2, UInt3, UInt4, Int2, Int3, Int4, UByte4, UByte4Norm, Short2, Short4, Short2Norm, Short4Norm, Half2, Half4)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestBaseTypeString(t *testing.T) {
	for b, want := range map[BaseType]string{BaseFloat: "float", BaseUInt: "uint", BaseInt: "int", 0: "BaseType(0)"} {
		if b.String() != want {
			t.Errorf("%d: %q, want %q", uint8(b), b.String(), want)
		}
	}
}

func TestPass(t *testing.T) {
	l := Layout{Shader: "a", ShadowShader: "b", GBufferShader: "c", TransparentShader: "d"}
	want := []struct {
		name, stem string
		vertexOnly bool
		draws      bool
	}{{"shadow", "b", true, true}, {"gbuffer", "c", true, true}, {"ssao", "", false, false}, {"lighting", "", false, false}, {"forward", "a", false, true},
		{"transparent", "d", false, true}, {"ssr", "", false, false}, {"bloom", "", false, false}, {"composite", "", false, false},
		{"antialias", "", false, false}, {"debug", "", false, false}, {"ui", "", false, true}}
	for p := Pass(0); p < NumPasses; p++ {
		w := want[p]
		if p.HasStem() != (w.stem != "") {
			t.Errorf("pass %v: HasStem = %v", p, p.HasStem())
		}
		if p.TakesDraws() != w.draws {
			t.Errorf("pass %v: TakesDraws = %v", p, p.TakesDraws())
		}
		if p.String() != w.name || l.Stem(p) != w.stem || p.VertexOnly() != w.vertexOnly {
			t.Errorf("pass %d: %q %q %v", p, p.String(), l.Stem(p), p.VertexOnly())
		}
		if q, err := ParsePass(w.name); err != nil || q != p {
			t.Errorf("ParsePass(%q) = %v, %v", w.name, q, err)
		}
	}
	if q, err := ParsePass("main"); err != nil || q != PassForward {
		t.Errorf(`ParsePass("main") = %v, %v; want the forward pass`, q, err)
	}
	if l.Stem(NumPasses) != "" || Pass(NumPasses).String() != "Pass(12)" {
		t.Error("out-of-range pass")
	}
	if _, err := ParsePass("Main"); err == nil || err.Error() != `unknown pass "Main" (want shadow, gbuffer, ssao, lighting, forward, transparent, ssr, bloom, composite, antialias, debug or ui)` {
		t.Errorf("ParsePass(Main): %v", err)
	}
}
