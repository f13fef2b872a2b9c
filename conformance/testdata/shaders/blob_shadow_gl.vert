#version 410 core
// Shadow stem of the blob test format: depth only, vertex stage only.
#include "sleak_gl.glsl"

layout(location = 0) in vec3 inPosition; // Float3 at 0; the other attributes are unused

void main() {
    gl_Position = frame.lightViewProj * u_model * vec4(inPosition, 1.0);
    gl_Position = sleakClip(gl_Position);
}
