// Water and glass: lit like the opaque chunks and alpha-blended over the
// scene (the pass blends and tests depth without writing it). Same math as
// voxel_water.vert/.frag.
#include "sleak.hlsli"

Texture2D atlas : register(t0);
SamplerState atlasSampler : register(s0);
Texture2D<float> shadowMap : register(t1);
SamplerState shadowSampler : register(s1);

// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout), read per instance as two R32_UINT attributes, and the vertex
// index, which picks the corner.
struct VSInput {
    uint data0 : TEXCOORD0;
    uint data1 : TEXCOORD1;
    uint vertexID : SV_VertexID;
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
    #include "voxel_quad.hlsli"
    float4 world = mul(model, float4(quadPos, 1.0));
    o.worldPos = world.xyz;
    o.normal = quadNormal;
    o.ao = quadAO;
    o.uv = quadUV;
    o.tile = quadTile;
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
    // Filtered compares over the shadow map, unrolled; the pipeline's depth bias does
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
