// Unlit overlay geometry (crosshair, hotbar, block highlight) in the default
// vertex format. Same math as hud.vert/.frag.
#include "sleak.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 color    : TEXCOORD3;
};

struct VSOutput {
    float4 position : SV_Position;
    float4 color    : COLOR0;
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float3 n = normalize(mul(model, float4(input.normal, 0.0)).xyz);
    float shade = 0.75 + 0.25 * max(dot(n, float3(0.3, 0.9, 0.3)), 0.0);
    o.color = float4(input.color.rgb * color.rgb * shade, input.color.a * color.a);
    o.position = mul(viewProj, mul(model, float4(input.position, 1.0)));
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    return input.color;
}
