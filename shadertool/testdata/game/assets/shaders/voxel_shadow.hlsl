cbuffer Frame : register(b0) { column_major float4x4 viewProj; column_major float4x4 invViewProj; column_major float4x4 lightViewProj; };
cbuffer Draw : register(b1) { column_major float4x4 model; float4 color; };

// Vertex only: the shadow pass writes depth.
float4 VS_Main(float3 position : POSITION) : SV_Position {
    return mul(lightViewProj, mul(model, float4(position, 1.0)));
}
