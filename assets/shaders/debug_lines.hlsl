// The debug pass: world-space line segments, two vertices each, over the
// composited image, as debug_lines.vert and debug_lines.frag draw them: a
// position at location 0 and an RGBA8 colour at location 1 (read as
// UNORM), the colour in display space because the pass draws after the
// tonemap.
#include "sleak.hlsli"

struct VSOutput {
    float4 position : SV_Position;
    float4 color    : COLOR0;
};

VSOutput VS_Main(float3 position : TEXCOORD0, float4 lineColor : TEXCOORD1) {
    VSOutput o;
    o.position = mul(viewProj, float4(position, 1.0));
    // Nearer the eye by about a thousandth of its distance, as
    // debug_lines.vert: a line on a surface passes the depth test instead
    // of fighting it.
    o.position.z -= 0.001 * (o.position.w - o.position.z);
    // Without the view's jitter, as debug_lines.vert: drawn after temporal
    // antialiasing.
    o.position.xy -= taa.yz * o.position.w;
    o.color = lineColor;
    return o;
}

float4 PS_Main(VSOutput input) : SV_Target {
    return input.color;
}
