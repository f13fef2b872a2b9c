#version 410 core
// The bloom pass's first step: the light above the threshold, at a quarter
// of the resolution (sleak_bloom.glsl).
#include "sleak_gl.glsl"
#include "sleak_bloom.glsl"
uniform sampler2D u_hdrColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakBright(u_hdrColor, ivec2(gl_FragCoord.xy)), 1.0);
}
