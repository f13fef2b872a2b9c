#version 410 core
// Chunks drawn forward (main stem, also the transparent stem's vertex stage).
#include "sleak_gl.glsl"
#include "voxel_quad.glsl"

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out float vAO;
layout(location = 3) out vec2 vUV;
layout(location = 4) flat out vec4 vTile;

void main() {
    VoxelCorner c = voxelCorner(uint(gl_VertexID));
    vec4 world = u_model * vec4(c.pos, 1.0);
    vWorldPos = world.xyz;
    vNormal = c.normal;
    vAO = c.ao;
    vUV = c.uv;
    vTile = c.tile;
    gl_Position = frame.viewProj * world;
    gl_Position = sleakClip(gl_Position);
}
