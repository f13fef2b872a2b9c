// Deferred lighting of the gbuffer; empty pixels (depth 1) get the sky
// colour. Same math as lighting_pass.comp.
#include "sleak.hlsli"
#include "sleak_lights.hlsli"
#include "sleak_ibl.hlsli"
#include "sleak_gbuffer.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D<float> shadowMap : register(t1);
SamplerState shadowSampler : register(s1);
Texture2D gAlbedo : register(t2);
Texture2D gNormal : register(t3);
Texture2D gMaterial : register(t4);
Texture2D<float> gDepth : register(t5);
// The SSAO pass's blurred occlusion: 1 where it is off.
Texture2D<float> ssaoMap : register(t7);

// Fullscreen triangle; no vertex buffer.
float4 VS_Main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int3 p = int3(int2(fragCoord.xy), 0);
    float depth = gDepth.Load(p);
    // Row 0 of the target is NDC y = +1.
    float2 ndcXY = float2(fragCoord.x * targetSize.z * 2.0 - 1.0, 1.0 - fragCoord.y * targetSize.w * 2.0);
    float4 far = mul(invViewProj, float4(ndcXY, 1.0, 1.0));
    float3 skyDir = normalize(far.xyz / far.w - cameraPos.xyz);
    #include "sleak_sky.hlsli"
    #include "sleak_ibl_sky.hlsli"
    float4 outColor = float4(sky, 1.0);
    if (depth < 1.0) {
        float4 wp = mul(invViewProj, float4(ndcXY, depth, 1.0));
        float3 worldPos = wp.xyz / wp.w;
        float4 albedo4 = gAlbedo.Load(p);
        float4 normal4 = gNormal.Load(p);
        float4 material = gMaterial.Load(p);
        float3 albedo = albedo4.rgb;
        float3 normal = SLEAK_GBUFFER_NORMAL_OF(normal4);
        float ao = albedo4.a * ssaoMap.Load(int3(p.xy >> 1, 0)); // the half-size texel of p's 2x2 block
    // shade(albedo, normal, ao, worldPos), written out in place: Wine's HLSL
    // compiler takes no calls to user functions, and wined3d runs neither
    // loops nor else branches (see docs/DIRECTX.md).
    float3 n = normalize(normal);
    float ndl = max(dot(n, -lightDir.xyz), 0.0);
    // Filtered compares over the shadow map, unrolled; the pipeline's depth bias does
    // most of the work. A surface turned away from the sun is unlit
    // whatever the shadow, so the filter is skipped there.
    #define SLEAK_SHADOW_WANTED (float)(ndl > 0.0)
    #include "sleak_shadow.hlsli"
    // The flat ambient light, or the environment map's when one is set.
    float3 iblEye = normalize(cameraPos.xyz - worldPos);
    float iblRough = normal4.w;
    float iblMetal = material.x;
#include "sleak_ibl_apply.hlsli"
    float3 shaded = albedo * (ambient.rgb * (1.0 - ibl.y) * ao + lightColor.rgb * (ndl * shadow)) + iblLight * ao;
    // The frame's point and spot lights (sleak_lights_apply.hlsli).
    float3 slPos = worldPos;
    float3 slNrm = n;
    float3 slEye = normalize(cameraPos.xyz - worldPos);
    float3 slAlbedo = albedo;
    float slRough = normal4.w;
    float slMetal = material.x;
    float3 slSum = float3(0.0, 0.0, 0.0);
#include "sleak_lights_apply.hlsli"
    shaded += slSum;
    // Distance fog.
    #include "sleak_fog.hlsli"
        // The emission, its colour per texel (the gbuffer stage's emissive map).
        outColor = float4(shaded + albedo * SLEAK_GBUFFER_EMISSION_OF(material), 1.0);
    }
    return outColor;
}
