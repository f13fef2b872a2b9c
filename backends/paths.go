package backends

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sleakgo/sleak/formats"
)

// ShaderDir is where stems resolve, relative to the working directory (and
// the embedded engine assets).
const ShaderDir = "assets/shaders"

// The engine shaders whose fragment stages the gbuffer stems pair with:
// GBufferStem for formats of the smooth gbuffer stage, GBufferFlatStem for
// those of the flat one (formats.GBufferStage). Custom gbuffer stems are
// vertex-only.
const (
	GBufferStem     = "gbuffer"
	GBufferFlatStem = "gbuffer_flat"
)

// GBufferFragmentStem returns the engine stem whose fragment stage the
// gbuffer stems of a format of stage g pair with.
func GBufferFragmentStem(g formats.GBufferStage) string {
	if g == formats.GBufferFlat {
		return GBufferFlatStem
	}
	return GBufferStem
}

// Stage is a shader stage.
type Stage uint8

// Shader stages.
const (
	StageVertex Stage = iota
	StageFragment
	StageCompute
)

func (s Stage) String() string {
	switch s {
	case StageVertex:
		return "vertex"
	case StageCompute:
		return "compute"
	}
	return "fragment"
}

// ShaderFile is one file a backend loads for one stage.
type ShaderFile struct {
	Stage Stage
	Path  string // relative to the working directory
	Entry string // entry point: "main" for GLSL and SPIR-V, VS_Main or PS_Main for HLSL
}

// ShaderFiles is what a backend loads for one program: a vertex stage and
// usually a fragment stage. Vertex-only programs (shadow stems) have no
// fragment file. A fullscreen engine pass that the backend runs as a
// compute shader (ResolveEngine) is its Compute file alone.
type ShaderFiles struct {
	Vertex   ShaderFile
	Fragment *ShaderFile
	Compute  *ShaderFile // when set, the whole program: Vertex and Fragment are unset
}

// Paths lists the files, vertex first, without repeating one file that
// serves both stages (HLSL).
func (f ShaderFiles) Paths() []string {
	if f.Compute != nil {
		return []string{f.Compute.Path}
	}
	out := []string{f.Vertex.Path}
	if f.Fragment != nil && f.Fragment.Path != f.Vertex.Path {
		out = append(out, f.Fragment.Path)
	}
	return out
}

// All lists every (stage, file) pair.
func (f ShaderFiles) All() []ShaderFile {
	if f.Compute != nil {
		return []ShaderFile{*f.Compute}
	}
	if f.Fragment == nil {
		return []ShaderFile{f.Vertex}
	}
	return []ShaderFile{f.Vertex, *f.Fragment}
}

// Output returns the file of the stage that writes the program's pixels:
// its compute stage, else its fragment stage; ok is false for a
// vertex-only program.
func (f ShaderFiles) Output() (file ShaderFile, ok bool) {
	switch {
	case f.Compute != nil:
		return *f.Compute, true
	case f.Fragment != nil:
		return *f.Fragment, true
	}
	return ShaderFile{}, false
}

// Base strips the canonical shader path to its stem path: "assets/shaders/foo.hlsl"
// becomes "assets/shaders/foo". The canonical name is the Direct3D 11 file,
// so it must end in ".hlsl"; only that final extension is removed, so a
// folder named "x.hlsl" is left alone.
func Base(canonical string) (string, error) {
	if !strings.HasSuffix(canonical, ".hlsl") || len(canonical) == len(".hlsl") || strings.HasSuffix(canonical, "/.hlsl") {
		return "", fmt.Errorf("shader path %q: a material's shader is named by its .hlsl file, like \"assets/shaders/default_shader.hlsl\"", canonical)
	}
	return strings.TrimSuffix(canonical, ".hlsl"), nil
}

// Resolve returns the files backend k loads for the material shader named by
// its canonical .hlsl path, following the rewrite table:
//
//	Vulkan   foo.vert.spv + foo.frag.spv   (entry "main")
//	OpenGL   foo_gl.vert  + foo_gl.frag
//	D3D11    foo.hlsl                      (VS_Main, PS_Main)
//	D3D12    foo_dx12.hlsl                 (VS_Main, PS_Main)
func Resolve(k Kind, canonical string) (ShaderFiles, error) {
	base, err := Base(canonical)
	if err != nil {
		return ShaderFiles{}, err
	}
	v, f := stageFiles(k, base)
	return ShaderFiles{Vertex: v, Fragment: &f}, nil
}

