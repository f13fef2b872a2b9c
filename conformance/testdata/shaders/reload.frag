#version 450
// Material shader of the hot reload scenes (see reload.vert).
#include "reload_color.glsl"

layout(location = 0) out vec4 outColor;

void main() {
    outColor = RELOAD_COLOR;
}
