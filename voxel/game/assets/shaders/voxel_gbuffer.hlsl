// Opaque chunks into the gbuffer: vertex stage only; the engine's gbuffer
// PS_Main samples the atlas tile, drops cut-out texels and writes the
// targets. Same math as voxel_gbuffer.vert.
#include "sleak.hlsli"

// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout), read per instance as two R32_UINT attributes, and the vertex
// index, which picks the corner.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
    uint vertexID : SV_VertexID;
};

// Exactly the members, in this order, that the engine's gbuffer PS_Main
// reads: the stages link by position (see docs/DIRECTX.md).
struct VSOutput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;      // world-space normal
    float4 color    : COLOR0;      // rgb albedo, a ambient occlusion
    float2 uv       : TEXCOORD0;   // in tiles: the tile repeats across a greedy quad
    float4 surface  : TEXCOORD1;   // roughness, metallic, emissive
    nointerpolation float4 tile : TEXCOORD2; // atlas tile: xy origin, zw size
    float4 tangent  : TEXCOORD3;   // no tangent frame: a normal map reads flat
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    #include "voxel_quad.hlsli"
    float4 world = mul(model, float4(quadPos, 1.0));
    o.normal = quadNormal;
    o.color = float4(1.0, 1.0, 1.0, quadAO);
    o.uv = quadUV;
    o.surface = float4(0.9, 0.0, 0.0, 0.0);
    o.tile = quadTile;
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    o.position = mul(viewProj, world);
    return o;
}
