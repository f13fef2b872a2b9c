// Opaque chunks into the gbuffer: vertex stage only; the engine's gbuffer
// PS_Main samples the atlas tile, drops cut-out texels and writes the
// targets. Same math as voxel_gbuffer.vert.
// Direct3D 12 reads the same registers through the engine's root signature.
cbuffer Frame : register(b0) {
    column_major float4x4 viewProj;
    column_major float4x4 invViewProj;
    column_major float4x4 lightViewProj; // world -> shadow clip space (depth 0..1)
    float4 cameraPos;  // w: time
    float4 lightDir;   // xyz: direction light travels, w: 1 when shadows are on
    float4 lightColor;
    float4 ambient;    // w: exposure
    float4 fogColor;
    float4 fogParams;  // x: start, y: end (0: off), z: 1 / shadow map size
};

cbuffer Draw : register(b1) {
    column_major float4x4 model; // translation to the chunk origin
    float4 color;
};

// The packed chunk vertex (voxel/mesh.Vertex: see its documentation for the
// bit layout), read as two R32_UINT attributes.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
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
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    // The decoding of voxel.vert written out in place: Wine's HLSL compiler
    // takes neither calls to user functions nor the ternary operator, so the
    // selections are comparisons turned into 0 or 1 (see docs/DIRECTX.md).
    uint d0 = input.data0;
    uint d1 = input.data1;
    float3 p = float3((float)(d0 & 63), (float)((d0 >> 6) & 511), (float)((d0 >> 15) & 63));
    p.y -= 0.125 * (float)((d1 >> 27) & 1); // lowered water surface
    float4 world = mul(model, float4(p, 1.0));
    // Normal index 0..5 = +X, -X, +Y, -Y, +Z, -Z: the low bit is the sign,
    // the rest the axis.
    uint ni = d1 & 7;
    float s = 1.0 - 2.0 * (float)(ni & 1);
    uint axis = ni >> 1;
    float3 normal = float3((float)(axis == 0) * s, (float)(axis == 1) * s, (float)(axis == 2) * s);
    // Ambient occlusion level 0..3 as a brightness: 0.45, 0.65, 0.82, 1.0.
    uint aoLevel = (d1 >> 3) & 3;
    float ao = 0.45 + 0.20 * (float)(aoLevel >= 1) + 0.17 * (float)(aoLevel >= 2) + 0.18 * (float)(aoLevel >= 3);
    float2 uv = float2((float)((d1 >> 15) & 63), (float)((d1 >> 21) & 63));
    // The atlas tile as origin and size in texture space (16 x 16 tiles):
    // column t % 16, row t / 16, as masks and shifts.
    uint t = (d1 >> 5) & 1023;
    float4 tile = float4((float)(t & 15), (float)(t >> 4), 1.0, 1.0) / 16.0;
    o.normal = normal;
    o.color = float4(1.0, 1.0, 1.0, ao);
    o.uv = uv;
    o.surface = float4(0.9, 0.0, 0.0, 0.0);
    o.tile = tile;
    o.position = mul(viewProj, world);
    return o;
}
