// The UI pass: one screen-space quad per draw, over the composited image.
// The same rectangle encoding and math as ui.vert and ui.frag: the model
// matrix's columns are the rectangle in pixels (x0, y0, x1, y1 from the
// top-left corner), its texture coordinates, and the target size. A
// column is read as the matrix times a unit vector, which needs no
// knowledge of how HLSL indexes a column-major matrix.
#include "sleak.hlsli"

Texture2D albedoTex : register(t0);
SamplerState albedoSampler : register(s0);

struct VSOutput {
    float4 position : SV_Position;
    float2 uv       : TEXCOORD0;
};

VSOutput VS_Main(float3 corner : TEXCOORD0) {
    VSOutput o;
    float4 rect = mul(model, float4(1.0, 0.0, 0.0, 0.0));
    float4 uv = mul(model, float4(0.0, 1.0, 0.0, 0.0));
    float4 size = mul(model, float4(0.0, 0.0, 1.0, 0.0));
    float2 px = lerp(rect.xy, rect.zw, corner.xy);
    o.uv = lerp(uv.xy, uv.zw, corner.xy);
    o.position = float4(px.x / size.x * 2.0 - 1.0, 1.0 - px.y / size.y * 2.0, 0.0, 1.0);
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    return albedoTex.Sample(albedoSampler, input.uv) * color;
}