// computeStems are the engine's fullscreen stems that a backend runs as
// compute shaders: one compute file instead of a vertex and a fragment
// stage. On Vulkan and OpenGL that is every one of them. A compute shader
// writes its target image directly, where a fragment shader's pixels go
// through the raster pipeline, which some GPUs (compute parts such as the
// H100 and H200) run on a few of their units: on the H200 the SSAO,
// lighting, bloom and composite passes took 1.72 ms a frame at 1920x1080
// as fragment shaders and 0.12 ms as compute shaders (docs/PERFORMANCE.md).
// The Direct3D backends keep their pixel shaders: the HLSL compiler they
// are tested with (Wine's) has no compute profile.
var computeStems = []string{"ssao", "ssao_blur", "lighting_pass", "ssr", "bloom", "bloom_blur", "composite", "antialias", "taa"}

// IsComputeStem reports whether backend k runs the engine stem stem as a
// compute shader.
func IsComputeStem(k Kind, stem string) bool {
	return (k == Vulkan || k == OpenGL) && slices.Contains(computeStems, stem)
}

// ResolveEngine returns the files backend k loads for the engine's own
// stem stem in folder dir: as Resolve does for a material shader, or, for
// a stem the backend runs as a compute shader (IsComputeStem), its one
// compute file: dir/stem.comp.spv on Vulkan, dir/stem_gl.comp on OpenGL.
func ResolveEngine(k Kind, dir, stem string) (ShaderFiles, error) {
	if IsComputeStem(k, stem) {
		name := path.Join(dir, stem) + ".comp.spv"
		if k == OpenGL {
			name = path.Join(dir, stem) + "_gl.comp"
		}
		return ShaderFiles{Compute: &ShaderFile{StageCompute, name, "main"}}, nil
	}
	return Resolve(k, path.Join(dir, stem)+".hlsl")
}

// ResolveStem returns the files backend k loads for a vertex format's stem in
// a pass. Stems live in ShaderDir. Main and transparent stems have both
// stages; a shadow stem is vertex-only; a gbuffer stem is vertex-only and
// pairs, on every backend, with the engine's gbuffer fragment shader of the
// format's gbuffer stage g (GBufferFragmentStem), which other passes ignore.
func ResolveStem(k Kind, stem string, p formats.Pass, g formats.GBufferStage) (ShaderFiles, error) {
	if stem == "" {
		return ShaderFiles{}, fmt.Errorf("%s stem is empty: the pass is skipped, nothing to load", p)
	}
	if strings.ContainsAny(stem, `/\.`) {
		return ShaderFiles{}, fmt.Errorf("stem %q: a stem is a bare name without extension or folder", stem)
	}
	if _, ok := kindNames[k]; !ok {
		return ShaderFiles{}, fmt.Errorf("stem %q: unknown backend %v", stem, k)
	}
	v, f := stageFiles(k, path.Join(ShaderDir, stem))
	switch p {
	case formats.PassShadow:
		return ShaderFiles{Vertex: v}, nil
	case formats.PassGBuffer:
		_, gf := stageFiles(k, path.Join(ShaderDir, GBufferFragmentStem(g)))
		return ShaderFiles{Vertex: v, Fragment: &gf}, nil
	default:
		return ShaderFiles{Vertex: v, Fragment: &f}, nil
	}
}

func stageFiles(k Kind, base string) (vertex, fragment ShaderFile) {
	switch k {
	case Vulkan:
		return ShaderFile{StageVertex, base + ".vert.spv", "main"}, ShaderFile{StageFragment, base + ".frag.spv", "main"}
	case OpenGL:
		return ShaderFile{StageVertex, base + "_gl.vert", "main"}, ShaderFile{StageFragment, base + "_gl.frag", "main"}
	case D3D11:
		return ShaderFile{StageVertex, base + ".hlsl", "VS_Main"}, ShaderFile{StageFragment, base + ".hlsl", "PS_Main"}
	default: // D3D12
		return ShaderFile{StageVertex, base + "_dx12.hlsl", "VS_Main"}, ShaderFile{StageFragment, base + "_dx12.hlsl", "PS_Main"}
	}
}

// SourceOf returns the GLSL source a SPIR-V file is compiled from
// ("foo.vert.spv" -> "foo.vert"), or "" when path is no .spv file.
func SourceOf(spv string) string {
	if !strings.HasSuffix(spv, ".spv") {
		return ""
	}
	return strings.TrimSuffix(spv, ".spv")
}
