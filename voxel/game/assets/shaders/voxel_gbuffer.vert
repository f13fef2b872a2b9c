#version 450
// Opaque chunks into the gbuffer; pairs with the engine's gbuffer.frag.
#include "sleak.glsl"
#include "voxel_quad.glsl"

layout(location = 0) out vec3 vNormal;
layout(location = 1) out vec4 vColor;
layout(location = 2) out vec2 vUV;
layout(location = 3) out vec4 vSurface;
layout(location = 4) flat out vec4 vTile;
layout(location = 5) out vec4 vTangent;  // no tangent frame: a normal map reads flat

void main() {
    VoxelCorner c = voxelCorner(uint(gl_VertexIndex));
    vec4 world = draw.model * vec4(c.pos, 1.0);
    vNormal = c.normal;
    vColor = vec4(1.0, 1.0, 1.0, c.ao);
    vUV = c.uv;
    vSurface = vec4(0.9, 0.0, 0.0, 0.0);
    vTile = c.tile;
    vTangent = vec4(0.0);
    gl_Position = frame.viewProj * world;
}
