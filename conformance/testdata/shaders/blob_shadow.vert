#version 450
// Shadow stem of the blob test format: depth only, vertex stage only.
layout(set = 0, binding = 0) uniform Frame {
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
layout(push_constant) uniform Draw {
    mat4 model;
    vec4 color;
} draw;

layout(location = 0) in vec3 inPosition; // Float3 at 0; the other attributes are unused

void main() {
    gl_Position = frame.lightViewProj * draw.model * vec4(inPosition, 1.0);
}
