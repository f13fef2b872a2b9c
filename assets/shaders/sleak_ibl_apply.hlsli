// The environment map's ambient light at a surface, as sleakIBL in
// sleak_ibl.glsl computes it: include it inside a pixel shader, after
// sleak_ibl.hlsli at the top, with float3 n (the normalized normal),
// float3 iblEye (normalized, towards the eye), float3 albedo, float
// iblRough and float iblMetal in scope. It declares float3 iblLight, 0
// when the frame has no map, and then the block's reads are skipped. The
// test holds a per-pixel value (iblNdv + 1 is never 0) so that it is no
// test of constant-buffer values alone, which lavapipe, under vkd3d,
// recompiles the shader for (sleak_shadow.hlsli).
float3 iblLight = float3(0.0, 0.0, 0.0);
float iblNdv = clamp(dot(n, iblEye), 0.0, 1.0);
if (ibl.x * (iblNdv + 1.0) > 0.0) {
    float3 iblF0 = lerp(float3(0.04, 0.04, 0.04), albedo, iblMetal);
    float iblX = 1.0 - iblNdv;
    float iblEdge = 1.0 - iblRough;
    float3 iblFr = iblF0 + (max(float3(iblEdge, iblEdge, iblEdge), iblF0) - iblF0) * (iblX * iblX * iblX * iblX * iblX);
    // Diffuse: the irradiance polynomial (backends.Environment.Irradiance).
    float3 iblIrr = irradiance[0].rgb + irradiance[1].rgb * n.y + irradiance[2].rgb * n.z + irradiance[3].rgb * n.x
        + irradiance[4].rgb * (n.x * n.y) + irradiance[5].rgb * (n.y * n.z) + irradiance[6].rgb * (3.0 * n.z * n.z - 1.0)
        + irradiance[7].rgb * (n.x * n.z) + irradiance[8].rgb * (n.x * n.x - n.y * n.y);
    float3 iblDiffuse = max(iblIrr, float3(0.0, 0.0, 0.0)) * albedo * (1.0 - iblFr) * (1.0 - iblMetal);
    // Specular: the mirror direction's point of the octahedral tiles, the
    // two nearest roughness steps blended, times F0 scaled and biased by
    // the BRDF table.
    float3 iblR = normalize(n * (2.0 * dot(n, iblEye)) - iblEye);
    float2 iblP = iblR.xz / (abs(iblR.x) + abs(iblR.y) + abs(iblR.z));
    float2 iblFold = (1.0 - abs(iblP.yx)) * float2((float)(iblP.x >= 0.0) * 2.0 - 1.0, (float)(iblP.y >= 0.0) * 2.0 - 1.0);
    float2 iblUV = lerp(iblP, iblFold, (float)(iblR.y < 0.0)) * 0.5 + 0.5;
    float2 iblT = clamp(iblUV * 32.0, 0.5, 31.5);
    float iblLv = clamp(iblRough, 0.0, 1.0) * 5.0;
    float iblL0 = floor(iblLv);
    float iblL1 = min(iblL0 + 1.0, 5.0);
    float3 iblS0 = sleakEnvironment.Sample(sleakEnvSampler, (float2(1024.0 + 32.0 * iblL0, 0.0) + iblT) / float2(1216.0, 1024.0)).rgb;
    float3 iblS1 = sleakEnvironment.Sample(sleakEnvSampler, (float2(1024.0 + 32.0 * iblL1, 0.0) + iblT) / float2(1216.0, 1024.0)).rgb;
    float3 iblSpec = lerp(iblS0 * iblS0, iblS1 * iblS1, iblLv - iblL0);
    float2 iblAB = sleakEnvironment.Sample(sleakEnvSampler, (float2(1024.0, 32.0) + clamp(float2(iblNdv, iblRough) * 32.0, 0.5, 31.5)) / float2(1216.0, 1024.0)).rg;
    iblLight = (iblDiffuse + iblSpec * (iblF0 * iblAB.x + iblAB.y)) * ibl.x;
}
