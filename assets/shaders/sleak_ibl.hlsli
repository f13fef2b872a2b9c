// Image-based lighting for HLSL: the twin of sleak_ibl.glsl, reading the
// same environment atlas (backends.Environment) from t11 through s4, a
// linear, clamped sampler. Include it after sleak.hlsli:
//
//     #include "sleak_ibl.hlsli"
//
// and, inside the pixel shader, sleak_ibl_apply.hlsli where the ambient
// light is wanted and sleak_ibl_sky.hlsli where the sky is drawn (see
// there). Wine's HLSL compiler takes no calls to user functions and its
// preprocessor does not expand a macro's parameters inside another macro
// (docs/DIRECTX.md), so the lookups are written out in those files. They
// read with Sample, not SampleLevel, which Wine's compiler does not
// implement ("SM4 sample-LOD expression"): the atlas has one level and
// its sampler the same filter for minifying and magnifying, so whatever
// level the derivatives pick, even inside a branch, reads the same.
#ifndef SLEAK_IBL_HLSLI
#define SLEAK_IBL_HLSLI

Texture2D<float4> sleakEnvironment : register(t11);
SamplerState sleakEnvSampler : register(s4);

#endif
