// The temporal antialiasing pass, shared by the Vulkan and OpenGL variants
// of the taa stem; taa.hlsl is the same math for Direct3D. Include it after
// sleak.glsl or sleak_gl.glsl.
//
// The core moves the view by a different fraction of a pixel each frame
// (frame.taa.yz). This pass blends each pixel of the composited image with
// the history, its own result of the frame before, read where the pixel's
// point was then: its depth taken back through frame.reproject. The
// history's colour is first held to the range of colours around the pixel
// now, so that what moved, or what the history never saw, is not smeared
// across the new picture. A history that falls outside the image, or none
// at all (frame.taa.x 0: the first frame, after a resize), leaves the
// pixel as it is.
#ifndef SLEAK_TAA_GLSL
#define SLEAK_TAA_GLSL

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
    vec3 h = clamp(texture(history, uv).rgb, lo, hi);
    return mix(c, h, frame.taa.x * seen);
}

#endif
