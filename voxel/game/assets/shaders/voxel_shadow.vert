#version 450
// Chunks into the shadow map, depth only.
#include "sleak.glsl"
#include "voxel_quad.glsl"

void main() {
    VoxelCorner c = voxelCorner(uint(gl_VertexIndex));
    gl_Position = frame.lightViewProj * draw.model * vec4(c.pos, 1.0);
}
