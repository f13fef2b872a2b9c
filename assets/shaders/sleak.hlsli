// The engine's shader interface for HLSL (vs_5_0 / ps_5_0), included by
// every Direct3D shader:
//
//     #include "sleak.hlsli"
//
// The Direct3D backends expand includes themselves (assets.ReadShader)
// through the same lookup as the shader, so a game's shader includes this
// engine file by its bare name. The same interface as sleak.glsl for
// Vulkan. Wine's HLSL compiler rejects calls to user functions, so the
// helpers are macros.
#ifndef SLEAK_HLSLI
#define SLEAK_HLSLI

cbuffer Frame : register(b0) {
    column_major float4x4 viewProj;
    column_major float4x4 invViewProj;
    column_major float4x4 lightViewProj; // world -> shadow clip space (depth 0..1)
    float4 cameraPos;  // w: time in seconds
    float4 lightDir;   // xyz: direction light travels, w: 1 when shadows are on
    float4 lightColor;
    float4 ambient;    // w: exposure
    float4 fogColor;
    float4 fogParams;  // x: start, y: end (0: off), z: 1 / shadow map size
    float4 skyColor;   // rgb: the sky straight up, w: cosine of the sun disc's radius (0: no disc)
    float4 effects;    // x: SSAO radius, y: SSAO strength (0: off), z: bloom threshold, w: bloom strength (0: off)
    column_major float4x4 cascades[4]; // the shadow cascades, nearest first: world -> each one's shadow clip space; cascade i in tile (i & 1, i >> 1) of the map
    float4 post;       // x: SSR strength (0: off), y: SSR reach in world units, z: 1 when antialiasing is on
    float4 ibl;        // x: the environment map's light intensity (0: no map lights the frame), y: 1 when one does, z: an overlay map's intensity (0: none)
    float4 irradiance[9]; // the map's diffuse light, spherical harmonics (backends.Environment.Irradiance)
    column_major float4x4 reproject; // this frame's unjittered NDC -> the frame before's clip space (temporal antialiasing)
    float4 taa;        // x: the history's weight (0: none), yz: the view's jitter in NDC, w: 1 when the antialias pass runs as TAA
};

cbuffer Draw : register(b1) {
    column_major float4x4 model;
    float4 color;
    float4 surface; // x roughness, y metallic, z emissive (backends.Draw.Surface)
};

// A texture's first row is the top of the image rendered into it.
#define SLEAK_SHADOW_UV(ndc) float2(0.5 + 0.5 * (ndc).x, 0.5 - 0.5 * (ndc).y)

#endif
