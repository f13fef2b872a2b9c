#version 410 core
// The antialias pass over the composited image (sleak_antialias.glsl).
#include "sleak_gl.glsl"
#include "sleak_antialias.glsl"
uniform sampler2D u_ldrColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakAntialias(u_ldrColor, ivec2(gl_FragCoord.xy)), 1.0);
}
