// Vertex skinning for HLSL: the twin of sleak_skin.glsl, reading the same
// joint palette from the light grid texture (t6, sleak_lights.hlsli), in
// the rows after the lights (backends.LightGrid.SetJoints). Wine's HLSL
// compiler takes no calls to user functions and wined3d runs no loops
// (docs/DIRECTX.md), so the four joints are written out. Include
// sleak_lights.hlsli at the top of the file; then, inside the vertex
// shader, set
//
//     int4 skinIds;        the vertex's bone ids
//     float4 skinWeights;  and weights
//     float4 skinX, skinY, skinZ;
//
// and include this file: skinX, skinY and skinZ become the rows of the
// model-space skinning matrix (apply it before the draw's model matrix),
// the identity's for a draw without joints (surface.w = 0).
{
    float skBase = surface.w;
    // Joint j of the texture: three texels, the rows of its matrix, 341
    // joints a row (backends.JointsPerRow).
    float4 skJ = skBase + float4(skinIds);
    float4 skRow = floor((skJ + 0.5) / 341.0);
    float4 skCol = floor(skJ - skRow * 341.0 + 0.5) * 3.0;
    int3 skA = int3(int(skCol.x), int(skRow.x), 0);
    int3 skB = int3(int(skCol.y), int(skRow.y), 0);
    int3 skC = int3(int(skCol.z), int(skRow.z), 0);
    int3 skD = int3(int(skCol.w), int(skRow.w), 0);
    int3 skNext = int3(1, 0, 0);
    skinX = skinWeights.x * sleakLights.Load(skA) + skinWeights.y * sleakLights.Load(skB) +
            skinWeights.z * sleakLights.Load(skC) + skinWeights.w * sleakLights.Load(skD);
    skinY = skinWeights.x * sleakLights.Load(skA + skNext) + skinWeights.y * sleakLights.Load(skB + skNext) +
            skinWeights.z * sleakLights.Load(skC + skNext) + skinWeights.w * sleakLights.Load(skD + skNext);
    skinZ = skinWeights.x * sleakLights.Load(skA + skNext + skNext) + skinWeights.y * sleakLights.Load(skB + skNext + skNext) +
            skinWeights.z * sleakLights.Load(skC + skNext + skNext) + skinWeights.w * sleakLights.Load(skD + skNext + skNext);
    // A weight, not a branch: skBase is 0 for a draw without joints.
    float skOn = min(skBase, 1.0);
    skinX = lerp(float4(1.0, 0.0, 0.0, 0.0), skinX, skOn);
    skinY = lerp(float4(0.0, 1.0, 0.0, 0.0), skinY, skOn);
    skinZ = lerp(float4(0.0, 0.0, 1.0, 0.0), skinZ, skOn);
}
