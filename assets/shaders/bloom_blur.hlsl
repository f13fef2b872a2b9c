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

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 q = int2(fragCoord.xy);
    // The reduced size, (n + 3) / 4, as a shift: Wine's compiler fails an
    // assertion on the division of an int2.
    int2 last = ((int2(targetSize.xy) + 3) >> 2) - 1;
    float3 sum = float3(0.0, 0.0, 0.0);
    sum += bloomBright.Load(int3(clamp(q + int2(-3, -3), int2(0, 0), last), 0)).rgb * 1.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, -3), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, -3), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, -3), int2(0, 0), last), 0)).rgb * 20.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, -3), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, -3), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, -3), int2(0, 0), last), 0)).rgb * 1.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, -2), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, -2), int2(0, 0), last), 0)).rgb * 36.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, -2), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, -2), int2(0, 0), last), 0)).rgb * 120.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, -2), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, -2), int2(0, 0), last), 0)).rgb * 36.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, -2), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, -1), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, -1), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, -1), int2(0, 0), last), 0)).rgb * 225.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, -1), int2(0, 0), last), 0)).rgb * 300.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, -1), int2(0, 0), last), 0)).rgb * 225.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, -1), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, -1), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, 0), int2(0, 0), last), 0)).rgb * 20.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, 0), int2(0, 0), last), 0)).rgb * 120.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, 0), int2(0, 0), last), 0)).rgb * 300.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, 0), int2(0, 0), last), 0)).rgb * 400.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, 0), int2(0, 0), last), 0)).rgb * 300.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, 0), int2(0, 0), last), 0)).rgb * 120.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, 0), int2(0, 0), last), 0)).rgb * 20.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, 1), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, 1), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, 1), int2(0, 0), last), 0)).rgb * 225.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, 1), int2(0, 0), last), 0)).rgb * 300.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, 1), int2(0, 0), last), 0)).rgb * 225.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, 1), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, 1), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, 2), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, 2), int2(0, 0), last), 0)).rgb * 36.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, 2), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, 2), int2(0, 0), last), 0)).rgb * 120.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, 2), int2(0, 0), last), 0)).rgb * 90.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, 2), int2(0, 0), last), 0)).rgb * 36.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, 2), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-3, 3), int2(0, 0), last), 0)).rgb * 1.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-2, 3), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(-1, 3), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(0, 3), int2(0, 0), last), 0)).rgb * 20.0;
    sum += bloomBright.Load(int3(clamp(q + int2(1, 3), int2(0, 0), last), 0)).rgb * 15.0;
    sum += bloomBright.Load(int3(clamp(q + int2(2, 3), int2(0, 0), last), 0)).rgb * 6.0;
    sum += bloomBright.Load(int3(clamp(q + int2(3, 3), int2(0, 0), last), 0)).rgb * 1.0;
    return float4(sum / 4096.0, 1.0);
}
