#version 450
// The SSAO pass's first step: raw ambient occlusion (sleak_ssao.glsl).
#include "sleak.glsl"
#include "sleak_ssao.glsl"
layout(set = 1, binding = 0) uniform sampler2D gNormal;
layout(set = 1, binding = 1) uniform sampler2D gDepth;

layout(location = 0) out vec4 outAO;

void main() {
    outAO = vec4(sleakOcclusion(gNormal, gDepth, ivec2(gl_FragCoord.xy)));
}
