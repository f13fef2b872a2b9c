#version 450
// The antialias pass as temporal antialiasing (sleak_taa.glsl).
#include "sleak.glsl"
#include "sleak_taa.glsl"
layout(set = 1, binding = 0) uniform sampler2D ldrColor; // the composited image
layout(set = 1, binding = 1) uniform sampler2D history;  // this pass's result of the frame before
layout(set = 1, binding = 2) uniform sampler2D gDepth;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakTAA(ldrColor, history, gDepth, gl_FragCoord.xy), 1.0);
}
