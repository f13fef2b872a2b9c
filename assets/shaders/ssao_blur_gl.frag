#version 410 core
// The SSAO pass's second step: the blurred occlusion lighting_pass reads.
#include "sleak_gl.glsl"
#include "sleak_ssao.glsl"
uniform sampler2D u_ssaoRaw;

layout(location = 0) out vec4 outAO;

void main() {
    outAO = vec4(sleakOcclusionBlur(u_ssaoRaw, ivec2(gl_FragCoord.xy)));
}
