package backends

import (
	"reflect"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

func TestResolveMaterialShader(t *testing.T) {
	tests := []struct {
		kind      Kind
		canonical string
		want      []ShaderFile
	}{
		{Vulkan, "assets/shaders/flat_shader.hlsl", []ShaderFile{
			{StageVertex, "assets/shaders/flat_shader.vert.spv", "main"},
			{StageFragment, "assets/shaders/flat_shader.frag.spv", "main"}}},
		{OpenGL, "assets/shaders/flat_shader.hlsl", []ShaderFile{
			{StageVertex, "assets/shaders/flat_shader_gl.vert", "main"},
			{StageFragment, "assets/shaders/flat_shader_gl.frag", "main"}}},
		{D3D11, "assets/shaders/flat_shader.hlsl", []ShaderFile{
			{StageVertex, "assets/shaders/flat_shader.hlsl", "VS_Main"},
			{StageFragment, "assets/shaders/flat_shader.hlsl", "PS_Main"}}},
		{D3D12, "assets/shaders/flat_shader.hlsl", []ShaderFile{
			{StageVertex, "assets/shaders/flat_shader_dx12.hlsl", "VS_Main"},
			{StageFragment, "assets/shaders/flat_shader_dx12.hlsl", "PS_Main"}}},
		// Only the final extension is stripped: a folder named like a shader stays.
		{Vulkan, "assets/shaders.hlsl/foo.hlsl", []ShaderFile{
			{StageVertex, "assets/shaders.hlsl/foo.vert.spv", "main"},
			{StageFragment, "assets/shaders.hlsl/foo.frag.spv", "main"}}},
		{OpenGL, "game.hlsl/x.hlsl/foo.hlsl", []ShaderFile{
			{StageVertex, "game.hlsl/x.hlsl/foo_gl.vert", "main"},
			{StageFragment, "game.hlsl/x.hlsl/foo_gl.frag", "main"}}},
		{D3D12, "a.hlsl/foo.hlsl", []ShaderFile{
			{StageVertex, "a.hlsl/foo_dx12.hlsl", "VS_Main"},
			{StageFragment, "a.hlsl/foo_dx12.hlsl", "PS_Main"}}},
	}
	for _, tc := range tests {
		got, err := Resolve(tc.kind, tc.canonical)
		if err != nil {
			t.Fatalf("%v %s: %v", tc.kind, tc.canonical, err)
		}
		if !reflect.DeepEqual(got.All(), tc.want) {
			t.Errorf("%v %s:\n got %+v\nwant %+v", tc.kind, tc.canonical, got.All(), tc.want)
		}
	}
}

func TestResolveEngine(t *testing.T) {
	tests := []struct {
		kind      Kind
		dir, stem string
		want      []ShaderFile // All()
		output    ShaderFile   // the stage that writes the pixels
	}{
		{Vulkan, ShaderDir, "lighting_pass",
			[]ShaderFile{{StageCompute, "assets/shaders/lighting_pass.comp.spv", "main"}},
			ShaderFile{StageCompute, "assets/shaders/lighting_pass.comp.spv", "main"}},
		{Vulkan, "game/shaders", "composite",
			[]ShaderFile{{StageCompute, "game/shaders/composite.comp.spv", "main"}},
			ShaderFile{StageCompute, "game/shaders/composite.comp.spv", "main"}},
		{OpenGL, ShaderDir, "lighting_pass",
			[]ShaderFile{{StageCompute, "assets/shaders/lighting_pass_gl.comp", "main"}},
			ShaderFile{StageCompute, "assets/shaders/lighting_pass_gl.comp", "main"}},
		// An engine stem OpenGL draws.
		{OpenGL, ShaderDir, "debug_lines", []ShaderFile{
			{StageVertex, "assets/shaders/debug_lines_gl.vert", "main"},
			{StageFragment, "assets/shaders/debug_lines_gl.frag", "main"}},
			ShaderFile{StageFragment, "assets/shaders/debug_lines_gl.frag", "main"}},
		{D3D12, ShaderDir, "composite", []ShaderFile{
			{StageVertex, "assets/shaders/composite_dx12.hlsl", "VS_Main"},
			{StageFragment, "assets/shaders/composite_dx12.hlsl", "PS_Main"}},
			ShaderFile{StageFragment, "assets/shaders/composite_dx12.hlsl", "PS_Main"}},
		// An engine stem Vulkan draws: a vertex and a fragment stage.
		{Vulkan, ShaderDir, "ui", []ShaderFile{
			{StageVertex, "assets/shaders/ui.vert.spv", "main"},
			{StageFragment, "assets/shaders/ui.frag.spv", "main"}},
			ShaderFile{StageFragment, "assets/shaders/ui.frag.spv", "main"}},
	}
	for _, tc := range tests {
		got, err := ResolveEngine(tc.kind, tc.dir, tc.stem)
		if err != nil {
			t.Fatalf("%v %s: %v", tc.kind, tc.stem, err)
		}
		if !reflect.DeepEqual(got.All(), tc.want) {
			t.Errorf("%v %s:\n got %+v\nwant %+v", tc.kind, tc.stem, got.All(), tc.want)
		}
		if len(got.Paths()) != len(tc.want) && tc.kind != D3D12 {
			t.Errorf("%v %s: paths %v for files %+v", tc.kind, tc.stem, got.Paths(), tc.want)
		}
		if out, ok := got.Output(); !ok || out != tc.output {
			t.Errorf("%v %s: output %+v, %v; want %+v", tc.kind, tc.stem, out, ok, tc.output)
		}
		if IsComputeStem(tc.kind, tc.stem) != (got.Compute != nil) {
			t.Errorf("%v %s: IsComputeStem %v, compute file %v", tc.kind, tc.stem, IsComputeStem(tc.kind, tc.stem), got.Compute)
		}
	}
	if _, ok := (ShaderFiles{Vertex: ShaderFile{StageVertex, "s.vert.spv", "main"}}).Output(); ok {
		t.Error("a vertex-only program has an output stage")
	}
}

func TestResolveNeverSPVWithoutStage(t *testing.T) {
	// foo.vert compiles to foo.vert.spv, never foo.spv.
	f, _ := Resolve(Vulkan, "assets/shaders/foo.hlsl")
	for _, p := range f.Paths() {
		if p == "assets/shaders/foo.spv" {
			t.Fatal("Vulkan resolved to foo.spv")
		}
	}
	if SourceOf("assets/shaders/foo.vert.spv") != "assets/shaders/foo.vert" || SourceOf("foo.vert") != "" {
		t.Fatal("SourceOf")
	}
}

func TestResolveRejectsNonHLSL(t *testing.T) {
	for _, p := range []string{"assets/shaders/foo", "assets/shaders.hlsl/foo", "foo.hlsl.bak", ".hlsl", "assets/.hlsl", ""} {
		if _, err := Resolve(Vulkan, p); err == nil {
			t.Errorf("Resolve(%q) succeeded", p)
		}
	}
	_, err := Resolve(OpenGL, "assets/shaders/foo.glsl")
	want := `shader path "assets/shaders/foo.glsl": a material's shader is named by its .hlsl file, like "assets/shaders/default_shader.hlsl"`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestResolveStem(t *testing.T) {
	type row struct {
		kind  Kind
		pass  formats.Pass
		stage formats.GBufferStage
		want  []ShaderFile
	}
	v := func(p, e string) ShaderFile { return ShaderFile{StageVertex, p, e} }
	f := func(p, e string) ShaderFile { return ShaderFile{StageFragment, p, e} }
	tests := []row{
		{Vulkan, formats.PassForward, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main"), f("assets/shaders/voxel.frag.spv", "main")}},
		{Vulkan, formats.PassTransparent, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main"), f("assets/shaders/voxel.frag.spv", "main")}},
		{Vulkan, formats.PassShadow, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main")}},
		{Vulkan, formats.PassGBuffer, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main"), f("assets/shaders/gbuffer.frag.spv", "main")}},
		{OpenGL, formats.PassForward, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel_gl.vert", "main"), f("assets/shaders/voxel_gl.frag", "main")}},
		{OpenGL, formats.PassShadow, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel_gl.vert", "main")}},
		{OpenGL, formats.PassGBuffer, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel_gl.vert", "main"), f("assets/shaders/gbuffer_gl.frag", "main")}},
		{D3D11, formats.PassForward, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.hlsl", "VS_Main"), f("assets/shaders/voxel.hlsl", "PS_Main")}},
		{D3D11, formats.PassShadow, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.hlsl", "VS_Main")}},
		{D3D11, formats.PassGBuffer, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel.hlsl", "VS_Main"), f("assets/shaders/gbuffer.hlsl", "PS_Main")}},
		{D3D12, formats.PassTransparent, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel_dx12.hlsl", "VS_Main"), f("assets/shaders/voxel_dx12.hlsl", "PS_Main")}},
		{D3D12, formats.PassGBuffer, formats.GBufferSmooth, []ShaderFile{v("assets/shaders/voxel_dx12.hlsl", "VS_Main"), f("assets/shaders/gbuffer_dx12.hlsl", "PS_Main")}},
		// The flat gbuffer stage changes the gbuffer pass's fragment file alone.
		{Vulkan, formats.PassGBuffer, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main"), f("assets/shaders/gbuffer_flat.frag.spv", "main")}},
		{OpenGL, formats.PassGBuffer, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel_gl.vert", "main"), f("assets/shaders/gbuffer_flat_gl.frag", "main")}},
		{D3D11, formats.PassGBuffer, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel.hlsl", "VS_Main"), f("assets/shaders/gbuffer_flat.hlsl", "PS_Main")}},
		{D3D12, formats.PassGBuffer, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel_dx12.hlsl", "VS_Main"), f("assets/shaders/gbuffer_flat_dx12.hlsl", "PS_Main")}},
		{Vulkan, formats.PassForward, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel.vert.spv", "main"), f("assets/shaders/voxel.frag.spv", "main")}},
		{OpenGL, formats.PassShadow, formats.GBufferFlat, []ShaderFile{v("assets/shaders/voxel_gl.vert", "main")}},
	}
	for _, tc := range tests {
		got, err := ResolveStem(tc.kind, "voxel", tc.pass, tc.stage)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.All(), tc.want) {
			t.Errorf("%v %v %v:\n got %+v\nwant %+v", tc.kind, tc.pass, tc.stage, got.All(), tc.want)
		}
	}
	if got, _ := ResolveStem(D3D11, "voxel", formats.PassForward, formats.GBufferSmooth); !reflect.DeepEqual(got.Paths(), []string{"assets/shaders/voxel.hlsl"}) {
		t.Errorf("one HLSL file serves both stages: Paths = %v", got.Paths())
	}
	for _, bad := range []string{"", "a/b", "a.vert", ".."} {
		if _, err := ResolveStem(Vulkan, bad, formats.PassForward, formats.GBufferSmooth); err == nil {
			t.Errorf("ResolveStem(%q) succeeded", bad)
		}
	}
}

func TestParseKind(t *testing.T) {
	tests := map[string]Kind{
		"v": Vulkan, "vulkan": Vulkan, "Vulkan": Vulkan,
		"o": OpenGL, "opengl": OpenGL,
		"d11": D3D11, "d3d11": D3D11, "directx11": D3D11,
		"d12": D3D12, "d3d12": D3D12, "directx12": D3D12,
	}
	for in, want := range tests {
		if got, err := ParseKind(in); err != nil || got != want {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	_, err := ParseKind("metal")
	want := `unknown backend "metal": valid backends are vulkan (v), opengl (o), d3d11 (d11, directx11), d3d12 (d12, directx12)`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v", err)
	}
	for _, k := range Kinds() {
		if back, _ := ParseKind(k.String()); back != k {
			t.Errorf("%v does not round-trip", k)
		}
	}
}
