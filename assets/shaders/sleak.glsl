// The engine's shader interface for Vulkan GLSL, included by every Vulkan
// shader right after its #version line:
//
//     #include "sleak.glsl"
//
// glslc resolves the name beside the including file first and then in the
// engine's shader folder (sleak shaders compile passes it with -I), so a
// game's shader includes it by this bare name. The layout below is the one
// backends.FrameBlock.Pack writes; a test reflects every compiled shader
// against it. sleak_gl.glsl and sleak.hlsli are the same interface for
// OpenGL and Direct3D.
#ifndef SLEAK_GLSL
#define SLEAK_GLSL

layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj; // world -> shadow clip space (depth 0..1)
    vec4 cameraPos;     // w: time in seconds
    vec4 lightDir;      // xyz: direction light travels, w: 1 when shadows are on
    vec4 lightColor;
    vec4 ambient;       // w: exposure
    vec4 fogColor;
    vec4 fogParams;     // x: start, y: end (0: off), z: 1 / shadow map size
    vec4 skyColor;      // rgb: the sky straight up, w: cosine of the sun disc's radius (0: no disc)
    vec4 effects;       // x: SSAO radius, y: SSAO strength (0: off), z: bloom threshold, w: bloom strength (0: off)
    mat4 cascades[4]; // the shadow cascades, nearest first: world -> each one's shadow clip space; cascade i in tile (i & 1, i >> 1) of the map
    vec4 post;         // x: SSR strength (0: off), y: SSR reach in world units, z: 1 when antialiasing is on
    vec4 ibl;          // x: the environment map's light intensity (0: no map lights the frame), y: 1 when one does, z: an overlay map's intensity (0: none)
    vec4 irradiance[9]; // the map's diffuse light, spherical harmonics (backends.Environment.Irradiance)
    mat4 reproject;     // this frame's unjittered NDC -> the frame before's clip space (temporal antialiasing)
    vec4 taa;           // x: the history's weight (0: none), yz: the view's jitter in NDC, w: 1 when the antialias pass runs as TAA
} frame;

layout(push_constant) uniform Draw {
    mat4 model;
    vec4 color;
    vec4 surface; // x roughness, y metallic, z emissive (backends.Draw.Surface)
} draw;

// SLEAK_Y_DOWN is 1 where a texture's first row is the top of the image
// it was rendered from (Vulkan, Direct3D) and -1 where it is the bottom
// (OpenGL). It is a specialization constant so that the OpenGL variant
// `sleak shaders generate` derives from this shader's SPIR-V can set it.
layout(constant_id = 0) const float SLEAK_Y_DOWN = 1.0;

// sleakShadowUV maps a position in the light's normalized device
// coordinates to its texel in the shadow map.
vec2 sleakShadowUV(vec3 ndc) {
    return vec2(0.5 + 0.5 * ndc.x, 0.5 - 0.5 * SLEAK_Y_DOWN * ndc.y);
}

// sleakScreenNDC maps a fragment's window coordinates in a target of the
// given size to normalized device coordinates.
vec2 sleakScreenNDC(vec2 fragCoord, vec2 size) {
    return vec2(fragCoord.x / size.x * 2.0 - 1.0, SLEAK_Y_DOWN * (1.0 - fragCoord.y / size.y * 2.0));
}

// sleakClip returns a clip-space position as the target API clips it. The
// engine's projections give depth 0..1, which is Vulkan's own range.
vec4 sleakClip(vec4 p) {
    return p;
}

#endif
