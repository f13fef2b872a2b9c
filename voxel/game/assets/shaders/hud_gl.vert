#version 410 core
// Unlit overlay geometry (crosshair, hotbar, block highlight) in the
// default vertex format.
#include "sleak_gl.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;

layout(location = 0) out vec4 vColor;

void main() {
    // A little shading by face keeps the hotbar cubes readable as cubes.
    float shade = 0.75 + 0.25 * max(dot(normalize(mat3(u_model) * inNormal), vec3(0.3, 0.9, 0.3)), 0.0);
    vColor = vec4(inColor.rgb * u_color.rgb * shade, inColor.a * u_color.a);
    gl_Position = frame.viewProj * u_model * vec4(inPosition, 1.0);
    gl_Position = sleakClip(gl_Position);
}
