#version 410 core
// The debug pass; the same inputs and math as debug_lines.vert.
#include "sleak_gl.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = inColor;
    gl_Position = sleakClip(frame.viewProj * vec4(inPosition, 1.0));
}
