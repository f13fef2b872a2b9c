// Chunks drawn forward (main stem): lit like the engine's default shader,
// with the vertex's ambient occlusion, and cut-out texels (leaves) dropped.
// Same math as voxel.vert/.frag.
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
    // Filtered compares over the shadow map, unrolled; the pipeline's depth bias does
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
