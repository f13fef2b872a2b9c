// Default-format meshes: position, normal, tangent, color, uv (bone data
// unused). Forward lighting: sun with filtered shadows, ambient, distance
// fog. Output is linear HDR; composite tonemaps it. Same math as
// default_shader.vert/.frag.
#include "sleak.hlsli"
#include "sleak_lights.hlsli"
#include "sleak_ibl.hlsli"

Texture2D albedoTex : register(t0);
SamplerState albedoSampler : register(s0);
Texture2D<float> shadowMap : register(t1);
SamplerState shadowSampler : register(s1);
// The material's maps, each read with its own sampler as albedoTex is:
// white where it has none.
Texture2D normalMap : register(t9);
Texture2D emissiveMap : register(t10);
SamplerState normalSampler : register(s2);
SamplerState emissiveSampler : register(s3);

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 tangent  : TEXCOORD2;
    float4 color    : TEXCOORD3;
    float2 uv       : TEXCOORD4;
};

struct VSOutput {
    float4 position : SV_Position;
    float3 worldPos : TEXCOORD0;
    float3 normal   : NORMAL;
    float4 color    : COLOR0;
    float2 uv       : TEXCOORD1;
    float4 tangent  : TEXCOORD2; // world space, w the bitangent's sign
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    o.worldPos = world.xyz;
    o.normal = mul(model, float4(input.normal, 0.0)).xyz;
    o.tangent = float4(mul(model, float4(input.tangent.xyz, 0.0)).xyz, input.tangent.w);
    o.color = input.color * color;
    o.uv = input.uv;
    o.position = mul(viewProj, world);
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    float4 base = albedoTex.Sample(albedoSampler, input.uv) * input.color;
    float3 albedo = base.rgb;
    float3 smNormal = input.normal;
    float4 smTangent = input.tangent;
    float3 smTexel = normalMap.Sample(normalSampler, input.uv).xyz;
    float smStrength = surface.w;
    float3 smOut;
    #include "sleak_maps.hlsli"
    float3 normal = smOut;
    float ao = 1.0;
    float3 worldPos = input.worldPos;
    // shade(albedo, normal, ao, worldPos), written out in place: Wine's HLSL
    // compiler takes no calls to user functions, and wined3d runs neither
    // loops nor else branches (see docs/DIRECTX.md).
    float3 n = normalize(normal);
    float ndl = max(dot(n, -lightDir.xyz), 0.0);
    // Filtered compares over the shadow map, unrolled; the pipeline's depth bias does
    // most of the work.
    #include "sleak_shadow.hlsli"
    // The flat ambient light, or the environment map's when one is set.
    float3 iblEye = normalize(cameraPos.xyz - worldPos);
    float iblRough = surface.x;
    float iblMetal = surface.y;
#include "sleak_ibl_apply.hlsli"
    float3 shaded = albedo * (ambient.rgb * (1.0 - ibl.y) * ao + lightColor.rgb * (ndl * shadow)) + iblLight * ao;
    // The frame's point and spot lights (sleak_lights_apply.hlsli).
    float3 slPos = input.worldPos;
    float3 slNrm = n;
    float3 slEye = normalize(cameraPos.xyz - input.worldPos);
    float3 slAlbedo = albedo;
    float slRough = surface.x;
    float slMetal = surface.y;
    float3 slSum = float3(0.0, 0.0, 0.0);
#include "sleak_lights_apply.hlsli"
    shaded += slSum;
    // Distance fog.
    #include "sleak_fog.hlsli"
    // Emission, after the fog as the lighting pass adds it.
    return float4(shaded + albedo * surface.z * emissiveMap.Sample(emissiveSampler, input.uv).rgb, base.a);
}
