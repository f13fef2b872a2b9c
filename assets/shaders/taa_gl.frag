#version 410 core
// The antialias pass as temporal antialiasing (sleak_taa.glsl).
#include "sleak_gl.glsl"
#include "sleak_taa.glsl"
uniform sampler2D u_ldrColor; // the composited image
uniform sampler2D u_history;  // this pass's result of the frame before
uniform sampler2D u_gDepth;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakTAA(u_ldrColor, u_history, u_gDepth, gl_FragCoord.xy), 1.0);
}
