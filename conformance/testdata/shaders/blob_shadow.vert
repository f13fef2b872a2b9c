#version 450
// Shadow stem of the blob test format: depth only, vertex stage only.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition; // Float3 at 0; the other attributes are unused

void main() {
    gl_Position = frame.lightViewProj * draw.model * vec4(inPosition, 1.0);
}
