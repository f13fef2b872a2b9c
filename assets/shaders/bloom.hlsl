// The bloom pass's first step for Direct3D: the light above the threshold,
// at a quarter of the resolution; the math of sleakBright in
// sleak_bloom.glsl, written out in place (no loops or calls under Wine).
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The full-size target's size: xy pixels, zw their inverse (set by the
// backend for every fullscreen pass).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D hdrColor : register(t0);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 q = int2(fragCoord.xy);
    int2 last = int2(targetSize.xy) - 1;
    float3 sum = float3(0.0, 0.0, 0.0);
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(0, 0), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(1, 0), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(2, 0), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(3, 0), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(0, 1), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(1, 1), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(2, 1), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(3, 1), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(0, 2), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(1, 2), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(2, 2), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(3, 2), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(0, 3), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(1, 3), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(2, 3), int2(0, 0), last), 0)).rgb;
    sum += hdrColor.Load(int3(clamp(q * 4 + int2(3, 3), int2(0, 0), last), 0)).rgb;
    float3 c = sum / 16.0 * ambient.w;
    float lum = dot(c, float3(0.2126, 0.7152, 0.0722));
    return float4(c * (max(lum - effects.z, 0.0) / max(lum, 1e-4)), 1.0);
}
