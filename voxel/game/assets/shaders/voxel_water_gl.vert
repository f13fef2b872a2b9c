#version 410 core
// Chunks drawn forward (main stem, also the transparent stem's vertex stage).
#include "sleak_gl.glsl"
layout(location = 0) in uint data0;
layout(location = 1) in uint data1;

// The packed chunk vertex (voxel/mesh.Vertex): see its documentation for the
// bit layout.
vec3 voxelPosition() {
    vec3 p = vec3(float(data0 & 63u), float((data0 >> 6) & 511u), float((data0 >> 15) & 63u));
    if (((data1 >> 27) & 1u) != 0u) {
        p.y -= 0.125; // lowered water surface
    }
    return p;
}

vec3 voxelNormal() {
    uint n = data1 & 7u;
    float s = ((n & 1u) == 0u) ? 1.0 : -1.0;
    uint axis = n >> 1;
    return vec3(axis == 0u ? s : 0.0, axis == 1u ? s : 0.0, axis == 2u ? s : 0.0);
}

// Ambient occlusion level 0..3 as a brightness.
float voxelAO() {
    uint ao = (data1 >> 3) & 3u;
    return ao == 0u ? 0.45 : (ao == 1u ? 0.65 : (ao == 2u ? 0.82 : 1.0));
}

vec2 voxelUV() {
    return vec2(float((data1 >> 15) & 63u), float((data1 >> 21) & 63u));
}

// The atlas tile as origin and size in texture space (16 x 16 tiles).
vec4 voxelTile() {
    uint t = (data1 >> 5) & 1023u;
    return vec4(float(t % 16u), float(t / 16u), 1.0, 1.0) / 16.0;
}

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out float vAO;
layout(location = 3) out vec2 vUV;
layout(location = 4) flat out vec4 vTile;

void main() {
    vec4 world = u_model * vec4(voxelPosition(), 1.0);
    vWorldPos = world.xyz;
    vNormal = voxelNormal();
    vAO = voxelAO();
    vUV = voxelUV();
    vTile = voxelTile();
    gl_Position = frame.viewProj * world;
    gl_Position = sleakClip(gl_Position);
}
