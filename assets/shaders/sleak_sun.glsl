// The sun and the sky as every engine and game fragment shader lights and
// draws them, for Vulkan GLSL and desktop GLSL: shadowFactor, the filtered
// shadow; applyFog, the distance fog; and sleakSky, the sky with the
// light's disc. Include it after sleak.glsl or sleak_gl.glsl,
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
// the pipeline's depth bias does most of the work. The point takes the
// first cascade that holds it three texels in from its tile's edge, so the
// filter below never reads a neighbouring tile; beyond the last it is lit.
float shadowFactor(vec3 worldPos) {
    float inner = 1.0 - 12.0 * frame.fogParams.z; // 3 texels of a tile, in its NDC
    int cascade = 4;
    vec3 ndc = vec3(0.0);
    for (int i = 0; i < 4; i++) {
        vec4 lc = frame.cascades[i] * vec4(worldPos, 1.0);
        vec3 n = lc.xyz / lc.w;
        if (max(abs(n.x), abs(n.y)) < inner && n.z <= 1.0) {
            cascade = i;
            ndc = n;
            break;
        }
    }
    if (cascade == 4) {
        return 1.0;
    }
    vec2 uv = (sleakShadowUV(ndc) + vec2(float(cascade & 1), float(cascade >> 1))) * 0.5;
    // A 3x3 box of bilinearly weighted compares: the 4x4 texels around the
    // sample, each compared with the reference depth once and weighted by
    // how much of it the box of bilinear taps covers, so the lit fraction
    // slides with the sample's position inside a texel instead of stepping
    // from one texel to the next. Four gathers read the 4x4 texels, a
    // quarter of the reads of one fetch per texel: a gather at the corner
    // between texels returns the four stored depths around it, never
    // blends of them, in the order x (i, j+1), y (i+1, j+1), z (i+1, j),
    // w (i, j) for the block's first texel (i, j). A texel's weight is
    // the product of its column's and its row's.
    float texel = frame.fogParams.z;
    float ref = ndc.z - 0.0005;
    vec2 p = uv / texel - 0.5;
    vec2 cell = floor(p);
    vec2 f = p - cell;
    vec4 wx = vec4(1.0 - f.x, 1.0, 1.0, f.x);
    vec4 wy = vec4(1.0 - f.y, 1.0, 1.0, f.y);
    float lit = 0.0;
    for (int by = 0; by < 2; by++) {
        for (int bx = 0; bx < 2; bx++) {
            vec4 d = textureGather(SHADOWMAP, (cell + vec2(2 * bx, 2 * by)) * texel, 0);
            vec2 cx = bx == 0 ? wx.xy : wx.zw;
            vec2 cy = by == 0 ? wy.xy : wy.zw;
            lit += dot(vec4(cx.x * cy.y, cx.y * cy.y, cx.y * cy.x, cx.x * cy.x), step(vec4(ref), d));
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

// sleakSky is the sky seen along dir (normalized, world space): the fog
// colour at and below the horizon blending into skyColor straight up, and,
// when skyColor.w is set, the light's disc where the light comes from with
// a faint glow around it. The Direct3D shaders compute the same in
// sleak_sky.hlsli, with the same arithmetic (no pow or smoothstep, which
// Wine's compiler lacks). Whether the disc is drawn is a weight, not an if
// on a Frame value (see above).
vec3 sleakSky(vec3 dir) {
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 c = mix(frame.fogColor.rgb, frame.skyColor.rgb, up * (2.0 - up));
    float edge = frame.skyColor.w;
    float cs = max(dot(dir, -frame.lightDir.xyz), 0.0);
    float t = clamp((cs - edge) / max((1.0 - edge) * 0.25, 1e-6), 0.0, 1.0);
    float g = cs * cs;
    g *= g;
    g *= g;
    g *= g;
    g *= g; // cs^32
    return c + frame.lightColor.rgb * ((t * t * (3.0 - 2.0 * t) + 0.15 * g) * step(1e-6, edge));
}

#endif
