// Exposure, ACES filmic tonemap (Narkowicz's fit) and gamma 2.2 to the
// 8-bit output. Same math as composite.frag.
#include "sleak.hlsli"

Texture2D hdrColor : register(t0);

// Fullscreen triangle; no vertex buffer.
float4 VS_Main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    float3 hdr = hdrColor.Load(int3(int2(fragCoord.xy), 0)).rgb;
    float exposure = ambient.w;
    if (exposure <= 0.0) {
        exposure = 1.0;
    }
    float3 x = hdr * exposure;
    float3 mapped = saturate((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
    return float4(pow(mapped, 1.0 / 2.2), 1.0);
}
