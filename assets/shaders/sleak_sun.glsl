// The sun as every engine and game fragment shader lights with it, for
// Vulkan GLSL and desktop GLSL: shadowFactor, the 3x3 PCF shadow, and
// applyFog, the distance fog. Include it after sleak.glsl or sleak_gl.glsl,
// with SHADOWMAP defined as the shadow map's sampler:
//
//     #define SHADOWMAP shadowMap
//     #include "sleak_sun.glsl"
//
// Whether shadows and fog are on is a weight here, never the condition of
// an if. lavapipe (Mesa 22.3) inlines the Frame values an if tests into a
// fresh compile of the shader each time its pipeline is bound, and keeps
// every compile: once the punctual lights made the lighting pass big
// enough for it to do so, each frame cost about 1.2 MB that was never
// freed and 3 ms of LLVM. A test of per-pixel values (the shadow map's
// bounds below) is fine. sleak_shadow.hlsli and sleak_fog.hlsli are the
// Direct3D twins.
#ifndef SLEAK_SUN_GLSL
#define SLEAK_SUN_GLSL

// shadowFactor is 1 where the sun reaches worldPos and 0 in full shadow;
// the pipeline's depth bias does most of the work.
float shadowFactor(vec3 worldPos) {
    vec4 lc = frame.lightViewProj * vec4(worldPos, 1.0);
    vec3 ndc = lc.xyz / lc.w;
    vec2 uv = sleakShadowUV(ndc);
    if (uv.x < 0.0 || uv.x > 1.0 || uv.y < 0.0 || uv.y > 1.0 || ndc.z > 1.0) {
        return 1.0;
    }
    float texel = frame.fogParams.z;
    float lit = 0.0;
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            float d = texture(SHADOWMAP, uv + vec2(x, y) * texel).r;
            lit += step(ndc.z - 0.0005, d);
        }
    }
    // lightDir.w is 1 when shadows are on.
    return mix(1.0, lit / 9.0, step(0.5, frame.lightDir.w));
}

// applyFog blends color towards the fog colour with the distance from the
// camera; a fog end of 0 or less turns fog off.
vec3 applyFog(vec3 color, vec3 worldPos) {
    float start = frame.fogParams.x;
    float end = frame.fogParams.y;
    float dist = length(worldPos - frame.cameraPos.xyz);
    float f = clamp((dist - start) / max(end - start, 0.001), 0.0, 1.0);
    return mix(color, frame.fogColor.rgb, f * (1.0 - step(end, 0.0)));
}

#endif
