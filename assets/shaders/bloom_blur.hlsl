// The bloom pass's second step for Direct3D: the blurred light composite
// adds; the math of sleakBloomBlur in sleak_bloom.glsl, written out in
// place (no loops or calls under Wine).
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The full-size target's size: xy pixels, zw their inverse (set by the
// backend for every fullscreen pass).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D bloomBright : register(t0);
SamplerState bloomSampler : register(s0);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    // The quarter size, rounded up, in float (an integer vector division
    // crashes Wine's compiler). bloomBright is read through the linear,
    // clamped sampler at s0: the 7x7 binomial taps pair up along each axis
    // as (-3, -2), (-1, 0) and (1, 2), with 3 alone, and one read between
    // a pair's centres, placed by their weights, sums both (sleakBloomBlur
    // in sleak_bloom.glsl); wined3d runs no loops, so the 16 are written out.
    float2 inv = 1.0 / floor((targetSize.xy + 3.0) * 0.25);
    float2 c = floor(fragCoord.xy) + 0.5;
    float3 sum = float3(0.0, 0.0, 0.0);
    sum += bloomBright.Sample(bloomSampler, (c + float2(-2.1428571, -2.1428571)) * inv).rgb * 49.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-0.4285714, -2.1428571)) * inv).rgb * 245.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(1.2857143, -2.1428571)) * inv).rgb * 147.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(3.0, -2.1428571)) * inv).rgb * 7.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-2.1428571, -0.4285714)) * inv).rgb * 245.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-0.4285714, -0.4285714)) * inv).rgb * 1225.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(1.2857143, -0.4285714)) * inv).rgb * 735.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(3.0, -0.4285714)) * inv).rgb * 35.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-2.1428571, 1.2857143)) * inv).rgb * 147.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-0.4285714, 1.2857143)) * inv).rgb * 735.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(1.2857143, 1.2857143)) * inv).rgb * 441.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(3.0, 1.2857143)) * inv).rgb * 21.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-2.1428571, 3.0)) * inv).rgb * 7.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(-0.4285714, 3.0)) * inv).rgb * 35.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(1.2857143, 3.0)) * inv).rgb * 21.0;
    sum += bloomBright.Sample(bloomSampler, (c + float2(3.0, 3.0)) * inv).rgb * 1.0;
    return float4(sum / 4096.0, 1.0);
}
