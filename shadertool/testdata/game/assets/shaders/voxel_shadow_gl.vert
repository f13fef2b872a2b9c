#version 410 core
layout(std140) uniform Frame { mat4 viewProj; mat4 invViewProj; mat4 lightViewProj; } frame;
uniform mat4 u_model;
layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = frame.lightViewProj * u_model * vec4(inPosition, 1.0);
}
