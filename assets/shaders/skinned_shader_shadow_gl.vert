#version 410 core
// Shadow stem of the skinned format; the same as skinned_shader_shadow.vert.
#include "sleak_gl.glsl"
#include "sleak_skin.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 5) in ivec4 inBoneIDs;
layout(location = 6) in vec4 inBoneWeights;

void main() {
    gl_Position = sleakClip(frame.lightViewProj * u_model * sleakSkin(inBoneIDs, inBoneWeights) * vec4(inPosition, 1.0));
}
