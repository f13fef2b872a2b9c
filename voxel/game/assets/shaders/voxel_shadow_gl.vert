#version 410 core
// Chunks into the shadow map, depth only.
#include "sleak_gl.glsl"
#include "voxel_quad.glsl"

void main() {
    VoxelCorner c = voxelCorner(uint(gl_VertexID));
    gl_Position = frame.lightViewProj * u_model * vec4(c.pos, 1.0);
    gl_Position = sleakClip(gl_Position);
}
