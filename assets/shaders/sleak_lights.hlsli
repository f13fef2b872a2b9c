// Punctual lights for HLSL: the twin of sleak_lights.glsl, reading the same
// light grid (backends.LightGrid) from t6. Include it after sleak.hlsli:
//
//     #include "sleak_lights.hlsli"
//
// and, inside the pixel shader, include sleak_lights_apply.hlsli where the
// lights are to be added (see there). Wine's HLSL compiler takes no calls
// to user functions, wined3d runs no loops, and Wine's preprocessor does
// not substitute a macro's parameters in the arguments of a macro it calls
// (docs/DIRECTX.md), so the light loop is written out, unrolled, in that
// second file.
#ifndef SLEAK_LIGHTS_HLSLI
#define SLEAK_LIGHTS_HLSLI

Texture2D<float4> sleakLights : register(t6);

#endif
