// Shadow stem of the blob test format: depth only, vertex stage only.
cbuffer Frame : register(b0) {
    column_major float4x4 viewProj;
    column_major float4x4 invViewProj;
    column_major float4x4 lightViewProj; // world -> shadow clip space (depth 0..1)
    float4 cameraPos;  // w: time
    float4 lightDir;   // xyz: direction light travels, w: 1 when shadows are on
    float4 lightColor;
    float4 ambient;    // w: exposure
    float4 fogColor;
    float4 fogParams;  // x: start, y: end (0: off), z: 1 / shadow map size
};

cbuffer Draw : register(b1) {
    column_major float4x4 model;
    float4 color;
};

struct VSInput {
    float3 position : TEXCOORD0; // Float3 at 0; the other attributes are unused
};

float4 VS_Main(VSInput input) : SV_Position {
    return mul(lightViewProj, mul(model, float4(input.position, 1.0)));
}
