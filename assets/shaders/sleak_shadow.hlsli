// The sun's shadow at worldPos, 3x3 PCF over the shadow map, as every
// engine, game and test pixel shader computes it. Include it inside a pixel
// shader with a float3 worldPos in scope; it declares float shadow, 1 where
// lit and 0 in full shadow. It is text to include rather than a function
// because Wine's HLSL compiler takes no calls to user functions (and
// wined3d runs no loops, so the taps are written out).
float shadow = 1.0;
if (lightDir.w >= 0.5) {
    float4 lc = mul(lightViewProj, float4(worldPos, 1.0));
    float3 ndc = lc.xyz / lc.w;
    float2 suv = SLEAK_SHADOW_UV(ndc);
    if (suv.x >= 0.0 && suv.x <= 1.0 && suv.y >= 0.0 && suv.y <= 1.0 && ndc.z <= 1.0) {
        float texel = fogParams.z;
        float ref = ndc.z - 0.0005;
        float lit = 0.0;
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(-texel, -texel)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(0.0, -texel)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(texel, -texel)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(-texel, 0.0)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(texel, 0.0)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(-texel, texel)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(0.0, texel)) >= ref);
        lit += (float)(shadowMap.Sample(shadowSampler, suv + float2(texel, texel)) >= ref);
        shadow = lit / 9.0;
    }
}
