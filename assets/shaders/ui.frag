#version 450
// The UI pass: the texture (the font atlas, a sprite, or white for a
// rectangle) times the draw's colour, straight alpha, already in display
// (gamma) space because it is drawn after the tonemap.
#include "sleak.glsl"
layout(set = 1, binding = 0) uniform sampler2D albedoTex;
layout(location = 0) in vec2 vUV;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = texture(albedoTex, vUV) * draw.color;
}
