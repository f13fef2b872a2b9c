#version 410 core
// The SSR pass's reflections, exposure, the bloom pass's light, ACES
// filmic tonemap (Narkowicz's fit) and gamma 2.2 to the 8-bit output.
#include "sleak_gl.glsl"
#include "sleak_bloom.glsl"
uniform sampler2D u_hdrColor;
// The bloom pass's blurred light: 0 where it is off.
uniform sampler2D u_bloomMap;
// The SSR pass's reflections: 0 where it is off.
uniform sampler2D u_ssrMap;

layout(location = 0) out vec4 outColor;

vec3 aces(vec3 x) {
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 hdr = texelFetch(u_hdrColor, p, 0).rgb;
    // The reflections are read only while the SSR pass is on (post.x, its
    // strength); off, its target holds 0. The test holds a per-pixel value
    // so that lavapipe compiles the shader once (sleak_sun.glsl).
    if (frame.post.x * (abs(hdr.g) + 1.0) > 0.0) {
        hdr += texelFetch(u_ssrMap, p, 0).rgb;
    }
    float exposure = frame.ambient.w > 0.0 ? frame.ambient.w : 1.0;
    vec3 bloom = sleakBloomAt(u_bloomMap, p, textureSize(u_hdrColor, 0).y) * frame.effects.w;
    outColor = vec4(pow(aces(hdr * exposure + bloom), vec3(1.0 / 2.2)), 1.0);
}
