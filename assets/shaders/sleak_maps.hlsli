// Normal maps for HLSL: sleak_maps.glsl's sleakMappedNormal written out in
// place, since Wine's HLSL compiler takes no calls to user functions.
// Include it inside a pixel shader with these set:
//
//     float3 smNormal = normal;     // the interpolated world-space normal
//     float4 smTangent = tangent;   // world-space tangent, w the bitangent's sign; 0 where the mesh has none
//     float3 smPos = worldPos;      // the surface, in world space
//     float2 smUV = uv;
//     float3 smTexel = normalMap.Sample(s, uv).xyz;
//     float smStrength = surface.w; // 0: the normal unchanged
//     float3 smOut;
//     #include "sleak_maps.hlsli"
//
// smOut is then the unit world-space normal (see sleak_maps.glsl).
{
    float3 smN = normalize(smNormal);
    float3 smM = smTexel * 2.0 - 1.0;
    smM.xy *= smStrength;
    float3 smDp1 = ddx(smPos);
    float3 smDp2 = ddy(smPos);
    float2 smDu1 = ddx(smUV);
    float2 smDu2 = ddy(smUV);
    float smDet = smDu1.x * smDu2.y - smDu2.x * smDu1.y;
    float smSide = smDet * rsqrt(smDet * smDet + 1e-30);
    float3 smDt = (smDp1 * smDu2.y - smDp2 * smDu1.y) * smSide;
    float3 smDb = (smDp2 * smDu1.x - smDp1 * smDu2.x) * smSide;
    smDt -= smN * dot(smN, smDt);
    smDb -= smN * dot(smN, smDb);
    smDt *= rsqrt(max(dot(smDt, smDt), 1e-24));
    smDb *= -rsqrt(max(dot(smDb, smDb), 1e-24));
    float3 smVt = smTangent.xyz - smN * dot(smN, smTangent.xyz);
    float smLen2 = dot(smVt, smVt);
    float smHas = saturate(smLen2 * 1e4);
    smVt *= rsqrt(max(smLen2, 1e-24));
    float3 smVb = cross(smN, smVt) * smTangent.w;
    float3 smT = lerp(smDt, smVt, smHas);
    float3 smB = lerp(smDb, smVb, smHas);
    smOut = normalize(smT * smM.x + smB * smM.y + smN * smM.z);
}
