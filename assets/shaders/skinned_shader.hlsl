// Skinned meshes of the engine's skinned format (formats.SkinnedLayout),
// forward: the default vertex blended by its four joints
// (sleak_skin.hlsli), then shaded by default_shader.hlsl's PS_Main, whose
// file is included with its own vertex shader renamed out of the way. Same
// math as skinned_shader.vert/.frag.
#define VS_Main VS_Unskinned
#include "default_shader.hlsl"
#undef VS_Main

struct SkinnedInput {
    float3 position : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float4 color    : TEXCOORD3;
    float2 uv       : TEXCOORD4;
    int4 boneIds    : TEXCOORD5;
    float4 weights  : TEXCOORD6;
};

VSOutput VS_Main(SkinnedInput input) {
    VSOutput o;
    int4 skinIds = input.boneIds;
    float4 skinWeights = input.weights;
    float4 skinX;
    float4 skinY;
    float4 skinZ;
    #include "sleak_skin.hlsli"
    float4 p = float4(input.position, 1.0);
    float4 n = float4(input.normal, 0.0);
    float4 world = mul(model, float4(dot(skinX, p), dot(skinY, p), dot(skinZ, p), 1.0));
    o.worldPos = world.xyz;
    o.normal = mul(model, float4(dot(skinX, n), dot(skinY, n), dot(skinZ, n), 0.0)).xyz;
    // No tangent frame: skinned meshes take no normal map (the core writes
    // their surface.w), and a zero tangent reads the map flat.
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    o.color = input.color * color;
    o.uv = input.uv;
    o.position = mul(viewProj, world);
    return o;
}
