#version 450
// GBuffer stem of the mapped test format, vertex stage only: the default
// vertex (position, normal, tangent, colour, uv) into the engine gbuffer
// fragment shader's inputs (docs/SHADERS.md), its tangent for the
// material's normal map.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) out vec3 vNormal;      // world-space normal
layout(location = 1) out vec4 vColor;       // albedo rgb, a ambient occlusion
layout(location = 2) out vec2 vUV;
layout(location = 3) out vec4 vSurface;     // roughness, metallic, emissive
layout(location = 4) flat out vec4 vTile;   // no atlas tile
layout(location = 5) out vec4 vTangent;     // world space, w the bitangent's sign

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vNormal = mat3(draw.model) * inNormal;
    // gbuffer.frag multiplies by the draw colour itself.
    vColor = vec4(inColor.rgb, 1.0);
    vUV = inUV;
    vSurface = draw.surface;
    vTile = vec4(0.0);
    vTangent = vec4(mat3(draw.model) * inTangent.xyz, inTangent.w);
    gl_Position = frame.viewProj * world;
}
