#version 450
// Transparent stem of the blob test format.
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

// The "blob" test format: compact attributes that the backend must expand.
layout(location = 0) in vec3 inPosition; // Float3 at 0
layout(location = 1) in vec4 inNormal;   // Short4Norm at 12 (w unused)
layout(location = 2) in vec4 inColor;    // UByte4Norm at 20

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(draw.model) * inNormal.xyz;
    vColor = inColor * draw.color;
    gl_Position = frame.viewProj * world;
}
