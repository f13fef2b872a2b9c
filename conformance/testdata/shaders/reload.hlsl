// Material shader of the hot reload scenes: flat, in the colour
// reload_color.hlsli defines, which the scenes edit under a running backend.
#include "sleak.hlsli"
#include "reload_color.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
};

float4 VS_Main(VSInput input) : SV_Position {
    return mul(viewProj, mul(model, float4(input.position, 1.0)));
}

float4 PS_Main(float4 position : SV_Position) : SV_Target {
    return RELOAD_COLOR;
}
