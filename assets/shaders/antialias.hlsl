// The antialias pass for Direct3D, over the composited image: the math of
// sleak_antialias.glsl (read it for what it does), written out in place
// (no calls to user functions, loops or ternaries under Wine).
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D ldrColor : register(t0);
SamplerState ldrSampler : register(s0);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    int2 last = int2(targetSize.xy) - 1;
    float3 lumaW = float3(0.299, 0.587, 0.114);
    float3 m = ldrColor.Load(int3(p, 0)).rgb;
    float lM = dot(m, lumaW);
    float lNW = dot(ldrColor.Load(int3(clamp(p + int2(-1, -1), int2(0, 0), last), 0)).rgb, lumaW);
    float lNE = dot(ldrColor.Load(int3(clamp(p + int2(1, -1), int2(0, 0), last), 0)).rgb, lumaW);
    float lSW = dot(ldrColor.Load(int3(clamp(p + int2(-1, 1), int2(0, 0), last), 0)).rgb, lumaW);
    float lSE = dot(ldrColor.Load(int3(clamp(p + int2(1, 1), int2(0, 0), last), 0)).rgb, lumaW);
    float lMin = min(lM, min(min(lNW, lNE), min(lSW, lSE)));
    float lMax = max(lM, max(max(lNW, lNE), max(lSW, lSE)));
    float2 dir = float2(-((lNW + lNE) - (lSW + lSE)), (lNW + lSW) - (lNE + lSE));
    float reduce = max((lNW + lNE + lSW + lSE) * (0.25 / 8.0), 1.0 / 128.0);
    dir = clamp(dir / (min(abs(dir.x), abs(dir.y)) + reduce), float2(-8.0, -8.0), float2(8.0, 8.0));
    float2 c = float2(p) + 0.5;
    // sleakBilinear of sleak_antialias.glsl at c + dir * k, into out: one
    // read through the linear, clamped sampler the backend binds at s0 (the
    // output has one level: Sample, as Wine has no SampleLevel).
#define SLEAK_AA_TAP(k, out) \
    { \
        out = ldrColor.Sample(ldrSampler, (c + dir * k) * targetSize.zw).rgb; \
    }
    float3 n0 = float3(0.0, 0.0, 0.0);
    float3 n1 = float3(0.0, 0.0, 0.0);
    float3 f0 = float3(0.0, 0.0, 0.0);
    float3 f1 = float3(0.0, 0.0, 0.0);
    SLEAK_AA_TAP(-1.0 / 6.0, n0)
    SLEAK_AA_TAP(1.0 / 6.0, n1)
    SLEAK_AA_TAP(-0.5, f0)
    SLEAK_AA_TAP(0.5, f1)
#undef SLEAK_AA_TAP
    float3 nearC = 0.5 * (n0 + n1);
    float3 farC = nearC * 0.5 + 0.25 * (f0 + f1);
    float lFar = dot(farC, lumaW);
    // The near taps alone where the far ones bring in a luma the
    // neighbourhood does not hold (by weight: no ternary under Wine).
    float keepNear = max((float)(lFar < lMin), (float)(lFar > lMax));
    return float4(lerp(farC, nearC, keepNear), 1.0);
}
