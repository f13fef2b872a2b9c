#version 430 core
// The SSAO pass's second step: the blurred occlusion lighting_pass reads.
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak_gl.glsl"
#include "sleak_ssao.glsl"
uniform sampler2D u_ssaoRaw;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the blurred occlusion, R8 at half size, bound to image unit 0.
layout(binding = 0, r8) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    // The last groups of a row or column reach past the target.
    if (p.x >= imageSize(target).x || p.y >= imageSize(target).y) {
        return;
    }
    imageStore(target, p, vec4(sleakOcclusionBlur(u_ssaoRaw, p)));
}
