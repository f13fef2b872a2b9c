// The SSAO pass's second step for Direct3D: the blurred occlusion
// lighting_pass reads; the math of sleakOcclusionBlur in sleak_ssao.glsl.
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D<float> ssaoRaw : register(t0);
SamplerState ssaoSampler : register(s0);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    // The half-size targets' size, in float: an integer vector division
    // crashes Wine's compiler. ssaoRaw is read through the linear, clamped
    // sampler at s0: each read between the centres of a 2x2 block of the
    // 4x4 box is that block's mean.
    float2 inv = 1.0 / floor((targetSize.xy + 1.0) * 0.5);
    float2 c = floor(fragCoord.xy);
    float aoSum = ssaoRaw.Sample(ssaoSampler, (c + float2(-1.0, -1.0)) * inv);
    aoSum += ssaoRaw.Sample(ssaoSampler, (c + float2(1.0, -1.0)) * inv);
    aoSum += ssaoRaw.Sample(ssaoSampler, (c + float2(-1.0, 1.0)) * inv);
    aoSum += ssaoRaw.Sample(ssaoSampler, (c + float2(1.0, 1.0)) * inv);
    return float4(aoSum * 0.25, aoSum * 0.25, aoSum * 0.25, aoSum * 0.25);
}
