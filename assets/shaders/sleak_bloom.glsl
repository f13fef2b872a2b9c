// Bloom, shared by the Vulkan and OpenGL variants of the bloom, bloom_blur
// and composite stems; sleak_bloom.hlsli is the same math for Direct3D.
// Include it after sleak.glsl or sleak_gl.glsl.
//
// The bloom stem reduces the HDR image to a quarter of its size (each side
// rounded up), each texel the mean of a 4x4 block, exposed, keeping only
// the light above the threshold (frame.effects.z) in the proportion by
// which its luminance exceeds it. bloom_blur blurs that with a 7x7 binomial
// kernel; the composite reads it back bilinearly and adds the strength
// (frame.effects.w) times it before tonemapping. Blocks count rows from the
// top of the image on every backend.
#ifndef SLEAK_BLOOM_GLSL
#define SLEAK_BLOOM_GLSL

// sleakBright is the bloom stem's texel q of the reduced image.
vec3 sleakBright(sampler2D hdr, ivec2 q) {
    ivec2 isize = textureSize(hdr, 0);
    int reducedH = (isize.y + 3) / 4;
    q.y = SLEAK_Y_DOWN > 0.0 ? q.y : reducedH - 1 - q.y; // counted from the top
    vec3 sum = vec3(0.0);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            ivec2 top = q * 4 + ivec2(x, y); // counted from the top
            ivec2 p = clamp(ivec2(top.x, SLEAK_Y_DOWN > 0.0 ? top.y : isize.y - 1 - top.y), ivec2(0), isize - 1);
            sum += texelFetch(hdr, p, 0).rgb;
        }
    }
    vec3 c = sum / 16.0 * frame.ambient.w;
    float lum = dot(c, vec3(0.2126, 0.7152, 0.0722));
    return c * (max(lum - frame.effects.z, 0.0) / max(lum, 1e-4));
}

// sleakBloomBlur is bloom_blur's texel q: the binomial weights 1 6 15 20
// 15 6 1 (over 64) along each axis.
// sleakBloomBlur is the 7x7 binomial blur (1 6 15 20 15 6 1 each way) of
// the reduced light around q, read through the linear, clamped sampler
// bright is bound with: along each axis the taps pair up as (-3, -2),
// (-1, 0) and (1, 2), with 3 alone, and a read between a pair's centres,
// placed by its weights, sums both, so 16 reads do the 49 taps' work.
vec3 sleakBloomBlur(sampler2D bright, ivec2 q) {
    const float at[4] = float[](-3.0 + 6.0 / 7.0, -1.0 + 20.0 / 35.0, 1.0 + 6.0 / 21.0, 3.0);
    const float w[4] = float[](7.0, 35.0, 21.0, 1.0);
    vec2 inv = 1.0 / vec2(textureSize(bright, 0));
    vec2 c = vec2(q) + 0.5;
    vec3 sum = vec3(0.0);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            sum += texture(bright, (c + vec2(at[x], at[y])) * inv).rgb * (w[x] * w[y]);
        }
    }
    return sum / 4096.0;
}

// sleakBloomAt is the blurred bloom under pixel p of a full-size target of
// height h, interpolated bilinearly between the reduced texels' centres:
// bloom is bound with a linear, clamped sampler, so one read does it.
// Reduced texels count rows from the top, so a bottom-up target reads
// its rows mirrored.
vec3 sleakBloomAt(sampler2D bloom, ivec2 p, int h) {
    vec2 isize = vec2(textureSize(bloom, 0));
    int top = SLEAK_Y_DOWN > 0.0 ? p.y : h - 1 - p.y;
    vec2 t = (vec2(p.x, top) + 0.5) / 4.0;
    t.y = SLEAK_Y_DOWN > 0.0 ? t.y : isize.y - t.y;
    return texture(bloom, t / isize).rgb;
}

#endif
