// Punctual lights for HLSL: the twin of sleak_lights.glsl, reading the same
// light grid (backends.LightGrid) from t6. Include it after sleak.hlsli:
//
//     #include "sleak_lights.hlsli"
//
// Wine's HLSL compiler takes no calls to user functions and wined3d runs no
// loops (docs/DIRECTX.md), so the light loop is a macro unrolled to
// backends.MaxClusterLights (32) lights, each behind an if:
//
//     float3 sum = float3(0.0, 0.0, 0.0);
//     SLEAK_PUNCTUAL(worldPos, n, v, albedo, roughness, metallic, sum)
//
// adds to sum the light the frame's point and spot lights reflect towards
// the eye from a surface at world position P with normal N (V points from
// P to the eye). The math is sleak_lights.glsl's, line for line.
#ifndef SLEAK_LIGHTS_HLSLI
#define SLEAK_LIGHTS_HLSLI

Texture2D<float4> sleakLights : register(t6);

#define SLEAK_LIGHT_AT(IDX, K) \
    if (slN > K) { \
        float4 slP = sleakLights.Load(int3((int)(IDX), 1, 0)); \
        float4 slC = sleakLights.Load(int3((int)(IDX), 2, 0)); \
        float4 slD = sleakLights.Load(int3((int)(IDX), 3, 0)); \
        float3 slV = slP.xyz - slPos; \
        float slD2 = dot(slV, slV); \
        float3 slL = normalize(slV); \
        float slF = slD2 * slP.w; \
        float slWin = saturate(1.0 - slF * slF); \
        float slCone = saturate(dot(-slL, slD.xyz) * slC.w + slD.w); \
        float slNdl = max(dot(slNrm, slL), 0.0); \
        float3 slH = normalize(slL + slEye); \
        float slNdh = max(dot(slNrm, slH), 0.0); \
        float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0; \
        float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK)); \
        float slX = 1.0 - max(dot(slEye, slH), 0.0); \
        float slX2 = slX * slX; \
        float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX); \
        float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis); \
        slSum += (slDiffuse + slSpec) * slC.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl); \
    }

#define SLEAK_LIGHT_QUAD(Q) \
    if (slN > Q * 4) { \
        float4 slIx = sleakLights.Load(int3((int)slCell.x + Q, (int)slCell.y, 0)); \
        SLEAK_LIGHT_AT(slIx.x, Q * 4) \
        SLEAK_LIGHT_AT(slIx.y, Q * 4 + 1) \
        SLEAK_LIGHT_AT(slIx.z, Q * 4 + 2) \
        SLEAK_LIGHT_AT(slIx.w, Q * 4 + 3) \
    }

#define SLEAK_PUNCTUAL(P, N, V, ALBEDO, ROUGHNESS, METALLIC, SUM) \
    { \
        float4 slHead = sleakLights.Load(int3(0, 0, 0)); \
        if (slHead.w >= 0.5) { \
            float3 slPos = (P); \
            float3 slNrm = (N); \
            float3 slEye = (V); \
            float4 slSlicing = sleakLights.Load(int3(1, 0, 0)); \
            float4 slClip = mul(viewProj, float4(slPos, 1.0)); \
            float2 slNdc = slClip.xy / slClip.w; \
            float slTx = clamp(floor((slNdc.x * 0.5 + 0.5) * slHead.x), 0.0, slHead.x - 1.0); \
            float slTy = clamp(floor((slNdc.y * 0.5 + 0.5) * slHead.y), 0.0, slHead.y - 1.0); \
            float slS = clamp(floor(slHead.z * pow(max(slClip.w * slSlicing.x, 0.0), slSlicing.y)), 0.0, slHead.z - 1.0); \
            float slC0 = slTx + slHead.x * (slTy + slHead.y * slS); \
            float slCy = floor(slC0 / 1024.0); \
            float4 slCell = sleakLights.Load(int3((int)(slC0 - slCy * 1024.0), 4 + (int)slCy, 0)); \
            float slN = slCell.z; \
            float slA = max((ROUGHNESS) * (ROUGHNESS), 0.002); \
            float slA2 = slA * slA; \
            float slK = slA * 0.5; \
            float3 slF0 = 0.04 + ((ALBEDO) - 0.04) * (METALLIC); \
            float3 slDiffuse = (ALBEDO) * (1.0 - (METALLIC)); \
            float slNdv = max(dot(slNrm, slEye), 0.0001); \
            float3 slSum = float3(0.0, 0.0, 0.0); \
            SLEAK_LIGHT_QUAD(0) SLEAK_LIGHT_QUAD(1) SLEAK_LIGHT_QUAD(2) SLEAK_LIGHT_QUAD(3) \
            SLEAK_LIGHT_QUAD(4) SLEAK_LIGHT_QUAD(5) SLEAK_LIGHT_QUAD(6) SLEAK_LIGHT_QUAD(7) \
            SUM += slSum; \
        } \
    }

#endif
