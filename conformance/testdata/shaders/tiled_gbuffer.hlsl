// GBuffer stem of the tiled test format (smooth gbuffer stage), vertex
// stage only: the default vertex into the engine gbuffer pixel shader's
// inputs, in its order (docs/DIRECTX.md), with an atlas tile that repeats
// three times across each face and an occlusion that falls off towards one
// edge. Same math as tiled_gbuffer.vert.
#include "sleak.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 tangent  : TEXCOORD2;
    float4 color    : TEXCOORD3;
    float2 uv       : TEXCOORD4;
};

struct VSOutput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;      // world-space normal
    float4 color    : COLOR0;      // albedo rgb, a ambient occlusion
    float2 uv       : TEXCOORD0;   // in tiles
    float4 surface  : TEXCOORD1;   // roughness, metallic, emissive
    nointerpolation float4 tile : TEXCOORD2; // the atlas tile
    float4 tangent  : TEXCOORD3;   // no tangent frame
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    o.normal = mul(model, float4(input.normal, 0.0)).xyz;
    o.color = float4(input.color.rgb, 0.55 + 0.45 * input.uv.x);
    o.uv = input.uv * 3.0;
    o.surface = surface;
    o.tile = float4(0.5, 0.25, 0.25, 0.5);
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    o.position = mul(viewProj, world);
    return o;
}
