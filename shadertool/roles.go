package shadertool

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// Stages is the set of shader stages a stem must provide.
type Stages uint8

// Stage sets.
const (
	Vertex Stages = 1 << iota
	Fragment
	// Compute is the one stage of a fullscreen engine pass that a backend
	// runs as a compute shader (backends.IsComputeStem): a file of that
	// backend then serves a row that needs both of the others.
	Compute

	BothStages = Vertex | Fragment
)

// List names the stages, vertex first.
func (s Stages) List() []string {
	out := []string{}
	if s&Vertex != 0 {
		out = append(out, backends.StageVertex.String())
	}
	if s&Fragment != 0 {
		out = append(out, backends.StageFragment.String())
	}
	if s&Compute != 0 {
		out = append(out, backends.StageCompute.String())
	}
	return out
}

func (s Stages) String() string {
	switch s {
	case Vertex:
		return "vertex stage"
	case Fragment:
		return "fragment stage"
	case BothStages:
		return "vertex and fragment stages"
	case Compute:
		return "compute stage"
	}
	return "no stage"
}

// passStages is what a vertex format's stem must provide in each pass:
// shadow and gbuffer stems are vertex-only (formats.Pass.VertexOnly).
func passStages(p formats.Pass) Stages {
	if p.VertexOnly() {
		return Vertex
	}
	return BothStages
}

// EngineStem is one of the engine's own shaders and the role that decides
// which stages it must have.
type EngineStem struct {
	Stem    string
	Stages  Stages
	Feature string // the engine feature it serves, a row of the feature matrix
	Role    string // what it does, for reports
	// DefaultVertex means it draws meshes of the engine's default vertex
	// (formats.DefaultLayout), so its vertex inputs are checked against it.
	DefaultVertex bool
	// Vertex, when set, is the engine's own vertex layout the stem reads
	// instead (backends.LineLayout for debug_lines), checked the same way.
	Vertex func() *formats.Layout
}

// layout returns the vertex layout the stem's inputs are checked against,
// or nil when it reads no vertex buffer.
func (e EngineStem) layout() *formats.Layout {
	switch {
	case e.Vertex != nil:
		return e.Vertex()
	case e.DefaultVertex:
		return formats.DefaultLayout()
	}
	return nil
}

// Engine feature names, in the order the feature matrix lists them.
const (
	FeatureShadows   = "shadows"
	FeatureDeferred  = "deferred (gbuffer + lighting)"
	FeatureForward   = "forward"
	FeatureComposite = "composite"
	FeatureDebug     = "debug lines"
	FeatureUI        = "ui"
	// FeaturePunctualLights is point and spot lights (the light grid),
	// shaded by the lighting pass and the default material shader through
	// the shared light includes rather than a stem of their own.
	FeaturePunctualLights = "punctual lights"
	FeatureSSAO           = "ssao"
	FeatureSSR            = "ssr"
	FeatureBloom          = "bloom"
	FeatureAntialias      = "antialiasing"
	// FeatureTAA is the antialias pass as temporal antialiasing
	// (backends.Effects.TAA).
	FeatureTAA = "temporal antialiasing"
	// FeatureSkinned is meshes of the engine's skinned format
	// (formats.SkinnedLayout) in every pass that draws meshes.
	FeatureSkinned = "skinned meshes"
	// FeatureNormalMaps and FeatureEmissiveMaps are the material's maps
	// (backends.Draw.NormalMap, EmissiveMap), read by the default material
	// shader and the gbuffer stages through sleak_maps.glsl and
	// sleak_maps.hlsli and their own samplers (the flat gbuffer stage has
	// no tangent, so it reads the emissive map alone).
	FeatureNormalMaps   = "normal maps"
	FeatureEmissiveMaps = "emissive maps"
)

// FeatureIBL is image-based lighting from an environment map, and
// FeatureSkybox the map drawn as the sky: like the punctual lights, the
// work of shared includes in the lighting pass (and, for the ambient
// light, the default material shader), not of stems of their own.
const (
	FeatureIBL    = "image-based lighting"
	FeatureSkybox = "skybox"
)

