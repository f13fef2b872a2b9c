// The SSR pass's reflections, exposure, the bloom pass's light, ACES
// filmic tonemap (Narkowicz's fit) and gamma 2.2 to the 8-bit output.
// Same math as composite.comp.
#include "sleak.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D hdrColor : register(t0);
// The bloom pass's blurred light at a quarter of the size: 0 where it is off.
Texture2D bloomMap : register(t7);
SamplerState bloomSampler : register(s0);
// The SSR pass's reflections: 0 where it is off.
Texture2D ssrMap : register(t8);

// Fullscreen triangle; no vertex buffer.
float4 VS_Main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    float3 hdr = hdrColor.Load(int3(p, 0)).rgb;
    // The reflections are read only while the SSR pass is on (post.x, its
    // strength); off, its target holds 0. The test holds a per-pixel value
    // so that lavapipe compiles the shader once (sleak_shadow.hlsli).
    if (post.x * (abs(hdr.g) + 1.0) > 0.0) {
        hdr += ssrMap.Load(int3(p, 0)).rgb;
    }
    float exposure = ambient.w;
    if (exposure <= 0.0) {
        exposure = 1.0;
    }
    // The bloom under the pixel, bilinear between the reduced texels'
    // centres (sleakBloomAt in sleak_bloom.glsl): one read through the
    // linear, clamped sampler at s0. The quarter size, rounded up, in
    // float: an integer vector division crashes Wine's compiler.
    float2 bloomSize = floor((targetSize.xy + 3.0) * 0.25);
    float3 bloom = bloomMap.Sample(bloomSampler, fragCoord.xy / (4.0 * bloomSize)).rgb * effects.w;
    float3 x = hdr * exposure + bloom;
    float3 mapped = saturate((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
    return float4(pow(mapped, 1.0 / 2.2), 1.0);
}
