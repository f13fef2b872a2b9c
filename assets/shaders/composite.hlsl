// Exposure, the bloom pass's light, ACES filmic tonemap (Narkowicz's fit)
// and gamma 2.2 to the 8-bit output. Same math as composite.frag.
#include "sleak.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D hdrColor : register(t0);
// The bloom pass's blurred light at a quarter of the size: 0 where it is off.
Texture2D bloomMap : register(t7);

// Fullscreen triangle; no vertex buffer.
float4 VS_Main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    float3 hdr = hdrColor.Load(int3(p, 0)).rgb;
    float exposure = ambient.w;
    if (exposure <= 0.0) {
        exposure = 1.0;
    }
    // The bloom under the pixel, bilinear between the reduced texels'
    // centres (sleakBloomAt in sleak_bloom.glsl).
    float3 bloom = float3(0.0, 0.0, 0.0);
    {
        // The reduced size, (n + 3) / 4, as a shift: Wine's compiler fails an
        // assertion on the division of an int2.
        int2 last = ((int2(targetSize.xy) + 3) >> 2) - 1;
        float2 t = (float2(p) + 0.5) / 4.0 - 0.5;
        float2 i = floor(t);
        float2 f = t - i;
        int2 lo = clamp(int2(i), int2(0, 0), last);
        int2 hi = clamp(int2(i) + 1, int2(0, 0), last);
        float3 b00 = bloomMap.Load(int3(lo.x, lo.y, 0)).rgb;
        float3 b10 = bloomMap.Load(int3(hi.x, lo.y, 0)).rgb;
        float3 b01 = bloomMap.Load(int3(lo.x, hi.y, 0)).rgb;
        float3 b11 = bloomMap.Load(int3(hi.x, hi.y, 0)).rgb;
        bloom = lerp(lerp(b00, b10, f.x), lerp(b01, b11, f.x), f.y) * effects.w;
    }
    float3 x = hdr * exposure + bloom;
    float3 mapped = saturate((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
    return float4(pow(mapped, 1.0 / 2.2), 1.0);
}
