// The sky seen along skyDir (a normalized world-space float3 in scope), as
// sleakSky in sleak.glsl computes it: the fog colour at and below the
// horizon blending into skyColor straight up, and, when skyColor.w is set,
// the light's disc where the light comes from with a faint glow around it.
// It declares float3 sky. Text to include rather than a function, and plain
// arithmetic rather than pow or smoothstep, because Wine's HLSL compiler
// takes neither calls to user functions nor every intrinsic. Whether the
// disc is drawn is a weight, not an if on a Frame value
// (sleak_shadow.hlsli says why).
float3 sky = fogColor.rgb;
{
    float skyUp = clamp(skyDir.y, 0.0, 1.0);
    float skyCos = max(dot(skyDir, -lightDir.xyz), 0.0);
    float skyT = clamp((skyCos - skyColor.w) / max((1.0 - skyColor.w) * 0.25, 0.000001), 0.0, 1.0);
    float skyGlow = skyCos * skyCos;
    skyGlow = skyGlow * skyGlow;
    skyGlow = skyGlow * skyGlow;
    skyGlow = skyGlow * skyGlow;
    skyGlow = skyGlow * skyGlow;
    sky = sky + (skyColor.rgb - fogColor.rgb) * (skyUp * (2.0 - skyUp));
    sky = sky + lightColor.rgb * ((skyT * skyT * (3.0 - 2.0 * skyT) + 0.15 * skyGlow) * (float)(skyColor.w > 0.0));
}
