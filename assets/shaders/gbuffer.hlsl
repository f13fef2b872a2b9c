// The engine's fixed gbuffer pixel stage; every gbuffer stem's VS_Main
// feeds it. A gbuffer stem's output struct must declare exactly these
// members in this order (see docs/DIRECTX.md):
//
//   float4 position : SV_Position;
//   float3 normal   : NORMAL;      world-space normal
//   float4 color    : COLOR0;      rgb albedo, a ambient occlusion
//   float2 uv       : TEXCOORD0;
//   float4 surface  : TEXCOORD1;   roughness, metallic, emissive
//   nointerpolation float4 tile : TEXCOORD2;  atlas tile: xy origin, zw size (zw = 0: none)
//   float4 tangent  : TEXCOORD3;   world-space tangent, w the bitangent's sign (0: the normal map reads flat)
#include "sleak.hlsli"
#include "sleak_gbuffer.hlsli"

Texture2D albedoTex : register(t0);
SamplerState albedoSampler : register(s0);
// The material's maps, each read with its own sampler as albedoTex is:
// white where it has none.
Texture2D normalMap : register(t9);
Texture2D emissiveMap : register(t10);
SamplerState normalSampler : register(s2);
SamplerState emissiveSampler : register(s3);

struct PSInput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float4 color    : COLOR0;
    float2 uv       : TEXCOORD0;
    float4 surface  : TEXCOORD1;
    nointerpolation float4 tile : TEXCOORD2;
    float4 tangent  : TEXCOORD3;
};

struct PSOutput {
    float4 albedo   : SV_Target0; // rgb albedo, a AO
    float4 normal   : SV_Target1; // xyz 0.5 + 0.5 n, w roughness
    float4 material : SV_Target2; // RGBA8: x metallic, yzw sqrt(emission / 16) (emission: emissive times the emissive map)
    float depth     : SV_Depth;
};

PSOutput PS_Main(PSInput input) {
    PSOutput o;
    float2 uv = input.uv;
    if (input.tile.z > 0.0) {
        uv = input.tile.xy + (input.uv - floor(input.uv)) * input.tile.zw;
    }
    float4 tex = albedoTex.Sample(albedoSampler, uv);
    o.albedo = float4(tex.rgb * input.color.rgb * color.rgb, input.color.a);
    // Each map is read only where it can change the result: the normal
    // map (and the tangent, which only it needs) for a draw that has one,
    // the emissive map on an emissive surface. Both tests hold per-pixel
    // values, so lavapipe compiles the shader once (sleak_shadow.hlsli).
    float3 plainNormal = normalize(input.normal);
    float3 smOut = plainNormal; // sleak_maps.hlsli's result where a draw has a map
    if (surface.w * (abs(input.normal.x) + 1.0) != 0.0) {
        float3 smNormal = input.normal;
        float4 smTangent = input.tangent;
        float3 smTexel = normalMap.Sample(normalSampler, uv).xyz;
        float smStrength = surface.w;
        #include "sleak_maps.hlsli"
    }
    o.normal = SLEAK_GBUFFER_NORMAL(smOut, input.surface.x);
    float3 emission = float3(0.0, 0.0, 0.0);
    if (input.surface.z != 0.0) {
        emission = input.surface.z * emissiveMap.Sample(emissiveSampler, uv).rgb;
    }
    o.material = SLEAK_GBUFFER_MATERIAL(input.surface.y, emission);
    // Cut-out texels (leaves). Wine's compiler has no discard or clip, so
    // such a texel gets the far plane as its depth instead, which fails the
    // pass's LESS depth test and writes nothing, as discard would.
    o.depth = input.position.z;
    if (tex.a < 0.5) {
        o.depth = 1.0;
    }
    return o;
}
