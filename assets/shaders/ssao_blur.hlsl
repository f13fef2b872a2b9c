// The SSAO pass's second step for Direct3D: the blurred occlusion
// lighting_pass reads; the math of sleakOcclusionBlur in sleak_ssao.glsl.
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D<float> ssaoRaw : register(t0);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    // The half-size targets' last texel, in float: an integer vector
    // division crashes Wine's compiler.
    int2 last = int2((targetSize.xy + 1.0) * 0.5) - 1;
    float aoSum = 0.0;
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-2, -2), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-1, -2), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(0, -2), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(1, -2), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-2, -1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-1, -1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(0, -1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(1, -1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-2, 0), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-1, 0), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(0, 0), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(1, 0), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-2, 1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(-1, 1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(0, 1), int2(0, 0), last), 0));
    aoSum += ssaoRaw.Load(int3(clamp(p + int2(1, 1), int2(0, 0), last), 0));
    return float4(aoSum / 16.0, aoSum / 16.0, aoSum / 16.0, aoSum / 16.0);
}
