#version 450
// The SSR pass: the reflections composite adds (sleak_ssr.glsl).
// A compute shader, one invocation a texel of its target (backends.IsComputeStem).
#include "sleak.glsl"
#include "sleak_ssr.glsl"
layout(set = 1, binding = 0) uniform sampler2D hdrColor;
layout(set = 1, binding = 1) uniform sampler2D gNormal;
layout(set = 1, binding = 2) uniform sampler2D gMaterial;
layout(set = 1, binding = 3) uniform sampler2D gDepth;

layout(local_size_x = 8, local_size_y = 8) in;
// Its target, the reflections, RGBA16F at full size, in the GENERAL layout while the step writes it.
layout(set = 2, binding = 0, rgba16f) uniform writeonly image2D target;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(target);
    // The last groups of a row or column reach past the target.
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    imageStore(target, p, vec4(sleakReflection(hdrColor, gNormal, gMaterial, gDepth, p), 1.0));
}
