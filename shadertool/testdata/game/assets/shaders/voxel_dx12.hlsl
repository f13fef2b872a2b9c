cbuffer Frame : register(b0, space0) { column_major float4x4 viewProj; };
cbuffer Draw : register(b1, space0) { column_major float4x4 model; float4 color; };

struct VS_INPUT {
    float3 position : POSITION;
    float3 normal : NORMAL;
    float4 color : COLOR0;
    float2 uv : TEXCOORD0;
};

struct VS_OUTPUT {
    float4 position : SV_Position;
    float3 normal : NORMAL;
    float4 color : COLOR0;
    float2 uv : TEXCOORD0;
};

VS_OUTPUT VS_Main(VS_INPUT input) {
    VS_OUTPUT o;
    o.position = mul(viewProj, mul(model, float4(input.position, 1.0)));
    o.normal = mul((float3x3)model, input.normal);
    o.color = input.color * color;
    o.uv = input.uv;
    return o;
}

float4 PS_Main(VS_OUTPUT input) : SV_Target {
    float l = max(dot(normalize(input.normal), normalize(float3(0.3, 1.0, 0.2))), 0.1);
    return float4(l * input.color.rgb, input.color.a);
}
