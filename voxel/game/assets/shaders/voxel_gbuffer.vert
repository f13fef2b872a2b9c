#version 450
// Opaque chunks into the gbuffer through the engine's flat gbuffer stage
// (gbuffer_stage = "flat" in game.toml): all that a face shares in one
// flat record, the texture coordinate and the corner's occlusion
// interpolated.
#include "sleak.glsl"
#include "sleak_flat.glsl"
#include "voxel_quad.glsl"

layout(location = 0) flat out uvec4 vFace; // normal, white tint, roughness 0.9, the atlas tile
layout(location = 1) out vec3 vUVAO;       // texture coordinate in tiles, ambient occlusion

void main() {
    VoxelCorner c = voxelCorner(uint(gl_VertexIndex));
    vFace = sleakFlatFace(c.normal, vec3(1.0), 0.9, 0.0, 0.0, c.tile);
    vUVAO = vec3(c.uv, c.ao);
    gl_Position = frame.viewProj * (draw.model * vec4(c.pos, 1.0));
}
