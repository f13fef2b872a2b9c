// The gbuffer's encoding for Vulkan and OpenGL, written once for the stages
// that write it (gbuffer, gbuffer_flat) and the passes that read it
// (lighting_pass, ssao, ssr); sleak_gbuffer.hlsli is the same for
// Direct3D. The three targets:
//   albedo   (RGBA8):  rgb albedo, a ambient occlusion
//   normal:            xyz the unit normal as 0.5 + 0.5 n, w roughness
//   material (RGBA8):  x metallic, yzw emission as sqrt(min(e, 16) / 16),
//                      so eight bits hold emission up to 16 times the
//                      albedo, finer near 0
#ifndef SLEAK_GBUFFER_GLSL
#define SLEAK_GBUFFER_GLSL

vec4 sleakGBufferNormal(vec3 n, float roughness) {
    return vec4(n * 0.5 + 0.5, roughness);
}

// sleakGBufferNormalOf is the normal a normal-target texel holds, not
// renormalised.
vec3 sleakGBufferNormalOf(vec4 texel) {
    return texel.xyz * 2.0 - 1.0;
}

vec4 sleakGBufferMaterial(float metallic, vec3 emission) {
    return vec4(metallic, sqrt(min(emission, vec3(16.0)) / 16.0));
}

vec3 sleakGBufferEmissionOf(vec4 material) {
    return 16.0 * material.yzw * material.yzw;
}

#endif
