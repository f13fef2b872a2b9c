#version 410 core
// Default-format meshes: position, normal, tangent, color, uv (bone data unused).
#include "sleak_gl.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;
layout(location = 3) out vec2 vUV;
layout(location = 4) out vec4 vTangent; // world space, w the bitangent's sign

void main() {
    vec4 world = u_model * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(u_model) * inNormal;
    vTangent = vec4(mat3(u_model) * inTangent.xyz, inTangent.w);
    vColor = inColor * u_color;
    vUV = inUV;
    gl_Position = frame.viewProj * world;
    gl_Position = sleakClip(gl_Position);
}
