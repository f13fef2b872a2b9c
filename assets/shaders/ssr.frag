#version 450
// The SSR pass: the reflections composite adds (sleak_ssr.glsl).
#include "sleak.glsl"
#include "sleak_ssr.glsl"
layout(set = 1, binding = 0) uniform sampler2D hdrColor;
layout(set = 1, binding = 1) uniform sampler2D gNormal;
layout(set = 1, binding = 2) uniform sampler2D gMaterial;
layout(set = 1, binding = 3) uniform sampler2D gDepth;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(sleakReflection(hdrColor, gNormal, gMaterial, gDepth, ivec2(gl_FragCoord.xy)), 1.0);
}
