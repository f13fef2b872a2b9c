#version 410 core
layout(std140) uniform Frame { mat4 viewProj; } frame;
uniform mat4 u_model;
uniform vec4 u_color;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inColor;
layout(location = 3) in vec2 inUV;

out vec3 vNormal;
out vec4 vColor;
out vec2 vUV;

void main() {
    vNormal = mat3(u_model) * inNormal;
    vColor = inColor * u_color;
    vUV = inUV;
    gl_Position = frame.viewProj * u_model * vec4(inPosition, 1.0);
}
