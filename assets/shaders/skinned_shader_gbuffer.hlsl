// GBuffer stem of the skinned format, vertex stage only: the vertex
// blended by its joints as skinned_shader.hlsl blends it; its outputs are
// the engine gbuffer pixel shader's inputs, in its order (docs/DIRECTX.md).
#include "sleak.hlsli"
#include "sleak_lights.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 color    : TEXCOORD3;
    float2 uv       : TEXCOORD4;
    int4 boneIds    : TEXCOORD5;
    float4 weights  : TEXCOORD6;
};

struct VSOutput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;      // world-space normal
    float4 color    : COLOR0;      // albedo rgb, a ambient occlusion
    float2 uv       : TEXCOORD0;
    float4 surface  : TEXCOORD1;   // roughness, metallic, emissive
    nointerpolation float4 tile : TEXCOORD2; // no atlas tile
    float4 tangent  : TEXCOORD3;   // none: skinned meshes take no normal map
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    int4 skinIds = input.boneIds;
    float4 skinWeights = input.weights;
    float4 skinX;
    float4 skinY;
    float4 skinZ;
    #include "sleak_skin.hlsli"
    float4 p = float4(input.position, 1.0);
    float4 n = float4(input.normal, 0.0);
    float4 world = mul(model, float4(dot(skinX, p), dot(skinY, p), dot(skinZ, p), 1.0));
    o.normal = mul(model, float4(dot(skinX, n), dot(skinY, n), dot(skinZ, n), 0.0)).xyz;
    // The gbuffer pixel shader multiplies by the draw colour itself.
    o.color = float4(input.color.rgb, 1.0);
    o.uv = input.uv;
    o.surface = float4(surface.xyz, 0.0);
    o.tile = float4(0.0, 0.0, 0.0, 0.0);
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    o.position = mul(viewProj, world);
    return o;
}
