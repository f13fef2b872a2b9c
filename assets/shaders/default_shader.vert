#version 450
// Default-format meshes: position, normal, tangent, color, uv (bone data unused).
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

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;
layout(location = 3) out vec2 vUV;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(draw.model) * inNormal;
    vColor = inColor * draw.color;
    vUV = inUV;
    gl_Position = frame.viewProj * world;
}
