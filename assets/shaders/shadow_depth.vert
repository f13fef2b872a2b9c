#version 450
// Depth-only shadow pass for default-format meshes.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = frame.lightViewProj * draw.model * vec4(inPosition, 1.0);
}
