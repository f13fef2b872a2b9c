// Chunks into the shadow map, depth only: vertex stage only. Same math as
// voxel_shadow.vert.
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

float4 VS_Main(VSInput input) : SV_Position {
    // Read straight from the input, with no u suffix and no ternary, as in
    // voxel.hlsl (see docs/DIRECTX.md).
    float3 p = float3((float)(input.data0 & 63), (float)((input.data0 >> 6) & 511), (float)((input.data0 >> 15) & 63));
    p.y -= 0.125 * (float)((input.data1 >> 27) & 1); // top of a water surface
    return mul(lightViewProj, mul(model, float4(p, 1.0)));
}
