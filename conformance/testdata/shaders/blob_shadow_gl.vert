#version 410 core
// Shadow stem of the blob test format: depth only, vertex stage only.
layout(std140) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj;
    vec4 cameraPos;  // w: time
    vec4 lightDir;   // xyz: direction light travels, w: 1 when shadows are on
    vec4 lightColor;
    vec4 ambient;    // w: exposure
    vec4 fogColor;
    vec4 fogParams;  // x: start, y: end (0: off), z: 1 / shadow map size
} frame;
uniform mat4 u_model;
uniform vec4 u_color;

layout(location = 0) in vec3 inPosition; // Float3 at 0; the other attributes are unused

void main() {
    gl_Position = frame.lightViewProj * u_model * vec4(inPosition, 1.0);
    // The engine's projections give clip depth in [0, 1]; OpenGL clips to [-w, w].
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
