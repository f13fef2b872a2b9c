#version 450
// The debug pass: the line's colour, straight alpha.
#include "sleak.glsl"
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vColor;
}
