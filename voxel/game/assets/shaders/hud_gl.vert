#version 410 core
// Unlit overlay geometry (crosshair, hotbar, block highlight) in the
// default vertex format.
layout(std140) uniform Frame {
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
uniform mat4 u_model;
uniform vec4 u_color;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;

layout(location = 0) out vec4 vColor;

void main() {
    // A little shading by face keeps the hotbar cubes readable as cubes.
    float shade = 0.75 + 0.25 * max(dot(normalize(mat3(u_model) * inNormal), vec3(0.3, 0.9, 0.3)), 0.0);
    vColor = vec4(inColor.rgb * u_color.rgb * shade, inColor.a * u_color.a);
    gl_Position = frame.viewProj * u_model * vec4(inPosition, 1.0);
    // The engine's projections give clip depth in [0, 1]; OpenGL clips to [-w, w].
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