// markerFeature is a feature the engine's shaders carry inside their
// fragment stages: which stems, and what each language's fragment stage
// must contain, count times at least, after its includes are expanded.
type markerFeature struct {
	name   string
	stems  []string
	marker func(k backends.Kind) (text string, count int)
	lacks  string // what a file without the marker is reported as
}

// markerFeatures are the feature matrix's rows after the engine stems'.
var markerFeatures = []markerFeature{
	{FeaturePunctualLights, lightShaders, lightsMarker, "shades no punctual lights"},
	{FeatureNormalMaps, []string{"default_shader", backends.GBufferStem}, func(k backends.Kind) (string, int) {
		if k == backends.D3D11 || k == backends.D3D12 {
			return "smOut = normalize(", 1 // sleak_maps.hlsli
		}
		return "sleakMappedNormal(", 2 // the definition and a call
	}, "reads no normal map"},
	{FeatureEmissiveMaps, []string{"default_shader", backends.GBufferStem, backends.GBufferFlatStem}, func(k backends.Kind) (string, int) {
		switch k {
		case backends.D3D11, backends.D3D12:
			return "emissiveMap.Sample(", 1
		case backends.OpenGL:
			return "texture(u_emissiveMap", 1
		}
		return "texture(emissiveMap", 1
	}, "reads no emissive map"},
	// sleak_ibl.glsl's sleakIBL, sleak_ibl_apply.hlsli's lookups.
	{FeatureIBL, []string{"lighting_pass", "default_shader"}, func(k backends.Kind) (string, int) {
		if k == backends.D3D11 || k == backends.D3D12 {
			return "iblLight = (iblDiffuse + iblSpec", 1
		}
		return "sleakIBL(", 2
	}, "adds no image-based lighting"},
	// sleak_ibl.glsl's sleakEnvSky, sleak_ibl_sky.hlsli.
	{FeatureSkybox, []string{"lighting_pass"}, func(k backends.Kind) (string, int) {
		if k == backends.D3D11 || k == backends.D3D12 {
			return "sky = lerp(sky, envC * envC * ibl.x, ibl.y)", 1
		}
		return "sleakEnvSky(", 2
	}, "draws no skybox"},
}

// lightShaders are the engine stems that shade the punctual lights, and
// what each language's file must contain (after its includes are
// expanded) to do so: a call of sleak_lights.glsl's sleakPunctual, the
// unrolled loop of sleak_lights_apply.hlsli.
var lightShaders = []string{"lighting_pass", "default_shader"}

func lightsMarker(k backends.Kind) (text string, count int) {
	if k == backends.D3D11 || k == backends.D3D12 {
		return "sleakLights.Load(int3(0, 0, 0))", 1
	}
	return "sleakPunctual(", 2 // the definition and a call
}

var engineFeatures = []string{FeatureShadows, FeatureDeferred, FeatureSSAO, FeatureForward, FeatureSkinned, FeatureSSR, FeatureBloom, FeatureComposite, FeatureAntialias, FeatureTAA, FeatureDebug, FeatureUI}

