cbuffer Frame : register(b0) { column_major float4x4 viewProj; };
cbuffer Draw : register(b1) { column_major float4x4 model; float4 color; };

struct VS_INPUT {
    float3 position : POSITION;
    float3 normal : NORMAL;
    float4 color : COLOR0;
    float2 uv : TEXCOORD0;
};

struct VS_OUTPUT {
    float4 position : SV_Position;
    float3 normal : NORMAL;
    float4 albedo : COLOR0;
    float2 uv : TEXCOORD0;
    float4 surface : TEXCOORD1;
    nointerpolation float4 tile : TEXCOORD2;
    float4 tangent  : TEXCOORD3;   // no tangent frame: a normal map reads flat
};

// Vertex only: the engine's gbuffer shader supplies PS_Main.
VS_OUTPUT VS_Main(VS_INPUT input) {
    VS_OUTPUT o;
    o.position = mul(viewProj, mul(model, float4(input.position, 1.0)));
    o.normal = mul((float3x3)model, input.normal);
    o.albedo = input.color * color;
    o.uv = input.uv;
    o.surface = float4(0.8, 0.0, 0.0, 0.0);
    o.tile = float4(0.0, 0.0, 0.0, 0.0);
    o.tangent = float4(0.0, 0.0, 0.0, 0.0);
    return o;
}
