#version 450
// GBuffer stem of the tiled test format (smooth gbuffer stage), vertex
// stage only: the default vertex into the engine gbuffer fragment shader's
// inputs, with an atlas tile that repeats three times across each face and
// an occlusion that falls off towards one edge. tiled_flat_gbuffer draws
// the same surface through the flat stage.
#include "sleak.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) out vec3 vNormal;      // world-space normal
layout(location = 1) out vec4 vColor;       // albedo rgb, a ambient occlusion
layout(location = 2) out vec2 vUV;          // in tiles
layout(location = 3) out vec4 vSurface;     // roughness, metallic, emissive
layout(location = 4) flat out vec4 vTile;   // the atlas tile
layout(location = 5) out vec4 vTangent;     // no tangent frame

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vNormal = mat3(draw.model) * inNormal;
    vColor = vec4(inColor.rgb, 0.55 + 0.45 * inUV.x);
    vUV = inUV * 3.0;
    vSurface = draw.surface;
    vTile = vec4(0.5, 0.25, 0.25, 0.5);
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * world;
}
