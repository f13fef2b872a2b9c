#version 430 core
// The antialias pass as temporal antialiasing (sleak_taa.glsl).
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_taa.glsl"
uniform sampler2D u_ldrColor; // the composited image
uniform sampler2D u_history;  // this pass's result of the frame before
uniform sampler2D u_gDepth;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, this frame's RGBA8 history target, bound to image unit 0.
layout(binding = 0, rgba8) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    imageStore(target, p, vec4(sleakTAA(u_ldrColor, u_history, u_gDepth, vec2(p) + 0.5), 1.0));
}
