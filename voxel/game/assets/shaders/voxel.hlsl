// Chunks drawn forward (main stem): lit like the engine's default shader,
// with the vertex's ambient occlusion, and cut-out texels (leaves) dropped.
// Same math as voxel.vert/.frag.
#include "sleak.hlsli"

Texture2D atlas : register(t0);
SamplerState atlasSampler : register(s0);
Texture2D<float> shadowMap : register(t1);
SamplerState shadowSampler : register(s1);

// The packed chunk vertex (voxel/mesh.Vertex: see its documentation for the
// bit layout), read as two R32_UINT attributes.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
};

struct VSOutput {
    float4 position : SV_Position;
    float3 worldPos : TEXCOORD0;
    float3 normal   : NORMAL;
    float ao        : TEXCOORD1;
    float2 uv       : TEXCOORD2; // in tiles: the tile repeats across a greedy quad
    nointerpolation float4 tile : TEXCOORD3;
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    // The decoding of voxel.vert written out in place: Wine's HLSL compiler
    // takes neither calls to user functions, nor the ternary operator, nor
    // the u suffix on literals, so selections are comparisons turned into 0
    // or 1. Every field is read straight from the input and made a float at
    // once: with Wine 8.0's compiler a uint local read again after later
    // arithmetic held the bits of a float (see docs/DIRECTX.md).
    float3 p = float3((float)(input.data0 & 63), (float)((input.data0 >> 6) & 511), (float)((input.data0 >> 15) & 63));
    float lowered = (float)((input.data1 >> 27) & 1); // top of a water surface
    // Normal index 0..5 = +X, -X, +Y, -Y, +Z, -Z: bit 0 the sign, bits 1-2
    // the axis.
    float s = 1.0 - 2.0 * (float)(input.data1 & 1);
    float axis = (float)((input.data1 >> 1) & 3);
    // Ambient occlusion level 0..3.
    float aoLevel = (float)((input.data1 >> 3) & 3);
    // The atlas tile t = bits 5-14, at column t % 16 (bits 5-8) and row
    // t / 16 (bits 9-14) of the 16 x 16 grid.
    float tileX = (float)((input.data1 >> 5) & 15);
    float tileY = (float)((input.data1 >> 9) & 63);
    float2 uv = float2((float)((input.data1 >> 15) & 63), (float)((input.data1 >> 21) & 63));
    p.y -= 0.125 * lowered;
    float4 world = mul(model, float4(p, 1.0));
    float3 normal = float3((float)(axis == 0.0) * s, (float)(axis == 1.0) * s, (float)(axis == 2.0) * s);
    // AO level as a brightness: 0.45, 0.65, 0.82, 1.0.
    float ao = 0.45 + 0.20 * (float)(aoLevel >= 1.0) + 0.17 * (float)(aoLevel >= 2.0) + 0.18 * (float)(aoLevel >= 3.0);
    // The tile as origin and size in texture space.
    float4 tile = float4(tileX, tileY, 1.0, 1.0) / 16.0;
    o.worldPos = world.xyz;
    o.normal = normal;
    o.ao = ao;
    o.uv = uv;
    o.tile = tile;
    o.position = mul(viewProj, world);
    return o;
}

struct PSOutput {
    float4 color : SV_Target;
    float depth  : SV_Depth;
};

PSOutput PS_Main(VSOutput input) {
    PSOutput o;
    // fract(uv) as uv - floor(uv): Wine's compiler has no frac.
    float4 tex = atlas.Sample(atlasSampler, input.tile.xy + (input.uv - floor(input.uv)) * input.tile.zw) * color;
    float3 albedo = tex.rgb;
    float3 normal = input.normal;
    float ao = input.ao;
    float3 worldPos = input.worldPos;
    // shade(albedo, normal, ao, worldPos), written out in place: Wine's HLSL
    // compiler takes no calls to user functions, and wined3d runs neither
    // loops nor else branches (see docs/DIRECTX.md).
    float3 n = normalize(normal);
    float ndl = max(dot(n, -lightDir.xyz), 0.0);
    // 3x3 PCF over the shadow map, unrolled; the pipeline's depth bias does
    // most of the work.
    #include "sleak_shadow.hlsli"
    float3 shaded = albedo * (ambient.rgb * ao + lightColor.rgb * (ndl * shadow));
    // Distance fog.
    #include "sleak_fog.hlsli"
    o.color = float4(shaded, tex.a);
    // Cut-out texels. Wine's compiler has no discard or clip, so such a
    // texel gets the far plane as its depth instead, which fails the pass's
    // LESS depth test and writes nothing, as discard would.
    o.depth = input.position.z;
    if (tex.a < 0.5) {
        o.depth = 1.0;
    }
    return o;
}
