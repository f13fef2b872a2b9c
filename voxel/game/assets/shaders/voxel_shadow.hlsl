// Chunks into the shadow map, depth only: vertex stage only. Same math as
// voxel_shadow.vert.
#include "sleak.hlsli"

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
