#version 450
// The antialias pass over the composited image (sleak_antialias.glsl).
#include "sleak.glsl"
#include "sleak_antialias.glsl"
layout(set = 1, binding = 0) uniform sampler2D ldrColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakAntialias(ldrColor, ivec2(gl_FragCoord.xy)), 1.0);
}
