// The gbuffer's encoding for Direct3D, written once for the stages that
// write it (gbuffer, gbuffer_flat) and the passes that read it
// (lighting_pass, ssao, ssr); sleak_gbuffer.glsl is the same for Vulkan
// and OpenGL, and says what each target holds. Macros, not functions:
// Wine's HLSL compiler takes no calls to user functions.
#ifndef SLEAK_GBUFFER_HLSLI
#define SLEAK_GBUFFER_HLSLI

#define SLEAK_GBUFFER_NORMAL(n, roughness) float4((n) * 0.5 + 0.5, (roughness))
// The normal a normal-target texel holds, not renormalised.
#define SLEAK_GBUFFER_NORMAL_OF(texel) ((texel).xyz * 2.0 - 1.0)
// pow for the square root: Wine's compiler has no sqrt.
#define SLEAK_GBUFFER_MATERIAL(metallic, emission) float4((metallic), pow(min((emission), float3(16.0, 16.0, 16.0)) / 16.0, 0.5))
#define SLEAK_GBUFFER_EMISSION_OF(material) (16.0 * (material).yzw * (material).yzw)

#endif
