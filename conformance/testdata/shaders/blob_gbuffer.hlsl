// GBuffer stem of the blob test format, vertex stage only: its outputs are
// the engine gbuffer pixel shader's inputs, in its order (docs/DIRECTX.md).
#include "sleak.hlsli"

// The "blob" test format: compact attributes that the input layout expands.
struct VSInput {
    float3 position : TEXCOORD0; // Float3 at 0
    float4 normal   : TEXCOORD1; // Short4Norm at 12 (w unused)
    float4 color    : TEXCOORD2; // UByte4Norm at 20
};

struct VSOutput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;      // world-space normal
    float4 color    : COLOR0;      // albedo rgb, a ambient occlusion
    float2 uv       : TEXCOORD0;   // the white default texture: any uv
    float4 surface  : TEXCOORD1;   // roughness, metallic, emissive
    nointerpolation float4 tile : TEXCOORD2; // no atlas tile
    float4 tangent  : TEXCOORD3;   // no tangent frame: a normal map reads flat
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    o.normal = mul(model, float4(input.normal.xyz, 0.0)).xyz;
    // The gbuffer pixel shader multiplies by the draw colour itself.
    o.color = float4(input.color.rgb, 1.0);
    o.uv = float2(0.0, 0.0);
    o.surface = surface; // the material's roughness, metallic and emissive
    o.tile = float4(0.0, 0.0, 0.0, 0.0);
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    o.position = mul(viewProj, world);
    return o;
}
