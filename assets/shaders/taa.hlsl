// The antialias pass as temporal antialiasing, for Direct3D: the math of
// sleak_taa.glsl (read it for what it does), written out in place (no
// calls to user functions, loops or ternaries under Wine).
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D ldrColor : register(t0);       // the composited image
Texture2D<float> gDepth : register(t5);
Texture2D history : register(t7);        // this pass's result of the frame before
SamplerState historySampler : register(s0); // linear, clamped

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    int2 last = int2(targetSize.xy) - 1;
    float3 c = ldrColor.Load(int3(p, 0)).rgb;
    float3 lo = c;
    float3 hi = c;
#define SLEAK_TAA_AROUND(dx, dy) \
    { \
        float3 n = ldrColor.Load(int3(clamp(p + int2(dx, dy), int2(0, 0), last), 0)).rgb; \
        lo = min(lo, n); \
        hi = max(hi, n); \
    }
    SLEAK_TAA_AROUND(-1, -1)
    SLEAK_TAA_AROUND(0, -1)
    SLEAK_TAA_AROUND(1, -1)
    SLEAK_TAA_AROUND(-1, 0)
    SLEAK_TAA_AROUND(1, 0)
    SLEAK_TAA_AROUND(-1, 1)
    SLEAK_TAA_AROUND(0, 1)
    SLEAK_TAA_AROUND(1, 1)
#undef SLEAK_TAA_AROUND
    float2 ndc0 = float2(fragCoord.x * targetSize.z * 2.0 - 1.0, 1.0 - fragCoord.y * targetSize.w * 2.0);
    float4 was = mul(reproject, float4(ndc0, gDepth.Load(int3(p, 0)), 1.0));
    float2 ndc = was.xy / max(was.w, 1e-6);
    float2 uv = SLEAK_SHADOW_UV(ndc); // the NDC above undone
    // step() of sleak_taa.glsl as comparisons (Wine has no step).
    float seen = (float)(was.w >= 1e-6) * (float)(min(uv.x, uv.y) >= 0.0) * (float)(max(uv.x, uv.y) <= 1.0);
    // sleakHistoryAt of sleak_taa.glsl: the history through a Catmull-Rom
    // filter in five bilinear reads.
    float2 hPos = uv * targetSize.xy;
    float2 c1 = floor(hPos - 0.5) + 0.5;
    float2 f = hPos - c1;
    float2 w0 = f * (-0.5 + f * (1.0 - 0.5 * f));
    float2 w1 = 1.0 + f * f * (-2.5 + 1.5 * f);
    float2 w2 = f * (0.5 + f * (2.0 - 1.5 * f));
    float2 w3 = f * f * (-0.5 + 0.5 * f);
    float2 w12 = w1 + w2;
    float2 t0 = (c1 - 1.0) * targetSize.zw;
    float2 t12 = (c1 + w2 / w12) * targetSize.zw;
    float2 t3 = (c1 + 2.0) * targetSize.zw;
    float3 hSum = history.Sample(historySampler, float2(t12.x, t0.y)).rgb * (w12.x * w0.y)
        + history.Sample(historySampler, float2(t0.x, t12.y)).rgb * (w0.x * w12.y)
        + history.Sample(historySampler, t12).rgb * (w12.x * w12.y)
        + history.Sample(historySampler, float2(t3.x, t12.y)).rgb * (w3.x * w12.y)
        + history.Sample(historySampler, float2(t12.x, t3.y)).rgb * (w12.x * w3.y);
    float hWeight = w12.x * w0.y + w0.x * w12.y + w12.x * w12.y + w3.x * w12.y + w12.x * w3.y;
    float3 h = clamp(hSum / hWeight, lo, hi);
    return float4(lerp(c, h, taa.x * seen), 1.0);
}
