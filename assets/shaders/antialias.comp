#version 450
// The antialias pass over the composited image (sleak_antialias.glsl).
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak.glsl"
#include "sleak_antialias.glsl"
layout(set = 1, binding = 0) uniform sampler2D ldrColor;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the smoothed image, RGBA8 at full size, in the GENERAL layout while the step writes it.
layout(set = 2, binding = 0, rgba8) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(target);
    // The last groups of a row or column reach past the target.
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    imageStore(target, p, vec4(sleakAntialias(ldrColor, p), 1.0));
}
