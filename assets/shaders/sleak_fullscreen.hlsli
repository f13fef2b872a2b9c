// The vertex stage of the effects' fullscreen stems for Direct3D: one
// triangle that covers the target, from the vertex index alone (no vertex
// buffer).
float4 VS_Main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}
