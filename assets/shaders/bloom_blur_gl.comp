#version 430 core
// The bloom pass's second step: the blurred light composite adds.
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_bloom.glsl"
uniform sampler2D u_bloomBright;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the blurred light, RGBA16F at a quarter size, bound to image unit 0.
layout(binding = 0, rgba16f) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    imageStore(target, p, vec4(sleakBloomBlur(u_bloomBright, p), 1.0));
}
