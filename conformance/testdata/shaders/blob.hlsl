// Main (forward opaque) stem of the blob test format: lit like the engine's
// default shader (sun with filtered shadows, ambient), without texture or
// fog. Same math as blob.vert/.frag.
#include "sleak.hlsli"

Texture2D<float> shadowMap : register(t1);
SamplerState shadowSampler : register(s1);

// The "blob" test format: compact attributes that the input layout expands.
struct VSInput {
    float3 position : TEXCOORD0; // Float3 at 0
    float4 normal   : TEXCOORD1; // Short4Norm at 12 (w unused)
    float4 color    : TEXCOORD2; // UByte4Norm at 20
};

struct VSOutput {
    float4 position : SV_Position;
    float3 worldPos : TEXCOORD0;
    float3 normal   : NORMAL;
    float4 color    : COLOR0;
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    o.worldPos = world.xyz;
    o.normal = mul(model, float4(input.normal.xyz, 0.0)).xyz;
    o.color = input.color * color;
    o.position = mul(viewProj, world);
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    float3 albedo = input.color.rgb;
    float3 normal = input.normal;
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
    float3 shaded = albedo * (ambient.rgb * ao + lightColor.rgb * (ndl * shadow));
    return float4(shaded, input.color.a);
}
