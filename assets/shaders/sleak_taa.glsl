// The temporal antialiasing pass, shared by the Vulkan and OpenGL variants
// of the taa stem; taa.hlsl is the same math for Direct3D. Include it after
// sleak.glsl or sleak_gl.glsl.
//
// The core moves the view by a different fraction of a pixel each frame
// (frame.taa.yz). This pass blends each pixel of the composited image with
// the history, its own result of the frame before, read where the pixel's
// point was then: its depth taken back through frame.reproject. The
// history (read through a Catmull-Rom filter) is first held to the range of colours around the pixel
// now, so that what moved, or what the history never saw, is not smeared
// across the new picture. A history that falls outside the image, or none
// at all (frame.taa.x 0: the first frame, after a resize), leaves the
// pixel as it is.
#ifndef SLEAK_TAA_GLSL
#define SLEAK_TAA_GLSL

// sleakHistoryAt reads the history at uv through a Catmull-Rom filter:
// a bilinear read each frame would soften a moving picture a little more
// every frame, the cubic keeps its edges. Five bilinear reads (the four
// corner taps' weights are small enough to leave out), normalised by
// their weights; at a texel's centre it is that texel.
vec3 sleakHistoryAt(sampler2D history, vec2 uv) {
    vec2 size = vec2(textureSize(history, 0));
    vec2 pos = uv * size;
    vec2 c1 = floor(pos - 0.5) + 0.5;
    vec2 f = pos - c1;
    vec2 w0 = f * (-0.5 + f * (1.0 - 0.5 * f));
    vec2 w1 = 1.0 + f * f * (-2.5 + 1.5 * f);
    vec2 w2 = f * (0.5 + f * (2.0 - 1.5 * f));
    vec2 w3 = f * f * (-0.5 + 0.5 * f);
    vec2 w12 = w1 + w2;
    vec2 t0 = (c1 - 1.0) / size;
    vec2 t12 = (c1 + w2 / w12) / size;
    vec2 t3 = (c1 + 2.0) / size;
    vec3 sum = texture(history, vec2(t12.x, t0.y)).rgb * (w12.x * w0.y)
        + texture(history, vec2(t0.x, t12.y)).rgb * (w0.x * w12.y)
        + texture(history, t12).rgb * (w12.x * w12.y)
        + texture(history, vec2(t3.x, t12.y)).rgb * (w3.x * w12.y)
        + texture(history, vec2(t12.x, t3.y)).rgb * (w12.x * w3.y);
    float weight = w12.x * w0.y + w0.x * w12.y + w12.x * w12.y + w3.x * w12.y + w12.x * w3.y;
    return sum / weight;
}

vec3 sleakTAA(sampler2D img, sampler2D history, sampler2D depth, vec2 fragCoord) {
    ivec2 p = ivec2(fragCoord);
    ivec2 last = textureSize(img, 0) - 1;
    vec3 c = texelFetch(img, p, 0).rgb;
    vec3 lo = c;
    vec3 hi = c;
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            vec3 n = texelFetch(img, clamp(p + ivec2(x, y), ivec2(0), last), 0).rgb;
            lo = min(lo, n);
            hi = max(hi, n);
        }
    }
    vec4 was = frame.reproject * vec4(sleakScreenNDC(fragCoord, vec2(last + 1)), texelFetch(depth, p, 0).r, 1.0);
    vec2 ndc = was.xy / max(was.w, 1e-6);
    vec2 uv = vec2(0.5 + 0.5 * ndc.x, 0.5 - 0.5 * SLEAK_Y_DOWN * ndc.y); // sleakScreenNDC undone
    float seen = step(1e-6, was.w) * step(0.0, min(uv.x, uv.y)) * step(max(uv.x, uv.y), 1.0);
    vec3 h = clamp(sleakHistoryAt(history, uv), lo, hi);
    return mix(c, h, frame.taa.x * seen);
}

#endif