// EngineStems is the one table of engine shader roles; everything that
// treats an engine stem specially reads it from here.
//
//   - shadow_depth draws default-format meshes into the shadow map: depth
//     only, so vertex only.
//   - gbuffer and gbuffer_flat are the fixed fragment stages the gbuffer
//     stems pair with, by their format's gbuffer stage (smooth or flat,
//     backends.GBufferFragmentStem); they have no vertex stage of their own.
//   - lighting_pass and composite are fullscreen passes with both stages,
//     as are the effects' stems: ssao and ssao_blur (the SSAO pass), ssr,
//     bloom and bloom_blur (the bloom pass), antialias and taa (the
//     antialias pass, as edge smoothing or temporal antialiasing). On
//     Vulkan and OpenGL each of them is one compute stage instead
//     (backends.IsComputeStem).
//   - default_shader is the material shader of materials that name none
//     (scene.DefaultShader), drawn in the forward pass.
//   - debug_lines draws the debug pass's world-space lines (vertices of
//     backends.LineLayout: position and RGBA8 colour).
//   - ui draws the screen-space quads of the UI pass (default-format
//     meshes whose positions are the quad's corners).
//   - skinned_shader, skinned_shader_shadow and skinned_shader_gbuffer are
//     the stems of the skinned format (formats.SkinnedLayout): forward,
//     both stages; shadow and gbuffer, vertex only (the gbuffer one pairs
//     with the gbuffer fragment stage).
var EngineStems = []EngineStem{
	{Stem: "shadow_depth", Stages: Vertex, Feature: FeatureShadows, Role: "shadow pass of default-format meshes", DefaultVertex: true},
	{Stem: backends.GBufferStem, Stages: Fragment, Feature: FeatureDeferred, Role: "fragment stage of every gbuffer stem of a smooth format"},
	{Stem: backends.GBufferFlatStem, Stages: Fragment, Feature: FeatureDeferred, Role: "fragment stage of every gbuffer stem of a flat format"},
	{Stem: "ssao", Stages: BothStages, Feature: FeatureSSAO, Role: "ambient occlusion from the gbuffer"},
	{Stem: "ssao_blur", Stages: BothStages, Feature: FeatureSSAO, Role: "blur of the ambient occlusion"},
	{Stem: "lighting_pass", Stages: BothStages, Feature: FeatureDeferred, Role: "deferred lighting"},
	{Stem: "default_shader", Stages: BothStages, Feature: FeatureForward, Role: "default material shader", DefaultVertex: true},
	{Stem: "ssr", Stages: BothStages, Feature: FeatureSSR, Role: "screen-space reflections"},
	{Stem: "bloom", Stages: BothStages, Feature: FeatureBloom, Role: "bright light at a quarter resolution"},
	{Stem: "bloom_blur", Stages: BothStages, Feature: FeatureBloom, Role: "blur of the bright light"},
	{Stem: "composite", Stages: BothStages, Feature: FeatureComposite, Role: "tonemap and gamma"},
	{Stem: "antialias", Stages: BothStages, Feature: FeatureAntialias, Role: "edge smoothing of the composited image"},
	{Stem: "taa", Stages: BothStages, Feature: FeatureTAA, Role: "temporal antialiasing of the composited image"},
	{Stem: "debug_lines", Stages: BothStages, Feature: FeatureDebug, Role: "debug lines over the composited image", Vertex: backends.LineLayout},
	{Stem: "ui", Stages: BothStages, Feature: FeatureUI, Role: "screen-space user interface", DefaultVertex: true},
	{Stem: formats.SkinnedStem, Stages: BothStages, Feature: FeatureSkinned, Role: "skinned meshes, forward", DefaultVertex: true},
	{Stem: formats.SkinnedShadowStem, Stages: Vertex, Feature: FeatureSkinned, Role: "shadow pass of skinned meshes", DefaultVertex: true},
	{Stem: formats.SkinnedGBufferStem, Stages: Vertex, Feature: FeatureSkinned, Role: "gbuffer pass of skinned meshes", DefaultVertex: true},
}

// computeBackends lists the backends that run engine stem stem as a
// compute shader, by their canonical names; none for any other stem.
func computeBackends(stem string) []string {
	if !isEngineStem(stem) {
		return nil
	}
	var out []string
	for _, k := range backends.Kinds() {
		if backends.IsComputeStem(k, stem) {
			out = append(out, k.String())
		}
	}
	return out
}

func isEngineStem(stem string) bool {
	_, ok := engineStem(stem)
	return ok
}

func engineStem(stem string) (EngineStem, bool) {
	for _, e := range EngineStems {
		if e.Stem == stem {
			return e, true
		}
	}
	return EngineStem{}, false
}
