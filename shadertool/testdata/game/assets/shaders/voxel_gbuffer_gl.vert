#version 410 core
layout(std140) uniform Frame { mat4 viewProj; } frame;
uniform mat4 u_model;
uniform vec4 u_color;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inColor;
layout(location = 3) in vec2 inUV;

out vec3 gNormal;
out vec4 gAlbedo;
out vec2 gUV;
out vec4 gSurface;
flat out vec4 gTile;
out vec4 gTangent; // no tangent frame: a normal map reads flat

void main() {
    gNormal = mat3(u_model) * inNormal;
    gAlbedo = inColor * u_color;
    gUV = inUV;
    gSurface = vec4(0.8, 0.0, 0.0, 0.0);
    gTile = vec4(0.0);
    gTangent = vec4(0.0);
    gl_Position = frame.viewProj * u_model * vec4(inPosition, 1.0);
}
