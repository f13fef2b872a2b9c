package formats

// SkinnedLayoutName is the name of [SkinnedLayout].
const SkinnedLayoutName = "skinned"

// The engine's skinned stems (docs/SKINNING.md): the forward stem, both
// stages, which draws transparent materials too, and its vertex-only
// shadow and gbuffer stems. Each vertex stage
// blends the four joint matrices its vertex's bone ids and weights name.
const (
	SkinnedStem        = "skinned_shader"
	SkinnedShadowStem  = "skinned_shader_shadow"
	SkinnedGBufferStem = "skinned_shader_gbuffer"
)

// SkinnedLayout returns a new copy of the engine's skinned vertex format:
// the default vertex (position, normal, tangent, color, uv, bone ids and
// weights) drawn with the skinned stems, so that a skinned mesh casts
// shadows and is shaded deferred, or blended in the transparent pass when
// its material is transparent. Clear GBufferShader (and rename it) for a
// skinned format shaded forward instead. Register it like any format.
func SkinnedLayout() *Layout {
	l := DefaultLayout()
	l.Name = SkinnedLayoutName
	l.Shader, l.ShadowShader, l.GBufferShader = SkinnedStem, SkinnedShadowStem, SkinnedGBufferStem
	l.TransparentShader = SkinnedStem
	return l
}
