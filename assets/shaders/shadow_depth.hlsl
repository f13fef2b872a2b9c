// Depth-only shadow pass for default-format meshes: vertex stage only.
#include "sleak.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
};

float4 VS_Main(VSInput input) : SV_Position {
    return mul(lightViewProj, mul(model, float4(input.position, 1.0)));
}
