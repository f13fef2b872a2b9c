#version 450
// GBuffer stem of the skinned format, vertex stage only: the vertex blended
// by its joints as skinned_shader.vert blends it; its outputs are the
// engine gbuffer fragment shader's inputs (docs/SHADERS.md).
#include "sleak.glsl"
#include "sleak_skin.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;
layout(location = 5) in ivec4 inBoneIDs;
layout(location = 6) in vec4 inBoneWeights;

layout(location = 0) out vec3 vNormal;    // world-space normal
layout(location = 1) out vec4 vColor;     // albedo rgb, a ambient occlusion
layout(location = 2) out vec2 vUV;
layout(location = 3) out vec4 vSurface;   // roughness, metallic, emissive
layout(location = 4) flat out vec4 vTile; // no atlas tile
layout(location = 5) out vec4 vTangent;  // none: skinned meshes take no normal map

void main() {
    mat4 m = draw.model * sleakSkin(inBoneIDs, inBoneWeights);
    vNormal = mat3(m) * inNormal;
    // gbuffer.frag multiplies by the draw colour itself.
    vColor = vec4(inColor.rgb, 1.0);
    vUV = inUV;
    vSurface = vec4(draw.surface.xyz, 0.0);
    vTile = vec4(0.0);
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * m * vec4(inPosition, 1.0);
}
