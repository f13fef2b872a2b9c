// The environment map as the sky, as sleakEnvSky in sleak_ibl.glsl reads
// it: include it inside a pixel shader, after sleak_sky.hlsli, with
// float3 skyDir (normalized) in scope; where the frame has a map (ibl.y)
// it replaces sky, by weight rather than by an if.
{
    float2 envP = skyDir.xz / (abs(skyDir.x) + abs(skyDir.y) + abs(skyDir.z));
    float2 envFold = (1.0 - abs(envP.yx)) * float2((float)(envP.x >= 0.0) * 2.0 - 1.0, (float)(envP.y >= 0.0) * 2.0 - 1.0);
    float2 envUV = lerp(envP, envFold, (float)(skyDir.y < 0.0)) * 0.5 + 0.5;
    float3 envC = sleakEnvironment.Sample(sleakEnvSampler, clamp(envUV * 256.0, 0.5, 255.5) / float2(448.0, 256.0)).rgb;
    sky = lerp(sky, envC * envC * ibl.x, ibl.y);
}
