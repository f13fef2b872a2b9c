package dxtest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
)

// brokenPS compiles as far as VS_Main and fails in PS_Main, line 7: the
// compiler checks the whole file for either entry point.
const brokenPS = `cbuffer Frame : register(b0) { float4x4 viewProj; };
struct VSOut { float4 pos : SV_Position; };
VSOut VS_Main(float3 p : TEXCOORD0) {
    VSOut o; o.pos = mul(viewProj, float4(p, 1)); return o;
}
float4 PS_Main(VSOut i) : SV_Target {
    return oops;
}
`

// CompileErrorNamesEntry loads a material shader whose pixel shader does
// not compile and checks that the error names the file, the line, the
// fragment stage, PS_Main and ps_5_0, not the vertex shader the compiler
// was asked for first. open starts the backend in the working directory,
// which the test makes a fresh folder holding the shader.
func CompileErrorNamesEntry(t *testing.T, open func(t *testing.T) backends.Backend) {
	dir, err := os.MkdirTemp("", "sleak-compile")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: its removal fails under Wine (see EmptyingWorkDir).
	t.Cleanup(func() { removeTree(dir, true) })
	t.Chdir(dir)
	shaders := filepath.Join(dir, filepath.FromSlash(backends.ShaderDir))
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"broken.hlsl", "broken_dx12.hlsl"} {
		if err := os.WriteFile(filepath.Join(shaders, name), []byte(brokenPS), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := open(t)
	_, err = b.CreateShader(backends.ShaderDir + "/broken.hlsl")
	if err == nil {
		t.Fatal("a shader with an undeclared identifier in PS_Main was created")
	}
	var se *backends.ShaderError
	if !errors.As(err, &se) || se.Stage != backends.StageFragment {
		t.Errorf("error %v: want a *backends.ShaderError of the fragment stage", err)
	}
	msg := err.Error()
	for _, want := range []string{"PS_Main (ps_5_0)", "broken", ":7:", "fragment shader"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "VS_Main") {
		t.Errorf("error %q names VS_Main", msg)
	}
}
