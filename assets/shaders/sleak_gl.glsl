// The engine's shader interface for desktop GLSL 4.10, included by every
// OpenGL shader right after its #version line:
//
//     #include "sleak_gl.glsl"
//
// The OpenGL backend expands includes itself (assets.ReadShader) through
// the same lookup as the shader, so a game's shader includes this engine
// file by its bare name. The same interface as sleak.glsl for Vulkan.
#ifndef SLEAK_GL_GLSL
#define SLEAK_GL_GLSL

// Bound to uniform block binding 0 by the backend (GLSL 4.10 has no
// layout(binding)).
layout(std140) uniform Frame {
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

// The per-draw block: plain uniforms, set per draw by the backend.
uniform mat4 u_model;
uniform vec4 u_color;
uniform vec4 u_surface; // x roughness, y metallic, z emissive (backends.Draw.Surface)

// A texture's first row is the bottom of the image rendered into it.
const float SLEAK_Y_DOWN = -1.0;

vec2 sleakShadowUV(vec3 ndc) {
    return vec2(0.5 + 0.5 * ndc.x, 0.5 - 0.5 * SLEAK_Y_DOWN * ndc.y);
}

vec2 sleakScreenNDC(vec2 fragCoord, vec2 size) {
    return vec2(fragCoord.x / size.x * 2.0 - 1.0, SLEAK_Y_DOWN * (1.0 - fragCoord.y / size.y * 2.0));
}

// sleakClip remaps the engine's clip depth 0..1 to OpenGL's -w..w: the
// backend does not, so every OpenGL vertex shader must.
vec4 sleakClip(vec4 p) {
    return vec4(p.xy, 2.0 * p.z - p.w, p.w);
}

#endif
