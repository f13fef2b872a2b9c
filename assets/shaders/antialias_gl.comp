#version 430 core
// The antialias pass over the composited image (sleak_antialias.glsl).
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_antialias.glsl"
uniform sampler2D u_ldrColor;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the RGBA8 output, bound to image unit 0.
layout(binding = 0, rgba8) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    imageStore(target, p, vec4(sleakAntialias(u_ldrColor, p), 1.0));
}
