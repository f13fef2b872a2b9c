// The "lit" vertex format for Direct3D 12: the same registers, through the engine's root signature.
cbuffer Frame : register(b0) {
    column_major float4x4 viewProj;
    column_major float4x4 invViewProj;
    column_major float4x4 lightViewProj;
    float4 cameraPos;
    float4 lightDir;
    float4 lightColor;
    float4 ambient;
    float4 fogColor;
    float4 fogParams;
};

cbuffer Draw : register(b1) {
    column_major float4x4 model;
    float4 color;
};

Texture2D tex : register(t0);
SamplerState samp : register(s0);

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float2 uv       : TEXCOORD2;
};

struct VSOutput {
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    o.normal = mul(model, float4(input.normal, 0.0)).xyz;
    o.uv = input.uv;
    o.position = mul(viewProj, mul(model, float4(input.position, 1.0)));
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    float sun = max(dot(normalize(input.normal), -lightDir.xyz), 0.0);
    float4 albedo = tex.Sample(samp, input.uv) * color;
    return float4(albedo.rgb * (ambient.rgb + lightColor.rgb * sun), albedo.a);
}
