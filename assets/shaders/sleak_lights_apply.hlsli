// The punctual light loop of sleak_lights.glsl for HLSL, unrolled to
// backends.MaxClusterLights (32) lights, each behind an if. Include it
// inside a pixel shader, after sleak_lights.hlsli at the top of the file,
// with these set:
//
//     float3 slPos = worldPos;      // the surface, in world space
//     float3 slNrm = n;             // its unit normal
//     float3 slEye = normalize(cameraPos.xyz - worldPos);
//     float3 slAlbedo = albedo;
//     float slRough = roughness;
//     float slMetal = metallic;
//     float3 slSum = float3(0.0, 0.0, 0.0);
//     #include "sleak_lights_apply.hlsli"
//
// It adds to slSum the light the frame's point and spot lights reflect
// towards the eye: the cluster's list is read four indices a texel, and
// each place in it includes sleak_light.hlsli, the one copy of the
// shading, behind an if on the list's length.
{
    float4 slHead = sleakLights.Load(int3(0, 0, 0)); // tiles x, tiles y, slices, light count
    if (slHead.w >= 0.5) {
        float4 slSlicing = sleakLights.Load(int3(1, 0, 0)); // 1/far, exponent
        float4 slClip = mul(viewProj, float4(slPos, 1.0));
        float2 slNdc = slClip.xy / slClip.w;
        float slTx = clamp(floor((slNdc.x * 0.5 + 0.5) * slHead.x), 0.0, slHead.x - 1.0);
        float slTy = clamp(floor((slNdc.y * 0.5 + 0.5) * slHead.y), 0.0, slHead.y - 1.0);
        float slS = clamp(floor(slHead.z * pow(max(slClip.w * slSlicing.x, 0.0), slSlicing.y)), 0.0, slHead.z - 1.0);
        float slC = slTx + slHead.x * (slTy + slHead.y * slS);
        float slCy = floor(slC / 1024.0);
        float4 slCell = sleakLights.Load(int3((int)(slC - slCy * 1024.0), 4 + (int)slCy, 0)); // list column, row, count
        float slN = slCell.z;
        float slA = max(slRough * slRough, 0.002);
        float slA2 = slA * slA;
        float slK = slA * 0.5;
        float3 slF0 = 0.04 + (slAlbedo - 0.04) * slMetal;
        float3 slDiffuse = slAlbedo * (1.0 - slMetal);
        float slNdv = max(dot(slNrm, slEye), 0.0001);
        if (slN > 0.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 0, (int)slCell.y, 0));
            if (slN > 0.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 1.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 2.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 3.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 4.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 1, (int)slCell.y, 0));
            if (slN > 4.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 5.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 6.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 7.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 8.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 2, (int)slCell.y, 0));
            if (slN > 8.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 9.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 10.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 11.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 12.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 3, (int)slCell.y, 0));
            if (slN > 12.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 13.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 14.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 15.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 16.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 4, (int)slCell.y, 0));
            if (slN > 16.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 17.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 18.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 19.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 20.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 5, (int)slCell.y, 0));
            if (slN > 20.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 21.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 22.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 23.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 24.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 6, (int)slCell.y, 0));
            if (slN > 24.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 25.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 26.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 27.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
        if (slN > 28.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 7, (int)slCell.y, 0));
            if (slN > 28.0) {
                float slI = slIx.x;
#include "sleak_light.hlsli"
            }
            if (slN > 29.0) {
                float slI = slIx.y;
#include "sleak_light.hlsli"
            }
            if (slN > 30.0) {
                float slI = slIx.z;
#include "sleak_light.hlsli"
            }
            if (slN > 31.0) {
                float slI = slIx.w;
#include "sleak_light.hlsli"
            }
        }
    }
}
