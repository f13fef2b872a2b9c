// GBuffer stem of the tiled_flat test format (gbuffer_stage = "flat"),
// vertex stage only: the surface of tiled_gbuffer, with what is the same
// over a face packed in the flat stage's face record (gbuffer_flat.hlsl
// gives its bits; Wine's compiler takes no calls to user functions, so
// they are written out here). Same math as tiled_flat_gbuffer.vert.
#include "sleak.hlsli"

struct VSInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 tangent  : TEXCOORD2;
    float4 color    : TEXCOORD3;
    float2 uv       : TEXCOORD4;
};

struct VSOutput {
    float4 position : SV_Position;
    nointerpolation uint4 face : TEXCOORD0; // the face record
    float3 uvao     : TEXCOORD1;  // xy texture coordinate in tiles, z ambient occlusion
};

VSOutput VS_Main(VSInput input) {
    VSOutput o;
    float4 world = mul(model, float4(input.position, 1.0));
    float3 n = normalize(mul(model, float4(input.normal, 0.0)).xyz);
    // the octahedral normal: the lower half folded over the upper
    n = n / (abs(n.x) + abs(n.y) + abs(n.z));
    float below = (float)(n.z < 0.0);
    float2 folded = (1.0 - abs(n.yx)) * float2(2.0 * (float)(n.x >= 0.0) - 1.0, 2.0 * (float)(n.y >= 0.0) - 1.0);
    float2 e = (n.xy * (1.0 - below) + folded * below) * 0.5 + 0.5;
    uint2 oct = (uint2)(e * 65535.0 + 0.5);
    uint3 tint = (uint3)(saturate(input.color.rgb) * 255.0 + 0.5);
    uint rough = (uint)(saturate(surface.x) * 255.0 + 0.5);
    uint metal = (uint)(saturate(surface.y) * 255.0 + 0.5);
    uint emissive = (uint)(saturate(surface.z / 16.0) * 65535.0 + 0.5);
    // the tile (0.5, 0.25) to (0.75, 0.75) in 256ths: origin 128, 64, size 64, 128
    o.face = uint4(oct.x | (oct.y << 16), tint.r | (tint.g << 8) | (tint.b << 16) | (rough << 24),
                   metal | (emissive << 16), 128 | (64 << 8) | (64 << 16) | (128 << 24));
    o.uvao = float3(input.uv * 3.0, 0.55 + 0.45 * input.uv.x);
    o.position = mul(viewProj, world);
    return o;
}
