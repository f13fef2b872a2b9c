// The SSAO pass's first step for Direct3D: raw ambient occlusion
// (sleak_ssao.hlsli).
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"
#include "sleak_gbuffer.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
// The gbuffer's registers, as lighting_pass reads them.
Texture2D gNormal : register(t3);
Texture2D<float> gDepth : register(t5);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    // A texel of the half-size target, and the pixel it stands for: the
    // top-left of its 2x2 block.
    int2 q = int2(fragCoord.xy);
    int2 p = min(q * 2, int2(targetSize.xy) - 1);
#include "sleak_ssao.hlsli"
    return float4(ao, ao, ao, ao);
}
