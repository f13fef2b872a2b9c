// The SSR pass for Direct3D: the reflections composite adds; the math of
// sleak_ssr.glsl (read it for what it does), written out in place: Wine's
// HLSL compiler takes no calls to user functions and wined3d runs no
// loops, so the 24 steps are unrolled and the first hit is kept by
// weights rather than a break.
#include "sleak.hlsli"
#include "sleak_fullscreen.hlsli"
#include "sleak_gbuffer.hlsli"

// The target's size: xy pixels, zw their inverse (set by the backend).
cbuffer Target : register(b2) {
    float4 targetSize;
};
Texture2D hdrColor : register(t0);
// The gbuffer's registers, as lighting_pass reads them.
Texture2D gNormal : register(t3);
Texture2D gMaterial : register(t4);
Texture2D<float> gDepth : register(t5);

float4 PS_Main(float4 fragCoord : SV_Position) : SV_Target {
    int2 p = int2(fragCoord.xy);
    float depth = gDepth.Load(int3(p, 0));
    float4 nr = gNormal.Load(int3(p, 0));
    float gloss = saturate(1.0 - nr.w / 0.6);
    float3 color = float3(0.0, 0.0, 0.0);
    if (depth < 1.0 && gloss > 0.0) {
        float4 w = mul(invViewProj, float4((p.x + 0.5) * targetSize.z * 2.0 - 1.0, 1.0 - (p.y + 0.5) * targetSize.w * 2.0, depth, 1.0));
        float3 pos = w.xyz / w.w;
        float3 n = normalize(SLEAK_GBUFFER_NORMAL_OF(nr));
        float3 eye = cameraPos.xyz;
        float3 v = normalize(pos - eye);
        float3 r = v - 2.0 * dot(v, n) * n;
        float stepLen = post.y / 24.0;
        int2 last = int2(targetSize.xy) - 1;
        // alive: the ray is still on screen and has hit nothing yet.
        float alive = 1.0;
        float3 found = float3(0.0, 0.0, 0.0);
#define SLEAK_SSR_STEP(i) \
        { \
            float3 s = pos + r * (stepLen * i); \
            float4 c = mul(viewProj, float4(s, 1.0)); \
            float2 ndc = c.xy / max(c.w, 1e-6); \
            alive *= (float)(c.w > 0.0) * (float)(abs(ndc.x) <= 1.0) * (float)(abs(ndc.y) <= 1.0); \
            float2 fc = float2((ndc.x * 0.5 + 0.5) * targetSize.x, (0.5 - 0.5 * ndc.y) * targetSize.y); \
            int2 q = clamp(int2(floor(fc)), int2(0, 0), last); \
            float seenDepth = gDepth.Load(int3(q, 0)); \
            float4 sw = mul(invViewProj, float4((q.x + 0.5) * targetSize.z * 2.0 - 1.0, 1.0 - (q.y + 0.5) * targetSize.w * 2.0, seenDepth, 1.0)); \
            float behind = length(s - eye) - length(sw.xyz / sw.w - eye); \
            float hit = alive * (float)(seenDepth < 1.0) * (float)(behind > 0.0) * (float)(behind < 2.0 * stepLen); \
            found += hdrColor.Load(int3(q, 0)).rgb * hit; \
            alive *= 1.0 - hit; \
        }
    SLEAK_SSR_STEP(1.0)
    SLEAK_SSR_STEP(2.0)
    SLEAK_SSR_STEP(3.0)
    SLEAK_SSR_STEP(4.0)
    SLEAK_SSR_STEP(5.0)
    SLEAK_SSR_STEP(6.0)
    SLEAK_SSR_STEP(7.0)
    SLEAK_SSR_STEP(8.0)
    SLEAK_SSR_STEP(9.0)
    SLEAK_SSR_STEP(10.0)
    SLEAK_SSR_STEP(11.0)
    SLEAK_SSR_STEP(12.0)
    SLEAK_SSR_STEP(13.0)
    SLEAK_SSR_STEP(14.0)
    SLEAK_SSR_STEP(15.0)
    SLEAK_SSR_STEP(16.0)
    SLEAK_SSR_STEP(17.0)
    SLEAK_SSR_STEP(18.0)
    SLEAK_SSR_STEP(19.0)
    SLEAK_SSR_STEP(20.0)
    SLEAK_SSR_STEP(21.0)
    SLEAK_SSR_STEP(22.0)
    SLEAK_SSR_STEP(23.0)
    SLEAK_SSR_STEP(24.0)
#undef SLEAK_SSR_STEP
        float f0 = lerp(0.04, 1.0, gMaterial.Load(int3(p, 0)).x);
        float x = 1.0 - max(dot(-v, n), 0.0);
        float x2 = x * x;
        float fresnel = f0 + (1.0 - f0) * (x2 * x2 * x);
        color = found * (fresnel * gloss * post.x);
    }
    return float4(color, 1.0);
}
