// Opaque chunks into the gbuffer through the engine's flat gbuffer stage
// (gbuffer_stage = "flat" in game.toml): vertex stage only; the engine's
// gbuffer_flat PS_Main samples the atlas tile, drops cut-out texels and
// writes the targets. Same values as voxel_gbuffer.vert, with the face
// record's bits (gbuffer_flat.hlsl) written out, since Wine's compiler
// takes no calls to user functions.
#include "sleak.hlsli"

// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout), read per instance as two R32_UINT attributes, and the vertex
// index, which picks the corner.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
    uint vertexID : SV_VertexID;
};

// Exactly the members, in this order, that the engine's gbuffer_flat
// PS_Main reads: the stages link by position (see docs/DIRECTX.md).
struct VSOutput {
    float4 position : SV_Position;
    nointerpolation uint4 face : TEXCOORD0; // normal, white tint, roughness 0.9, the atlas tile
    float3 uvao     : TEXCOORD1;  // texture coordinate in tiles, ambient occlusion
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    #include "voxel_quad.hlsli"
    // The octahedral normal of an axis: its x and y as they are, except
    // -Z, which folds to (1, 1).
    float below = (float)(quadNormal.z < 0.0);
    float2 oct = (quadNormal.xy * (1.0 - below) + below) * 32767.5 + 32767.5;
    // the tile t = bits 0-9 of data1 at column t % 16 and row t / 16: in
    // 256ths of the atlas, origin 16 t % 16 and 16 (t / 16), size 16 by 16
    o.face = uint4((uint)(oct.x + 0.5) | ((uint)(oct.y + 0.5) << 16),
                   (uint)16777215 | ((uint)230 << 24),
                   0,
                   ((input.data1 & 15) << 4) | ((input.data1 & 240) << 8) | (16 << 16) | ((uint)16 << 24));
    o.uvao = float3(quadUV, quadAO);
    o.position = mul(viewProj, mul(model, float4(quadPos, 1.0)));
    return o;
}
