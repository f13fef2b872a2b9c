#version 450
// Shadow stem of the skinned format: depth only, vertex stage only, the
// vertex blended by its joints as skinned_shader.vert blends it.
#include "sleak.glsl"
#include "sleak_skin.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 5) in ivec4 inBoneIDs;
layout(location = 6) in vec4 inBoneWeights;

void main() {
    gl_Position = frame.lightViewProj * draw.model * sleakSkin(inBoneIDs, inBoneWeights) * vec4(inPosition, 1.0);
}
