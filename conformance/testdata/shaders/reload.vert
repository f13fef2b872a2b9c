#version 450
// Material shader of the hot reload scenes: flat, in the colour
// reload_color.glsl defines, which the scenes edit under a running backend.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = frame.viewProj * (draw.model * vec4(inPosition, 1.0));
}
