#version 450
#include "inc/common.glsl"
layout(location = 0) out vec4 outColor;
void main() {
    outColor = tint();
}
