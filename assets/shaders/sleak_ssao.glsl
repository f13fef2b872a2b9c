// Screen-space ambient occlusion, shared by the Vulkan and OpenGL variants
// of the ssao and ssao_blur stems; sleak_ssao.hlsli is the same math for
// Direct3D. Include it after sleak.glsl or sleak_gl.glsl.
//
// The pass runs at half the resolution (backends.SSAOSize): a texel of its
// targets stands for the 2x2 block of pixels whose top-left it is.
// Six points in the hemisphere above that pixel's surface, within the
// radius (frame.effects.x), are projected into the depth buffer; a point
// that lies behind the surface seen at its pixel (taken on the point's own
// ray from the eye) is hidden, counted in full
// when that surface is within the radius of the pixel's and less the
// farther it is, so a wall far in front of a floor does not darken it. The
// hemisphere turns from pixel to pixel over a 4x4 tile (a quarter turn
// per column, a sixteenth per row), which ssao_blur's 4x4 box averages
// away. Tiles and the box count rows from the top of the image on every
// backend, so all of them make the same pattern.
#ifndef SLEAK_SSAO_GLSL
#define SLEAK_SSAO_GLSL

#include "sleak_gbuffer.glsl"

const vec3 sleakSSAOKernel[6] = vec3[](
    vec3(-0.0841, 0.0771, 0.2355), vec3(0.1226, 0.1599, 0.2406), vec3(0.2661, -0.1693, 0.2581),
    vec3(-0.2167, -0.4173, 0.2715), vec3(-0.6192, 0.2556, 0.2640), vec3(0.2732, 0.8710, 0.2191));

// sleakTopRow is a pixel's row counted from the top of a target of height h.
int sleakTopRow(int y, int h) {
    return SLEAK_Y_DOWN > 0.0 ? y : h - 1 - y;
}

// sleakFullPixel is the full-size pixel that texel q of the half-size
// SSAO targets stands for: the top-left of its 2x2 block.
ivec2 sleakFullPixel(ivec2 q, ivec2 fullSize) {
    int top = sleakTopRow(q.y, (fullSize.y + 1) / 2) * 2;
    return clamp(ivec2(q.x * 2, sleakTopRow(top, fullSize.y)), ivec2(0), fullSize - 1);
}

// sleakHalfTexel is the texel of the half-size SSAO targets whose block
// holds full-size pixel p.
ivec2 sleakHalfTexel(ivec2 p, ivec2 fullSize) {
    int halfH = (fullSize.y + 1) / 2;
    return ivec2(p.x / 2, sleakTopRow(sleakTopRow(p.y, fullSize.y) / 2, halfH));
}

// sleakWorldAt is the world position of the depth-buffer texel p.
vec3 sleakWorldAt(ivec2 p, float depth, vec2 size) {
    vec4 w = frame.invViewProj * vec4(sleakScreenNDC(vec2(p) + 0.5, size), depth, 1.0);
    return w.xyz / w.w;
}

// sleakOcclusion is 1 minus the strength (frame.effects.y) times the share
// of the hemisphere hidden at the pixel half-size texel q stands for: 1
// where nothing hides the sky and for empty pixels.
float sleakOcclusion(sampler2D gNormal, sampler2D gDepth, ivec2 q) {
    ivec2 isize = textureSize(gDepth, 0);
    ivec2 p = sleakFullPixel(q, isize);
    float depth = texelFetch(gDepth, p, 0).r;
    if (depth >= 1.0) {
        return 1.0;
    }
    vec2 size = vec2(isize);
    vec3 pos = sleakWorldAt(p, depth, size);
    vec3 n = normalize(sleakGBufferNormalOf(texelFetch(gNormal, p, 0)));
    // A tangent frame around n, turned by the pixel's place in its tile.
    vec3 helper = mix(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), clamp((0.99 - abs(n.y)) * 1e4, 0.0, 1.0));
    vec3 t0 = normalize(cross(n, helper));
    vec3 b0 = cross(n, t0);
    float angle = float(q.x & 3) * 1.5707963 + float(sleakTopRow(q.y, (isize.y + 1) / 2) & 3) * 0.39269908;
    vec3 t = t0 * cos(angle) + b0 * sin(angle);
    vec3 b = cross(n, t);
    float radius = frame.effects.x;
    vec3 eye = frame.cameraPos.xyz;
    // The clip w of a depth-buffer texel, from invViewProj's last row: a
    // point's clip w grows in proportion along any ray from the eye, so
    // the surface seen where a sample projects lies on the sample's ray at
    // the ratio of the two w's, without a whole unprojection.
    mat4 inv = frame.invViewProj;
    vec4 wRow = vec4(inv[0][3], inv[1][3], inv[2][3], inv[3][3]);
    float hidden = 0.0;
    for (int i = 0; i < 6; i++) {
        vec3 k = sleakSSAOKernel[i];
        vec3 s = pos + (t * k.x + b * k.y + n * k.z) * radius;
        vec4 c = frame.viewProj * vec4(s, 1.0);
        vec2 ndc = c.xy / c.w;
        vec2 fc = vec2((ndc.x * 0.5 + 0.5) * size.x, (0.5 - 0.5 * SLEAK_Y_DOWN * ndc.y) * size.y);
        ivec2 q = clamp(ivec2(floor(fc)), ivec2(0), isize - 1);
        float seenW = 1.0 / dot(wRow, vec4(sleakScreenNDC(vec2(q) + 0.5, size), texelFetch(gDepth, q, 0).r, 1.0));
        float ratio = seenW / c.w;
        vec3 toS = s - eye;
        float reach = length(toS);
        float behind = clamp((reach * (1.0 - ratio) - 0.03 * radius) * 1000.0, 0.0, 1.0);
        hidden += behind * clamp(radius / max(length(eye + toS * ratio - pos), 1e-4), 0.0, 1.0);
    }
    return 1.0 - frame.effects.y * hidden / 6.0;
}

// sleakOcclusionBlur is the mean of the 4x4 box of raw occlusion around
// half-size texel p that covers one whole tile: columns p.x-2 to p.x+1 and
// the rows as many from the top. raw is bound with a linear, clamped
// sampler: each read between the centres of a 2x2 block of the box is
// that block's mean (clamped at the edges as the texels are).
float sleakOcclusionBlur(sampler2D raw, ivec2 p) {
    vec2 inv = 1.0 / vec2(textureSize(raw, 0));
    // Top-down the box's rows are p.y-2 to p.y+1, so its blocks' centres
    // lie at p.y-1 and p.y+1; bottom-up they are p.y-1 to p.y+2, and the
    // centres one further.
    vec2 c = vec2(p) + vec2(0.0, SLEAK_Y_DOWN > 0.0 ? 0.0 : 1.0);
    float sum = texture(raw, (c + vec2(-1.0, -1.0)) * inv).r;
    sum += texture(raw, (c + vec2(1.0, -1.0)) * inv).r;
    sum += texture(raw, (c + vec2(-1.0, 1.0)) * inv).r;
    sum += texture(raw, (c + vec2(1.0, 1.0)) * inv).r;
    return sum * 0.25;
}

#endif
