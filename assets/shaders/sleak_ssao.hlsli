// Screen-space ambient occlusion for Direct3D: the math of sleak_ssao.glsl
// (read it for what it does), written out in place because Wine's HLSL
// compiler takes no calls to user functions and wined3d runs no loops.
// ssao.hlsl includes it with int2 q (the texel of the half-size targets),
// int2 p (the full-size pixel it stands for), gNormal, gDepth and
// targetSize in scope; it leaves float ao.
float ao = 1.0;
{
    float aoDepth = gDepth.Load(int3(p, 0));
    float3 aoPos = float3(0.0, 0.0, 0.0);
    {
        float4 w = mul(invViewProj, float4((p.x + 0.5) * targetSize.z * 2.0 - 1.0, 1.0 - (p.y + 0.5) * targetSize.w * 2.0, aoDepth, 1.0));
        aoPos = w.xyz / w.w;
    }
    float3 n = normalize(SLEAK_GBUFFER_NORMAL_OF(gNormal.Load(int3(p, 0))));
    float3 helper = lerp(float3(1.0, 0.0, 0.0), float3(0.0, 1.0, 0.0), saturate((0.99 - abs(n.y)) * 1e4));
    float3 t0 = normalize(cross(n, helper));
    float3 b0 = cross(n, t0);
    // A quarter turn per column and a sixteenth per row of the 4x4 tile,
    // as cosines and sines picked by weights (no trigonometry under Wine).
    float tx = q.x - 4.0 * floor(q.x / 4.0);
    float ty = q.y - 4.0 * floor(q.y / 4.0);
    float c1 = max(1.0 - tx, 0.0) - max(1.0 - abs(tx - 2.0), 0.0);
    float s1 = max(1.0 - abs(tx - 1.0), 0.0) - max(1.0 - abs(tx - 3.0), 0.0);
    float4 wy = max(1.0 - abs(ty - float4(0.0, 1.0, 2.0, 3.0)), 0.0);
    float c2 = dot(wy, float4(1.0, 0.9238795, 0.7071068, 0.3826834));
    float s2 = dot(wy, float4(0.0, 0.3826834, 0.7071068, 0.9238795));
    float3 t = t0 * (c1 * c2 - s1 * s2) + b0 * (s1 * c2 + c1 * s2);
    float3 b = cross(n, t);
    float radius = effects.x;
    float3 eye = cameraPos.xyz;
    float hidden = 0.0;
    int2 last = int2(targetSize.xy) - 1;
    // invViewProj's last row: a texel's clip w (see sleak_ssao.glsl).
    float4 wRow = float4(invViewProj[3][0], invViewProj[3][1], invViewProj[3][2], invViewProj[3][3]);
// Distances are lengths of differences: Wine's compiler has no distance().
#define SLEAK_SSAO_TAP(kx, ky, kz) \
    { \
        float3 s = aoPos + (t * kx + b * ky + n * kz) * radius; \
        float4 c = mul(viewProj, float4(s, 1.0)); \
        float2 ndc = c.xy / c.w; \
        float2 fc = float2((ndc.x * 0.5 + 0.5) * targetSize.x, (0.5 - 0.5 * ndc.y) * targetSize.y); \
        int2 q = clamp(int2(floor(fc)), int2(0, 0), last); \
        float seenW = 1.0 / dot(wRow, float4((q.x + 0.5) * targetSize.z * 2.0 - 1.0, 1.0 - (q.y + 0.5) * targetSize.w * 2.0, gDepth.Load(int3(q, 0)), 1.0)); \
        float ratio = seenW / c.w; \
        float3 toS = s - eye; \
        float reach = length(toS); \
        float behind = saturate((reach * (1.0 - ratio) - 0.03 * radius) * 1000.0); \
        hidden += behind * saturate(radius / max(length(eye + toS * ratio - aoPos), 1e-4)); \
    }
    SLEAK_SSAO_TAP(-0.0841, 0.0771, 0.2355)
    SLEAK_SSAO_TAP(0.1226, 0.1599, 0.2406)
    SLEAK_SSAO_TAP(0.2661, -0.1693, 0.2581)
    SLEAK_SSAO_TAP(-0.2167, -0.4173, 0.2715)
    SLEAK_SSAO_TAP(-0.6192, 0.2556, 0.2640)
    SLEAK_SSAO_TAP(0.2732, 0.8710, 0.2191)
#undef SLEAK_SSAO_TAP
    // Empty pixels (depth 1) are not occluded, by weight.
    ao = 1.0 - effects.y * hidden / 6.0 * (float)(aoDepth < 1.0);
}
