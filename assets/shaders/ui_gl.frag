#version 410 core
// The UI pass; the same math as ui.frag.
#include "sleak_gl.glsl"
uniform sampler2D u_texture;
layout(location = 0) in vec2 vUV;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = texture(u_texture, vUV) * u_color;
}
