// Shadow stem of the skinned format: depth only, vertex stage only, the
// vertex blended by its joints as skinned_shader.hlsl blends it.
#include "sleak.hlsli"
#include "sleak_lights.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
    int4 boneIds    : TEXCOORD5;
    float4 weights  : TEXCOORD6;
};

float4 VS_Main(VSInput input) : SV_Position {
    int4 skinIds = input.boneIds;
    float4 skinWeights = input.weights;
    float4 skinX;
    float4 skinY;
    float4 skinZ;
    #include "sleak_skin.hlsli"
    float4 p = float4(input.position, 1.0);
    return mul(lightViewProj, mul(model, float4(dot(skinX, p), dot(skinY, p), dot(skinZ, p), 1.0)));
}
