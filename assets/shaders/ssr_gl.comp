#version 430 core
// The SSR pass: the reflections composite adds (sleak_ssr.glsl).
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_ssr.glsl"
uniform sampler2D u_hdrColor;
uniform sampler2D u_gNormal;
uniform sampler2D u_gMaterial;
uniform sampler2D u_gDepth;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the reflections, RGBA16F, bound to image unit 0.
layout(binding = 0, rgba16f) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    imageStore(target, p, vec4(sleakReflection(u_hdrColor, u_gNormal, u_gMaterial, u_gDepth, p), 1.0));
}
