#version 410 core
// Material shader of the hot reload scenes (see reload.vert).
#include "sleak_gl.glsl"

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = sleakClip(frame.viewProj * (u_model * vec4(inPosition, 1.0)));
}
