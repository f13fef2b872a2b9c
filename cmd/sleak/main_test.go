package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestShadersResolve(t *testing.T) {
	tests := []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-r", "vulkan", "assets/shaders/flat.hlsl"},
			"vertex\tassets/shaders/flat.vert.spv\tmain\nfragment\tassets/shaders/flat.frag.spv\tmain\n", 0},
		{[]string{"-r", "o", "assets/shaders/flat.hlsl"},
			"vertex\tassets/shaders/flat_gl.vert\tmain\nfragment\tassets/shaders/flat_gl.frag\tmain\n", 0},
		{[]string{"-r", "d12", "assets/shaders/flat.hlsl"},
			"vertex\tassets/shaders/flat_dx12.hlsl\tVS_Main\nfragment\tassets/shaders/flat_dx12.hlsl\tPS_Main\n", 0},
		{[]string{"-r", "directx11", "--stem", "voxel", "--pass", "gbuffer"},
			"vertex\tassets/shaders/voxel.hlsl\tVS_Main\nfragment\tassets/shaders/gbuffer.hlsl\tPS_Main\n", 0},
		{[]string{"-r", "vulkan", "--stem", "voxel_gbuffer", "--pass", "gbuffer", "--gbuffer-stage", "flat"},
			"vertex\tassets/shaders/voxel_gbuffer.vert.spv\tmain\nfragment\tassets/shaders/gbuffer_flat.frag.spv\tmain\n", 0},
		{[]string{"-r", "vulkan", "--stem", "v", "--pass", "gbuffer", "--gbuffer-stage", "ridged"}, "", 2},
		{[]string{"-r", "opengl", "--stem", "voxel_shadow", "--pass", "shadow"},
			"vertex\tassets/shaders/voxel_shadow_gl.vert\tmain\n", 0},
		{[]string{"-r", "vulkan", "--engine", "lighting_pass"}, "compute\tassets/shaders/lighting_pass.comp.spv\tmain\n", 0},
		{[]string{"-r", "opengl", "--engine", "composite"}, "compute\tassets/shaders/composite_gl.comp\tmain\n", 0},
		{[]string{"-r", "d3d11", "--engine", "composite"},
			"vertex\tassets/shaders/composite.hlsl\tVS_Main\nfragment\tassets/shaders/composite.hlsl\tPS_Main\n", 0},
		{[]string{"-r", "vulkan", "--engine", "ui"}, "vertex\tassets/shaders/ui.vert.spv\tmain\nfragment\tassets/shaders/ui.frag.spv\tmain\n", 0},
		{[]string{"-r", "vulkan", "--engine", "voxel"}, "", 1},
		{[]string{"-r", "metal", "x.hlsl"}, "", 2},
		{[]string{"-r", "vulkan", "x.glsl"}, "", 1},
		{[]string{"-r", "vulkan", "--stem", "v", "--pass", "sideways"}, "", 2},
	}
	for _, tc := range tests {
		out, errOut, code := runCmd(t, append([]string{"shaders", "resolve"}, tc.args...)...)
		if code != tc.code || out != tc.want {
			t.Errorf("resolve %v: code %d out %q err %q; want code %d out %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
}

func TestFormatsCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	os.WriteFile(good, []byte(`
[[vertex_format]]
name = "packed"
shader = "packed"
shadow_shader = "packed_shadow"
gbuffer_shader = "packed_gbuffer"
gbuffer_stage = "flat"
  [[vertex_format.attribute]]
  name = "data0"
  location = 0
  format = "UInt1"
  [[vertex_format.attribute]]
  name = "data1"
  location = 1
  format = "UInt1"
`), 0o644)
	out, errOut, code := runCmd(t, "formats", "check", good)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"HANDLE", "packed", "0:data0 UInt1@0, 1:data1 UInt1@4", "packed_shadow", "packed_gbuffer (flat stage)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[[vertex_format]]\nname = \"x\"\nshader = \"x.vert\"\n  [[vertex_format.attribute]]\n  name = \"p\"\n  location = 20\n  format = \"Float3\"\n"), 0o644)
	_, errOut, code = runCmd(t, "formats", "check", bad)
	if code != 1 {
		t.Fatalf("code %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if len(lines) < 2 {
		t.Fatalf("want every error on its own line, got:\n%s", errOut)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, bad+":") {
			t.Errorf("line %q does not start with FILE:LINE:COL", l)
		}
	}
}

func TestRepositoryGameTOMLChecks(t *testing.T) {
	_, errOut, code := runCmd(t, "formats", "check", "../../game.toml")
	if code != 0 {
		t.Fatalf("game.toml: %s", errOut)
	}
}

func TestUnknownCommand(t *testing.T) {
	if _, _, code := runCmd(t, "frobnicate"); code != 2 {
		t.Fatalf("code %d, want 2", code)
	}
}
