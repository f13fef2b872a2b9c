// The antialias pass, shared by the Vulkan and OpenGL variants of the
// antialias stem; antialias.hlsl is the same math for Direct3D. Include it
// after sleak.glsl or sleak_gl.glsl.
//
// Fast approximate antialiasing of the composited (display) colours: the
// luma of the four diagonal neighbours gives the direction along an edge;
// the pixel becomes the mean of colours read along it (bilinearly, between
// texel centres), two near and two far, unless the far ones bring in a
// luma outside what the neighbourhood holds, when only the near ones are
// kept. Flat areas are left as they are. The algorithm is the same turned
// upside down, so backends whose rows run the other way agree.
#ifndef SLEAK_ANTIALIAS_GLSL
#define SLEAK_ANTIALIAS_GLSL

float sleakLuma(vec3 c) {
    return dot(c, vec3(0.299, 0.587, 0.114));
}

// sleakBilinear reads img at at, in texels (centres at .5), clamped: img
// is bound with a linear, clamped sampler, so one read does it.
vec3 sleakBilinear(sampler2D img, vec2 at, ivec2 last) {
    return texture(img, at / vec2(last + 1)).rgb;
}

vec3 sleakAntialias(sampler2D img, ivec2 p) {
    ivec2 last = textureSize(img, 0) - 1;
    vec3 m = texelFetch(img, p, 0).rgb;
    float lM = sleakLuma(m);
    float lNW = sleakLuma(texelFetch(img, clamp(p + ivec2(-1, -1), ivec2(0), last), 0).rgb);
    float lNE = sleakLuma(texelFetch(img, clamp(p + ivec2(1, -1), ivec2(0), last), 0).rgb);
    float lSW = sleakLuma(texelFetch(img, clamp(p + ivec2(-1, 1), ivec2(0), last), 0).rgb);
    float lSE = sleakLuma(texelFetch(img, clamp(p + ivec2(1, 1), ivec2(0), last), 0).rgb);
    float lMin = min(lM, min(min(lNW, lNE), min(lSW, lSE)));
    float lMax = max(lM, max(max(lNW, lNE), max(lSW, lSE)));
    vec2 dir = vec2(-((lNW + lNE) - (lSW + lSE)), (lNW + lSW) - (lNE + lSE));
    float reduce = max((lNW + lNE + lSW + lSE) * (0.25 / 8.0), 1.0 / 128.0);
    dir = clamp(dir / (min(abs(dir.x), abs(dir.y)) + reduce), vec2(-8.0), vec2(8.0));
    vec2 c = vec2(p) + 0.5;
    vec3 near = 0.5 * (sleakBilinear(img, c - dir * (1.0 / 6.0), last) + sleakBilinear(img, c + dir * (1.0 / 6.0), last));
    vec3 far = near * 0.5 + 0.25 * (sleakBilinear(img, c - dir * 0.5, last) + sleakBilinear(img, c + dir * 0.5, last));
    float lFar = sleakLuma(far);
    return (lFar < lMin || lFar > lMax) ? near : far;
}

#endif
