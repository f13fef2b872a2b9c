// The engine's gbuffer pixel stage for formats with gbuffer_stage = "flat":
// what is the same over a face comes packed in one flat record, and only
// the texture coordinate and the occlusion are interpolated. It writes the
// same targets as gbuffer.hlsl; with no tangent, a normal map reads flat.
// A flat gbuffer stem's output struct must declare exactly these members
// in this order (see docs/DIRECTX.md):
//
//   float4 position : SV_Position;
//   nointerpolation uint4 face : TEXCOORD0;  the face record (below)
//   float3 uvao     : TEXCOORD1;  xy texture coordinate, z ambient occlusion
//
// The face record, the same on every corner of a face (sleak_flat.glsl
// packs it in GLSL; an HLSL stem writes the bits itself, since Wine's
// compiler takes no calls to user functions):
//
//   x  the normal, octahedral: bits 0-15 and 16-31 its two coordinates as
//      16-bit unsigned normalized values of -1..1
//   y  bits 0-23 the albedo tint, red in the low byte; bits 24-31 the
//      roughness (8-bit normalized values)
//   z  bits 0-7 metallic (8-bit normalized); bits 16-31 the emissive
//      factor, 0 to 16 in steps of 16/65535
//   w  the atlas tile in 256ths of the texture: bits 0-7 its origin's x,
//      8-15 its origin's y, 16-23 its width, 24-31 its height; a width of
//      0 means no tile
//
// Every field is read straight from the input and made a float at once
// (see voxel_quad.hlsli for why).
#include "sleak.hlsli"
#include "sleak_gbuffer.hlsli"

Texture2D albedoTex : register(t0);
SamplerState albedoSampler : register(s0);
// The material's emissive map, read with its own sampler: white where it
// has none.
Texture2D emissiveMap : register(t10);
SamplerState emissiveSampler : register(s3);

struct PSInput {
    float4 position : SV_Position;
    nointerpolation uint4 face : TEXCOORD0;
    float3 uvao     : TEXCOORD1;
};

struct PSOutput {
    float4 albedo   : SV_Target0; // rgb albedo, a AO
    float4 normal   : SV_Target1; // xyz 0.5 + 0.5 n, w roughness
    float4 material : SV_Target2; // RGBA8: x metallic, yzw sqrt(emission / 16)
    float depth     : SV_Depth;
};

PSOutput PS_Main(PSInput input) {
    PSOutput o;
    float2 uv = input.uvao.xy;
    float tileWidth = (float)((input.face.w >> 16) & 255);
    if (tileWidth > 0.0) {
        float2 origin = float2((float)(input.face.w & 255), (float)((input.face.w >> 8) & 255));
        float2 size = float2(tileWidth, (float)((input.face.w >> 24) & 255));
        uv = (origin + (uv - floor(uv)) * size) / 256.0;
    }
    float4 tex = albedoTex.Sample(albedoSampler, uv);
    float3 tint = float3((float)(input.face.y & 255), (float)((input.face.y >> 8) & 255), (float)((input.face.y >> 16) & 255)) / 255.0;
    float roughness = (float)((input.face.y >> 24) & 255) / 255.0;
    o.albedo = float4(tex.rgb * tint * color.rgb, input.uvao.z);
    // the octahedral normal: the lower half folded back over the upper
    float ex = (float)(input.face.x & 65535) / 65535.0 * 2.0 - 1.0;
    float ey = (float)((input.face.x >> 16) & 65535) / 65535.0 * 2.0 - 1.0;
    float3 n = float3(ex, ey, 1.0 - abs(ex) - abs(ey));
    float fold = max(-n.z, 0.0);
    n.x = n.x - fold * (2.0 * (float)(n.x >= 0.0) - 1.0);
    n.y = n.y - fold * (2.0 * (float)(n.y >= 0.0) - 1.0);
    o.normal = SLEAK_GBUFFER_NORMAL(normalize(n), roughness);
    float emissive = (float)((input.face.z >> 16) & 65535) * (16.0 / 65535.0);
    float3 emission = float3(0.0, 0.0, 0.0);
    if (emissive != 0.0) {
        emission = emissive * emissiveMap.Sample(emissiveSampler, uv).rgb;
    }
    o.material = SLEAK_GBUFFER_MATERIAL((float)(input.face.z & 255) / 255.0, emission);
    // Cut-out texels (leaves): the far plane as their depth, which fails
    // the pass's depth test, as discard would (Wine's compiler has none).
    o.depth = input.position.z;
    if (tex.a < 0.5) {
        o.depth = 1.0;
    }
    return o;
}
