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
// towards the eye. The same block is written out 32 times, the number in
// its if the light's place in its cluster's list.
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
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 1.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 2.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 3.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 4.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 1, (int)slCell.y, 0));
            if (slN > 4.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 5.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 6.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 7.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 8.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 2, (int)slCell.y, 0));
            if (slN > 8.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 9.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 10.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 11.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 12.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 3, (int)slCell.y, 0));
            if (slN > 12.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 13.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 14.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 15.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 16.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 4, (int)slCell.y, 0));
            if (slN > 16.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 17.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 18.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 19.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 20.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 5, (int)slCell.y, 0));
            if (slN > 20.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 21.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 22.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 23.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 24.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 6, (int)slCell.y, 0));
            if (slN > 24.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 25.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 26.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 27.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
        if (slN > 28.0) {
            float4 slIx = sleakLights.Load(int3((int)slCell.x + 7, (int)slCell.y, 0));
            if (slN > 28.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.x, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.x, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.x, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 29.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.y, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.y, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.y, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 30.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.z, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.z, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.z, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
            if (slN > 31.0) {
                float4 slP = sleakLights.Load(int3((int)slIx.w, 1, 0)); // position, 1/range^2
                float4 slLc = sleakLights.Load(int3((int)slIx.w, 2, 0)); // colour, cone scale
                float4 slLd = sleakLights.Load(int3((int)slIx.w, 3, 0)); // direction, cone offset
                float3 slV = slP.xyz - slPos;
                float slD2 = dot(slV, slV);
                float3 slL = normalize(slV);
                float slF = slD2 * slP.w;
                float slWin = saturate(1.0 - slF * slF);
                float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
                float slNdl = max(dot(slNrm, slL), 0.0);
                float3 slH = normalize(slL + slEye);
                float slNdh = max(dot(slNrm, slH), 0.0);
                float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
                float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
                float slX = 1.0 - max(dot(slEye, slH), 0.0);
                float slX2 = slX * slX;
                float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
                float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
                slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);
            }
        }
    }
}
