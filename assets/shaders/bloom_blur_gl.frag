#version 410 core
// The bloom pass's second step: the blurred light composite adds.
#include "sleak_gl.glsl"
#include "sleak_bloom.glsl"
uniform sampler2D u_bloomBright;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakBloomBlur(u_bloomBright, ivec2(gl_FragCoord.xy)), 1.0);
}
