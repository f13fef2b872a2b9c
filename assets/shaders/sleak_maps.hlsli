// Normal maps for HLSL: sleak_maps.glsl's sleakMappedNormal written out in
// place, since Wine's HLSL compiler takes no calls to user functions.
// Include it inside a pixel shader with these set:
//
//     float3 smNormal = normal;     // the interpolated world-space normal
//     float4 smTangent = tangent;   // world-space tangent, w the bitangent's sign
//     float3 smTexel = normalMap.Sample(s, uv).xyz;
//     float smStrength = surface.w; // 0: the normal unchanged
//     float3 smOut;
//     #include "sleak_maps.hlsli"
//
// smOut is then the unit world-space normal (see sleak_maps.glsl).
{
    float3 smN = normalize(smNormal);
    float3 smT = smTangent.xyz - smN * dot(smN, smTangent.xyz);
    float smLen2 = dot(smT, smT);
    float smHas = saturate(smLen2 * 1e4);
    // Wine's compiler has no sqrt or rsqrt: normalize, kept off zero by a
    // trace of the normal (a zero tangent then reads the map flat).
    smT = normalize(smT + smN * 1e-6);
    float3 smB = cross(smN, smT) * smTangent.w;
    float3 smM = smTexel * 2.0 - 1.0;
    smM.xy *= smStrength * smHas;
    smM.z = lerp(1.0, smM.z, smHas);
    smOut = normalize(smT * smM.x + smB * smM.y + smN * smM.z);
}
