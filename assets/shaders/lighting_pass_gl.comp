#version 430 core
// Deferred lighting of the gbuffer; empty pixels (depth 1) get the sky colour.
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_lights.glsl"
#include "sleak_ibl.glsl"
#include "sleak_ssao.glsl"
#include "sleak_gbuffer.glsl"
uniform sampler2D u_shadowMap;
uniform sampler2D u_gAlbedo;
uniform sampler2D u_gNormal;
uniform sampler2D u_gMaterial;
uniform sampler2D u_gDepth;
// The SSAO pass's blurred occlusion: 1 where it is off.
uniform sampler2D u_ssaoMap;
#define SHADOWMAP u_shadowMap

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the HDR target, bound to image unit 0.
layout(binding = 0, rgba16f) uniform writeonly image2D target;

#include "sleak_sun.glsl"

vec3 shade(vec3 albedo, vec3 normal, float ao, vec3 worldPos, float roughness, float metallic) {
    vec3 n = normalize(normal);
    float ndl = max(dot(n, -frame.lightDir.xyz), 0.0);
    // A surface turned away from the sun is unlit whatever the shadow: the
    // filter runs only where it can change the pixel.
    float sun = 0.0;
    if (ndl > 0.0) {
        sun = ndl * shadowFactor(worldPos);
    }
    // The flat ambient light, or the environment map's when one is set.
    vec3 lit = albedo * (frame.ambient.rgb * (1.0 - frame.ibl.y) * ao + frame.lightColor.rgb * sun);
    vec3 v = normalize(frame.cameraPos.xyz - worldPos);
    lit += sleakIBL(n, v, albedo, roughness, metallic) * ao;
    lit += sleakPunctual(worldPos, n, v, albedo, roughness, metallic);
    return applyFog(lit, worldPos);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    float depth = texelFetch(u_gDepth, p, 0).r;
    vec2 size = vec2(textureSize(u_gDepth, 0));
    // OpenGL puts NDC y = -1 at row 0.
    vec2 ndc = sleakScreenNDC(vec2(p) + 0.5, size);
    if (depth >= 1.0) {
        vec4 far = frame.invViewProj * vec4(ndc, 1.0, 1.0);
        vec3 dir = normalize(far.xyz / far.w - frame.cameraPos.xyz);
        // The environment map where one is set, the procedural sky otherwise.
        imageStore(target, p, vec4(sleakEnvSky(dir, sleakSky(dir)), 1.0));
        return;
    }
    vec4 w = frame.invViewProj * vec4(ndc, depth, 1.0);
    vec3 worldPos = w.xyz / w.w;
    vec4 albedo = texelFetch(u_gAlbedo, p, 0);
    vec4 normal = texelFetch(u_gNormal, p, 0);
    vec4 material = texelFetch(u_gMaterial, p, 0);
    vec3 color = shade(albedo.rgb, sleakGBufferNormalOf(normal), albedo.a * texelFetch(u_ssaoMap, sleakHalfTexel(p, textureSize(u_gDepth, 0)), 0).r, worldPos, normal.w, material.x);
    // The emission, its colour per texel (the gbuffer stage's emissive map).
    imageStore(target, p, vec4(color + albedo.rgb * sleakGBufferEmissionOf(material), 1.0));
}
