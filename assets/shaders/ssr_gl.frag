#version 410 core
// The SSR pass: the reflections composite adds (sleak_ssr.glsl).
#include "sleak_gl.glsl"
#include "sleak_ssr.glsl"
uniform sampler2D u_hdrColor;
uniform sampler2D u_gNormal;
uniform sampler2D u_gMaterial;
uniform sampler2D u_gDepth;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakReflection(u_hdrColor, u_gNormal, u_gMaterial, u_gDepth, ivec2(gl_FragCoord.xy)), 1.0);
}
