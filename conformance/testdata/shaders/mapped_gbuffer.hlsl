// GBuffer stem of the mapped test format, vertex stage only: the default
// vertex into the engine gbuffer pixel shader's inputs, in its order
// (docs/DIRECTX.md), its tangent for the material's normal map.
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
    float2 uv       : TEXCOORD0;
    float4 surface  : TEXCOORD1;   // roughness, metallic, emissive
    nointerpolation float4 tile : TEXCOORD2; // no atlas tile
    float4 tangent  : TEXCOORD3;   // world space, w the bitangent's sign
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    o.normal = mul(model, float4(input.normal, 0.0)).xyz;
    // The gbuffer pixel shader multiplies by the draw colour itself.
    o.color = float4(input.color.rgb, 1.0);
    o.uv = input.uv;
    o.surface = surface;
    o.tile = float4(0.0, 0.0, 0.0, 0.0);
    o.tangent = float4(mul(model, float4(input.tangent.xyz, 0.0)).xyz, input.tangent.w);
    o.position = mul(viewProj, world);
    return o;
}
