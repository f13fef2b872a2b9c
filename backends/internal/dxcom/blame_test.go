package dxcom

import "testing"

func TestBlame(t *testing.T) {
	const twin = "assets/shaders/foo.hlsl"
	// foo_dx12.hlsl as the include expander writes it: its own lines, then
	// its twin after a #line naming it.
	expanded := "// dx12 register spaces\n" + // foo_dx12.hlsl:1
		"#line 1 \"" + twin + "\"\n" +
		"cbuffer Frame : register(b0) { float4x4 vp; };\n" + // foo.hlsl:1
		"float4 VS_Main(float3 p : TEXCOORD0) : SV_Position\n" + // 2
		"{\n" + // 3
		"    return mul(vp, float4(p, 1)); // { not a brace\n" + // 4
		"}\n" + // 5
		"/* PS_Main( is not here */\n" + // 6
		"float4 PS_Main() : SV_Target {\n" + // 7
		"    return oops;\n" + // 8
		"}\n" // 9
	tests := []struct {
		name, log, want string
	}{
		{"vkd3d, in PS_Main", twin + ":8:12: E5005: Identifier \"oops\" is not declared.", "PS_Main"},
		{"vkd3d, in VS_Main", twin + ":4:5: E5000: syntax error", "VS_Main"},
		{"Microsoft, absolute path", `C:\game\assets\shaders\foo.hlsl(8,12-15): error X3004: undeclared identifier 'oops'`, "PS_Main"},
		{"outside every entry", twin + ":1:1: E5000: syntax error", ""},
		{"the including file's own line", "assets/shaders/foo_dx12.hlsl:8:1: E5000: x", ""},
		{"no location", "something went wrong", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := blame([]byte(expanded), "assets/shaders/foo_dx12.hlsl", tc.log); got != tc.want {
				t.Errorf("blame = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBodySkipsPrototypes(t *testing.T) {
	lines := []string{"float4 PS_Main();", "float x;", "float4 PS_Main()", "{", "  return 1;", "}"}
	if s, e := body(lines, "PS_Main"); s != 2 || e != 5 {
		t.Errorf("body = %d..%d, want 2..5", s, e)
	}
	if s, e := body(lines, "VS_Main"); s != -1 || e != -1 {
		t.Errorf("body of a missing entry = %d..%d, want -1..-1", s, e)
	}
}
