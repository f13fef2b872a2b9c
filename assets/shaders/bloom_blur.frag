#version 450
// The bloom pass's second step: the blurred light composite adds.
#include "sleak.glsl"
#include "sleak_bloom.glsl"
layout(set = 1, binding = 0) uniform sampler2D bloomBright;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakBloomBlur(bloomBright, ivec2(gl_FragCoord.xy)), 1.0);
}
