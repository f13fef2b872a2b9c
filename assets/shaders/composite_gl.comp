#version 430 core
// The SSR pass's reflections, exposure, the bloom pass's light, ACES
// filmic tonemap (Narkowicz's fit) and gamma 2.2 to the 8-bit output.
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_bloom.glsl"
uniform sampler2D u_hdrColor;
// The bloom pass's blurred light: 0 where it is off.
uniform sampler2D u_bloomMap;
// The SSR pass's reflections: 0 where it is off.
uniform sampler2D u_ssrMap;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the RGBA8 output, bound to image unit 0.
layout(binding = 0, rgba8) uniform writeonly image2D target;

vec3 aces(vec3 x) {
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    vec3 hdr = texelFetch(u_hdrColor, p, 0).rgb;
    // The reflections are read only while the SSR pass is on (post.x, its
    // strength); off, its target holds 0. The test holds a per-pixel value
    // so that lavapipe compiles the shader once (sleak_sun.glsl).
    if (frame.post.x * (abs(hdr.g) + 1.0) > 0.0) {
        hdr += texelFetch(u_ssrMap, p, 0).rgb;
    }
    float exposure = frame.ambient.w > 0.0 ? frame.ambient.w : 1.0;
    vec3 bloom = sleakBloomAt(u_bloomMap, p, textureSize(u_hdrColor, 0).y) * frame.effects.w;
    imageStore(target, p, vec4(pow(aces(hdr * exposure + bloom), vec3(1.0 / 2.2)), 1.0));
}
