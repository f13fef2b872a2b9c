// The environment map as the sky, as sleakEnvSky in sleak_ibl.glsl reads
// it: include it inside a pixel shader, after sleak_sky.hlsli, with
// float3 skyDir (normalized) in scope; where a map lights the frame
// (ibl.y) it replaces sky, and an overlay map (ibl.z) is added to it, by
// weights rather than by an if.
{
    float2 envP = skyDir.xz / (abs(skyDir.x) + abs(skyDir.y) + abs(skyDir.z));
    float2 envFold = (1.0 - abs(envP.yx)) * float2((float)(envP.x >= 0.0) * 2.0 - 1.0, (float)(envP.y >= 0.0) * 2.0 - 1.0);
    float2 envUV = lerp(envP, envFold, (float)(skyDir.y < 0.0)) * 0.5 + 0.5;
    float3 envC = sleakEnvironment.Sample(sleakEnvSampler, clamp(envUV * 1024.0, 0.5, 1023.5) / float2(1216.0, 1024.0)).rgb;
    sky = lerp(sky, envC * envC * ibl.x, ibl.y) + envC * envC * ibl.z;
}
