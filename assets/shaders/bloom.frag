#version 450
// The bloom pass's first step: the light above the threshold, at a quarter
// of the resolution (sleak_bloom.glsl).
#include "sleak.glsl"
#include "sleak_bloom.glsl"
layout(set = 1, binding = 0) uniform sampler2D hdrColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakBright(hdrColor, ivec2(gl_FragCoord.xy)), 1.0);
}
