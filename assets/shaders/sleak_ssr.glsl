// Screen-space reflections, shared by the Vulkan and OpenGL variants of the
// ssr stem; ssr.hlsl is the same math for Direct3D. Include it after
// sleak.glsl or sleak_gl.glsl.
//
// A glossy deferred pixel (roughness below 0.6) follows its mirror
// direction in 24 equal steps up to the reach (frame.post.y); the first
// step that lies behind the surface seen at its pixel, by less than two
// steps, is a hit, and the pixel reflects the lit colour there, weighted
// by Schlick's Fresnel term, the gloss and the strength (frame.post.x). A
// ray that leaves the screen, or meets nothing, reflects nothing.
#ifndef SLEAK_SSR_GLSL
#define SLEAK_SSR_GLSL

#include "sleak_ssao.glsl" // sleakWorldAt
#include "sleak_gbuffer.glsl"

vec3 sleakReflection(sampler2D hdr, sampler2D gNormal, sampler2D gMaterial, sampler2D gDepth, ivec2 p) {
    float depth = texelFetch(gDepth, p, 0).r;
    vec4 nr = texelFetch(gNormal, p, 0);
    float gloss = clamp(1.0 - nr.w / 0.6, 0.0, 1.0);
    if (depth >= 1.0 || gloss <= 0.0) {
        return vec3(0.0);
    }
    ivec2 isize = textureSize(gDepth, 0);
    vec2 size = vec2(isize);
    vec3 pos = sleakWorldAt(p, depth, size);
    vec3 n = normalize(sleakGBufferNormalOf(nr));
    vec3 eye = frame.cameraPos.xyz;
    vec3 v = normalize(pos - eye);
    vec3 r = v - 2.0 * dot(v, n) * n;
    float stepLen = frame.post.y / 24.0;
    vec3 color = vec3(0.0);
    for (int i = 1; i <= 24; i++) {
        vec3 s = pos + r * (stepLen * float(i));
        vec4 c = frame.viewProj * vec4(s, 1.0);
        vec2 ndc = c.xy / max(c.w, 1e-6);
        if (c.w <= 0.0 || abs(ndc.x) > 1.0 || abs(ndc.y) > 1.0) {
            break;
        }
        vec2 fc = vec2((ndc.x * 0.5 + 0.5) * size.x, (0.5 - 0.5 * SLEAK_Y_DOWN * ndc.y) * size.y);
        ivec2 q = clamp(ivec2(floor(fc)), ivec2(0), isize - 1);
        float seenDepth = texelFetch(gDepth, q, 0).r;
        float behind = length(s - eye) - length(sleakWorldAt(q, seenDepth, size) - eye);
        if (seenDepth < 1.0 && behind > 0.0 && behind < 2.0 * stepLen) {
            color = texelFetch(hdr, q, 0).rgb;
            break;
        }
    }
    float f0 = mix(0.04, 1.0, texelFetch(gMaterial, p, 0).x);
    float x = 1.0 - max(dot(-v, n), 0.0);
    float x2 = x * x;
    float fresnel = f0 + (1.0 - f0) * (x2 * x2 * x);
    return color * (fresnel * gloss * frame.post.x);
}

#endif
