#version 450
// The "lit" vertex format: position, normal, texture coordinate.
layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj;
    vec4 cameraPos;
    vec4 lightDir;
    vec4 lightColor;
    vec4 ambient;
    vec4 fogColor;
    vec4 fogParams;
} frame;
layout(push_constant) uniform Draw {
    mat4 model;
    vec4 color;
} draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;

layout(location = 0) out vec3 vNormal;
layout(location = 1) out vec2 vUV;

void main() {
    vNormal = mat3(draw.model) * inNormal;
    vUV = inUV;
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
