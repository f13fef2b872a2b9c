#version 450
// The UI pass: one screen-space quad per draw, over the composited image.
// The quad mesh's positions are its corners, 0 or 1 in x and y; the draw's
// model matrix carries the rectangle instead of a transform:
//   column 0: x0, y0, x1, y1 in pixels, from the top-left corner
//   column 1: u0, v0, u1, v1 of the texture
//   column 2: target width and height in pixels
// so every element is placed on whole pixels by the code that laid it out.
#include "sleak.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec2 vUV;
void main() {
    vec4 rect = draw.model[0];
    vec4 uv = draw.model[1];
    vec2 size = draw.model[2].xy;
    vec2 px = mix(rect.xy, rect.zw, inPosition.xy);
    vUV = mix(uv.xy, uv.zw, inPosition.xy);
    // Clip y is up and row 0 is the top on every backend (the Vulkan
    // viewport is flipped; OpenGL's read-back reverses its rows).
    gl_Position = sleakClip(vec4(px.x / size.x * 2.0 - 1.0, 1.0 - px.y / size.y * 2.0, 0.0, 1.0));
}
