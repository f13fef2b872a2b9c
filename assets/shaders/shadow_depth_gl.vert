#version 410 core
// Depth-only shadow pass for default-format meshes.
#include "sleak_gl.glsl"

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = frame.lightViewProj * u_model * vec4(inPosition, 1.0);
    gl_Position = sleakClip(gl_Position);
}
