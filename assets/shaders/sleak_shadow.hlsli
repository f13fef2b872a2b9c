// The sun's shadow at worldPos, filtered over the shadow map, as every
// engine, game and test pixel shader computes it. Include it inside a pixel
// shader with a float3 worldPos in scope; it declares float shadow, 1 where
// lit and 0 in full shadow. Defining SLEAK_SHADOW_WANTED as a weight that
// is 0 where the shadow cannot change the pixel skips the filter there.
// It is text to include rather than a function because Wine's HLSL
// compiler takes no calls to user functions (and wined3d runs no loops,
// so the taps are written out). Whether shadows are
// on (lightDir.w) is a weight, not the condition of an if: lavapipe, which
// runs Direct3D 12 here through vkd3d, recompiles at every bind a shader
// whose ifs test constant-buffer values alone (sleak_sun.glsl, its GLSL
// twin, says more).
float shadow = 1.0;
{
    // The first cascade that holds the point three texels in from its
    // tile's edge (sleak_sun.glsl's shadowFactor says why), chosen by
    // weights: no loops under wined3d.
    float shInner = 1.0 - 12.0 * fogParams.z;
    float4 shC0 = mul(cascades[0], float4(worldPos, 1.0));
    float4 shC1 = mul(cascades[1], float4(worldPos, 1.0));
    float4 shC2 = mul(cascades[2], float4(worldPos, 1.0));
    float4 shC3 = mul(cascades[3], float4(worldPos, 1.0));
    float3 shN0 = shC0.xyz / shC0.w;
    float3 shN1 = shC1.xyz / shC1.w;
    float3 shN2 = shC2.xyz / shC2.w;
    float3 shN3 = shC3.xyz / shC3.w;
    float shIn0 = (float)(max(abs(shN0.x), abs(shN0.y)) < shInner) * (float)(shN0.z <= 1.0);
    float shIn1 = (float)(max(abs(shN1.x), abs(shN1.y)) < shInner) * (float)(shN1.z <= 1.0) * (1.0 - shIn0);
    float shIn2 = (float)(max(abs(shN2.x), abs(shN2.y)) < shInner) * (float)(shN2.z <= 1.0) * (1.0 - shIn0) * (1.0 - shIn1);
    float shIn3 = (float)(max(abs(shN3.x), abs(shN3.y)) < shInner) * (float)(shN3.z <= 1.0) * (1.0 - shIn0) * (1.0 - shIn1) * (1.0 - shIn2);
    float3 ndc = shN0 * shIn0 + shN1 * shIn1 + shN2 * shIn2 + shN3 * shIn3;
    float2 suv = (SLEAK_SHADOW_UV(ndc) + float2(shIn1 + shIn3, shIn2 + shIn3)) * 0.5;
#ifdef SLEAK_SHADOW_WANTED
    // The includer's 0 where the sun cannot light the pixel whatever the
    // shadow (a surface turned away from it): the filter is skipped there.
    float shWanted = SLEAK_SHADOW_WANTED;
#else
    float shWanted = 1.0;
#endif
    if ((shIn0 + shIn1 + shIn2 + shIn3) * shWanted > 0.5) {
        // 4x4 texel compares weighted as a 3x3 box of bilinear taps
        // (sleak_sun.glsl's shadowFactor says why), read in four gathers
        // of 2x2 stored depths, one at a time so that few temporaries stay
        // live (the lighting pass already holds the punctual lights' and
        // the sky's; see docs/DIRECTX.md on temporaries under wined3d).
        // A gather returns x (i, j+1), y (i+1, j+1), z (i+1, j), w (i, j)
        // for its first texel (i, j); a texel's weight is the product of
        // its column's, (1 - f, 1, 1, f), and its row's. shF - floor(shF)
        // stands for frac, which Wine's compiler lacks.
        float texel = fogParams.z;
        float ref = ndc.z - 0.0005;
        float2 shF = suv / texel - 0.5;
        float2 shCell = floor(shF);
        shF = shF - shCell;
        float shGx = 1.0 - shF.x;
        float shGy = 1.0 - shF.y;
        float lit = dot(float4(shGx, 1.0, shGy, shGx * shGy), (float4)(shadowMap.Gather(shadowSampler, shCell * texel) >= ref));
        lit += dot(float4(1.0, shF.x, shF.x * shGy, shGy), (float4)(shadowMap.Gather(shadowSampler, (shCell + float2(2.0, 0.0)) * texel) >= ref));
        lit += dot(float4(shGx * shF.y, shF.y, 1.0, shGx), (float4)(shadowMap.Gather(shadowSampler, (shCell + float2(0.0, 2.0)) * texel) >= ref));
        lit += dot(float4(shF.y, shF.x * shF.y, shF.x, 1.0), (float4)(shadowMap.Gather(shadowSampler, (shCell + float2(2.0, 2.0)) * texel) >= ref));
        shadow = 1.0 + (lit / 9.0 - 1.0) * (float)(lightDir.w >= 0.5);
    }
}
