#version 410 core
// The SSAO pass's first step: raw ambient occlusion (sleak_ssao.glsl).
#include "sleak_gl.glsl"
#include "sleak_ssao.glsl"
uniform sampler2D u_gNormal;
uniform sampler2D u_gDepth;

layout(location = 0) out vec4 outAO;

void main() {
    outAO = vec4(sleakOcclusion(u_gNormal, u_gDepth, ivec2(gl_FragCoord.xy)));
}
