// Shadow stem of the blob test format: depth only, vertex stage only.
#include "sleak.hlsli"

struct VSInput {
    float3 position : TEXCOORD0; // Float3 at 0; the other attributes are unused
};

float4 VS_Main(VSInput input) : SV_Position {
    return mul(lightViewProj, mul(model, float4(input.position, 1.0)));
}
