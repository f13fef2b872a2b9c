#version 410 core
// The UI pass; the same rectangle encoding and math as ui.vert.
#include "sleak_gl.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec2 vUV;
void main() {
    vec4 rect = u_model[0];
    vec4 uv = u_model[1];
    vec2 size = u_model[2].xy;
    vec2 px = mix(rect.xy, rect.zw, inPosition.xy);
    vUV = mix(uv.xy, uv.zw, inPosition.xy);
    gl_Position = sleakClip(vec4(px.x / size.x * 2.0 - 1.0, 1.0 - px.y / size.y * 2.0, 0.0, 1.0));
}
