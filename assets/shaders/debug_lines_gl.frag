#version 410 core
// The debug pass; the same as debug_lines.frag.
#include "sleak_gl.glsl"
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vColor;
}
