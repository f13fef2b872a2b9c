#version 450
// Unlit overlay geometry (crosshair, hotbar, block highlight) in the
// default vertex format.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;

layout(location = 0) out vec4 vColor;

void main() {
    // A little shading by face keeps the hotbar cubes readable as cubes.
    float shade = 0.75 + 0.25 * max(dot(normalize(mat3(draw.model) * inNormal), vec3(0.3, 0.9, 0.3)), 0.0);
    vColor = vec4(inColor.rgb * draw.color.rgb * shade, inColor.a * draw.color.a);
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
