// Water and glass: lit like the opaque chunks and alpha-blended over the
// scene (the pass blends and tests depth without writing it). Same math as
// voxel_water.vert/.frag.
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

// WATER_WAVE is waterWave of voxel_water_surface.glsl: a sine wave of
// parabolas, as Wine's compiler has no sin or cos. One macro, written out,
// because Wine's preprocessor does not substitute a macro's parameters in
// another macro it calls.
#define WATER_WAVE(a) (4.0 * ((a) * 0.31830989 - 2.0 * floor(((a) * 0.31830989 + 1.0) * 0.5)) * (1.0 - abs((a) * 0.31830989 - 2.0 * floor(((a) * 0.31830989 + 1.0) * 0.5))))

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

float4 PS_Main(VSOutput input) : SV_Target {
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
    float alpha = tex.a;
    // Water: waterColor of voxel_water_surface.glsl, written out in place.
    // WATER_TILE there is block.TileWater, 12 (a test keeps them equal).
    float water = (float)(abs(input.tile.x * 16.0 - 12.0) < 0.5) * (float)(input.tile.y < 0.5 / 16.0);
    if (water > 0.5) {
        float t = cameraPos.w;
        float3 wn = n;
        if (n.y > 0.5) {
            float2 q = worldPos.xz;
            float dx = 0.6 * WATER_WAVE(q.x * 1.3 + q.y * 0.4 + t * 1.6) + 0.35 * WATER_WAVE(q.x * 2.9 - q.y * 1.7 + t * 2.3);
            float dz = 0.6 * WATER_WAVE(q.y * 1.1 - q.x * 0.5 + t * 1.3) + 0.35 * WATER_WAVE(q.y * 3.3 + q.x * 1.9 - t * 2.7);
            wn = normalize(float3(-0.08 * dx, 1.0, -0.08 * dz));
        }
        float3 toEye = normalize(cameraPos.xyz - worldPos);
        float3 body = albedo * (ambient.rgb * ao + lightColor.rgb * (0.55 * max(dot(wn, -lightDir.xyz), 0.0) * shadow));
        float c = 1.0 - max(dot(wn, toEye), 0.0);
        float c2 = c * c;
        float fresnel = 0.04 + 0.96 * c2 * c2 * c;
        float3 skyDir = 2.0 * dot(wn, toEye) * wn - toEye;
        skyDir.y = abs(skyDir.y);
        skyDir = normalize(skyDir);
        #include "sleak_sky.hlsli"
        float s = max(dot(wn, normalize(toEye - lightDir.xyz)), 0.0);
        s = s * s;
        s = s * s;
        s = s * s;
        s = s * s;
        s = s * s;
        s = s * s;
        shaded = body + (sky - body) * fresnel + lightColor.rgb * (1.5 * s * shadow);
        alpha = alpha + (1.0 - alpha) * fresnel;
    }
    // Distance fog.
    #include "sleak_fog.hlsli"
    return float4(shaded, alpha);
}
