package shadertool

import (
	"path"
	"strings"
)

// fileKind is what a file in a shader folder is, judged by its name alone.
type fileKind uint8

const (
	kindUnknown fileKind = iota // no loader looks for this name
	kindSource                  // foo.vert, foo.frag, foo.comp: Vulkan GLSL, compiled by glslc
	kindSPIRV                   // foo.vert.spv, foo.frag.spv, foo.comp.spv
	kindGL                      // foo_gl.vert, foo_gl.frag, foo_gl.comp: OpenGL GLSL
	kindHLSL                    // foo.hlsl: Direct3D 11
	kindDX12                    // foo_dx12.hlsl: Direct3D 12
	kindInclude                 // a .glsl/.hlsli-like file; only valid when something #includes it
)

// nameInfo is a file name taken apart.
type nameInfo struct {
	kind  fileKind
	stem  string // for every kind but kindUnknown and kindInclude
	stage string // "vert", "frag" or "comp" for sources, SPIR-V and GL files
	hint  string // for kindUnknown: what the name probably meant
}

// Suffixes the loaders add (backends/paths.go); kept here only to take a
// name apart, never to build one: names are built by backends.Resolve.
const (
	glSuffix   = "_gl"
	dx12Suffix = "_dx12"
)

// includeExts are extensions of files meant to be #included.
var includeExts = map[string]bool{".glsl": true, ".hlsli": true, ".h": true, ".inc": true, ".fxh": true}

// wrongHLSLSuffixes are stem endings that look like a backend marker but are
// not the one the Direct3D loaders use.
var wrongHLSLSuffixes = []struct{ suffix, want string }{
	{"_dx11", "d3d11"}, {"_d3d11", "d3d11"}, {"_d11", "d3d11"}, {"_directx11", "d3d11"},
	{"_d3d12", "d3d12"}, {"_d12", "d3d12"}, {"_directx12", "d3d12"}, {"_dx_12", "d3d12"},
	{"_gl", "gl"}, {"_vk", "vk"}, {"_vulkan", "vk"},
}

// stageNames maps the misspellings of a stage seen in place of an extension
// ("foo_frag.spv", "foo.fs.spv") to the stage extension.
var stageNames = map[string]string{
	"vert": "vert", "vertex": "vert", "vs": "vert",
	"frag": "frag", "fragment": "frag", "fs": "frag", "ps": "frag", "pixel": "frag",
	"comp": "comp", "compute": "comp", "cs": "comp",
}

func isStage(ext string) bool { return ext == ".vert" || ext == ".frag" || ext == ".comp" }

// validStem reports whether s can be a stem: non-empty and without the dot
// that would make it read as an extension.
func validStem(s string) bool { return s != "" && !strings.Contains(s, ".") }

// classify takes a base file name apart.
func classify(name string) nameInfo {
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	switch {
	case isStage(ext):
		stage := ext[1:]
		if stem, ok := strings.CutSuffix(base, glSuffix); ok {
			if !validStem(stem) {
				return nameInfo{hint: dottedHint(stem, glSuffix+ext)}
			}
			return nameInfo{kind: kindGL, stem: stem, stage: stage}
		}
		if !validStem(base) {
			return nameInfo{hint: dottedHint(base, ext)}
		}
		return nameInfo{kind: kindSource, stem: base, stage: stage}

	case ext == ".spv":
		inner := path.Ext(base)
		stem := strings.TrimSuffix(base, inner)
		if isStage(inner) {
			if gl, ok := strings.CutSuffix(stem, glSuffix); ok {
				return nameInfo{hint: "OpenGL compiles " + stem + inner + " from text at load; no loader reads a .spv of it (Vulkan looks for " + gl + inner + ".spv)"}
			}
			if !validStem(stem) {
				return nameInfo{hint: dottedHint(stem, inner+".spv")}
			}
			return nameInfo{kind: kindSPIRV, stem: stem, stage: inner[1:]}
		}
		if s, ok := stageNames[strings.TrimPrefix(strings.ToLower(inner), ".")]; ok && inner != "" {
			return nameInfo{hint: "did you mean " + stem + "." + s + ".spv? A .spv keeps its source's full name"}
		}
		if i := strings.LastIndexAny(base, "_-"); i > 0 {
			if s, ok := stageNames[strings.ToLower(base[i+1:])]; ok {
				return nameInfo{hint: "did you mean " + base[:i] + "." + s + ".spv? A .spv keeps its source's full name"}
			}
		}
		first, _, _ := strings.Cut(base, ".")
		return nameInfo{hint: "a .spv keeps its source's full name: " + first + ".vert.spv or " + first + ".frag.spv"}

	case ext == ".hlsl":
		if stem, ok := strings.CutSuffix(base, dx12Suffix); ok {
			if !validStem(stem) {
				return nameInfo{hint: dottedHint(stem, dx12Suffix+".hlsl")}
			}
			return nameInfo{kind: kindDX12, stem: stem}
		}
		for _, w := range wrongHLSLSuffixes {
			if stem, ok := strings.CutSuffix(base, w.suffix); ok && stem != "" {
				switch w.want {
				case "d3d11":
					return nameInfo{hint: "Direct3D 11 reads " + stem + ".hlsl, without a suffix"}
				case "d3d12":
					return nameInfo{hint: "Direct3D 12 reads " + stem + dx12Suffix + ".hlsl"}
				default:
					return nameInfo{hint: "only Direct3D reads HLSL: " + stem + ".hlsl (Direct3D 11) and " + stem + dx12Suffix + ".hlsl (Direct3D 12)"}
				}
			}
		}
		if !validStem(base) {
			return nameInfo{hint: dottedHint(base, ".hlsl")}
		}
		return nameInfo{kind: kindHLSL, stem: base}

	case includeExts[ext]:
		return nameInfo{kind: kindInclude}
	}
	if lower := strings.ToLower(ext); lower != ext && (isStage(lower) || lower == ".spv" || lower == ".hlsl") {
		return nameInfo{hint: "extensions are case-sensitive: " + base + lower}
	}
	return nameInfo{hint: "no backend loads this name and it is not a shader source"}
}

// dottedHint explains a stem with a dot in it ("foo.hlsl.vert"): the part
// before the first dot is probably the stem meant.
func dottedHint(stem, rest string) string {
	first, _, _ := strings.Cut(stem, ".")
	if first == "" {
		return "a stem has no dots; no loader builds this name"
	}
	return "a stem has no dots; did you mean " + first + rest + "?"
}

// includeHint explains an include-like file that nothing includes.
func includeHint(name string) string {
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	if inner := path.Ext(base); isStage(inner) || inner == ".hlsl" {
		return "no loader reads " + ext + " files and no shader #includes it; did you mean " + base + "?"
	}
	return "no loader reads " + ext + " files and no shader #includes it"
}

// shaderLike reports whether an unknown name was probably meant as a shader
// (an error) rather than being some unrelated file (a warning).
func shaderLike(name string) bool {
	lower := strings.ToLower(name)
	for _, part := range []string{".vert", ".frag", ".comp", ".spv", ".hlsl", ".glsl", ".geom", ".tesc", ".tese", ".vs", ".ps", ".fx", ".cso", ".dxil"} {
		if strings.Contains(lower, part) {
			return true
		}
	}
	return false
}
