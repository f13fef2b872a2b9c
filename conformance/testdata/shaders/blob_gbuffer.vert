#version 450
// GBuffer stem of the blob test format, vertex stage only: its outputs are
// the engine gbuffer fragment shader's inputs (docs/SHADERS.md).
#include "sleak.glsl"

// The "blob" test format: compact attributes that the backend must expand.
layout(location = 0) in vec3 inPosition; // Float3 at 0
layout(location = 1) in vec4 inNormal;   // Short4Norm at 12 (w unused)
layout(location = 2) in vec4 inColor;    // UByte4Norm at 20

layout(location = 0) out vec3 vNormal;      // world-space normal
layout(location = 1) out vec4 vColor;       // albedo rgb, a ambient occlusion
layout(location = 2) out vec2 vUV;          // the white default texture: any uv
layout(location = 3) out vec4 vSurface;     // roughness, metallic, emissive
layout(location = 4) flat out vec4 vTile;   // no atlas tile
layout(location = 5) out vec4 vTangent;  // no tangent frame: a normal map reads flat

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vNormal = mat3(draw.model) * inNormal.xyz;
    // gbuffer.frag multiplies by the draw colour itself.
    vColor = vec4(inColor.rgb, 1.0);
    vUV = vec2(0.0);
    vSurface = draw.surface; // the material's roughness, metallic and emissive
    vTile = vec4(0.0);
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * world;
}
