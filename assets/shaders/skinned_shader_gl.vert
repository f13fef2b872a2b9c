#version 410 core
// Skinned meshes, forward; the same as skinned_shader.vert.
#include "sleak_gl.glsl"
#include "sleak_skin.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;
layout(location = 5) in ivec4 inBoneIDs;
layout(location = 6) in vec4 inBoneWeights;

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;
layout(location = 3) out vec2 vUV;

void main() {
    mat4 m = u_model * sleakSkin(inBoneIDs, inBoneWeights);
    vec4 world = m * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(m) * inNormal;
    vColor = inColor * u_color;
    vUV = inUV;
    gl_Position = sleakClip(frame.viewProj * world);
}
