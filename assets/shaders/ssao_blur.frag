#version 450
// The SSAO pass's second step: the blurred occlusion lighting_pass reads.
#include "sleak.glsl"
#include "sleak_ssao.glsl"
layout(set = 1, binding = 0) uniform sampler2D ssaoRaw;

layout(location = 0) out vec4 outAO;

void main() {
    outAO = vec4(sleakOcclusionBlur(ssaoRaw, ivec2(gl_FragCoord.xy)));
}
