#version 450
#include "common.glsl"

layout(location = 0) in vec3 vNormal;
layout(location = 1) in vec4 vColor;
layout(location = 2) in vec2 vUV;
layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(shade(normalize(vNormal)) * vColor.rgb, vColor.a);
}
