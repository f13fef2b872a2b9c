#version 410 core
// Default-format meshes: position, normal, tangent, color, uv (bone data unused).
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

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;
layout(location = 3) out vec2 vUV;

void main() {
    vec4 world = u_model * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(u_model) * inNormal;
    vColor = inColor * u_color;
    vUV = inUV;
    gl_Position = frame.viewProj * world;
    // The engine's projections give clip depth in [0, 1]; OpenGL clips to [-w, w].
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
