// Chunks into the shadow map, depth only: vertex stage only. Same math as
// voxel_shadow.vert.
#include "sleak.hlsli"

// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout), read per instance as two R32_UINT attributes, and the vertex
// index, which picks the corner.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
    uint vertexID : SV_VertexID;
};

float4 VS_Main(VSInput input) : SV_Position {
    #include "voxel_quad.hlsli"
    return mul(lightViewProj, mul(model, float4(quadPos, 1.0)));
}
