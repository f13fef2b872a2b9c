// Distance fog, as every engine and game pixel shader applies it: include it
// inside a pixel shader with float3 shaded (the lit colour) and float3
// worldPos in scope; it blends shaded towards the fog colour. A fog end
// (fogParams.y) of 0 or less turns fog off, by weight rather than by an if
// on it (sleak_shadow.hlsli says why). The GLSL twin is applyFog in
// sleak_sun.glsl.
{
    float fogDist = length(worldPos - cameraPos.xyz);
    float fogF = clamp((fogDist - fogParams.x) / max(fogParams.y - fogParams.x, 0.001), 0.0, 1.0);
    shaded = shaded + (fogColor.rgb - shaded) * (fogF * (float)(fogParams.y > 0.0));
}
