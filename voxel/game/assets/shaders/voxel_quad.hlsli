// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout), expanded into the corner that the vertex index picks, as
// voxel_quad.glsl does. Include it inside a vertex shader whose input has
// uint data0 and data1 (TEXCOORD0 and TEXCOORD1, per instance) and uint
// vertexID (SV_VertexID); it declares float3 quadPos (in the chunk),
// quadNormal, float quadAO (a brightness), float2 quadUV (in tiles) and
// float4 quadTile (the atlas tile's origin and size). It is text to include
// rather than a function because Wine's HLSL compiler takes no calls to
// user functions, nor the ternary operator, nor the u suffix on literals:
// selections are comparisons turned into 0 or 1. Every field is read
// straight from the input and made a float at once: with Wine 8.0's
// compiler a uint local read again after later arithmetic held the bits of
// a float (see docs/DIRECTX.md).
float quadFace = (float)((input.data0 >> 21) & 7);
// face 0..5 = +X, -X, +Y, -Y, +Z, -Z: bit 0 the sign, bits 1-2 the axis
float quadSign = 1.0 - 2.0 * (float)((input.data0 >> 21) & 1);
float quadAxis = (float)((input.data0 >> 22) & 3);
// corner k of the face's counter-clockwise order; the flip bit moves the
// diagonal of the index list 0 1 2, 0 2 3 to the corners 1 and 3
float quadK = (float)input.vertexID + (float)((input.data0 >> 25) & 1);
quadK = quadK - 4.0 * (float)(quadK >= 4.0);
float quadMid = (float)(quadK == 1.0) + (float)(quadK == 2.0);
float quadHi = (float)(quadK >= 2.0);
// (0,0), (1,0), (1,1), (0,1) on +X, +Y and -Z; (0,0), (0,1), (1,1),
// (1,0) on the others
float quadAlong = (float)(quadFace == 0.0) + (float)(quadFace == 2.0) + (float)(quadFace == 5.0);
float quadCU = quadAlong * quadMid + (1.0 - quadAlong) * quadHi;
float quadCV = quadAlong * quadHi + (1.0 - quadAlong) * quadMid;
float quadNU = (float)((input.data1 >> 10) & 63);
float quadNV = (float)((input.data1 >> 16) & 63);
float quadIsX = (float)(quadAxis == 0.0);
float quadIsY = (float)(quadAxis == 1.0);
float3 quadNormal = float3(quadIsX * quadSign, quadIsY * quadSign, (float)(quadAxis == 2.0) * quadSign);
// U is y on side faces and z on top and bottom; V is z on ±X faces and x
// on the others
float3 quadU = float3(0.0, 1.0 - quadIsY, quadIsY);
float3 quadV = float3(1.0 - quadIsX, 0.0, quadIsX);
float3 quadPos = float3((float)(input.data0 & 63), (float)((input.data0 >> 6) & 511), (float)((input.data0 >> 15) & 63)) +
    max(quadNormal, float3(0.0, 0.0, 0.0)) + quadU * (quadCU * quadNU) + quadV * (quadCV * quadNV);
// lowered water: every corner of a top face, the upper ones of a side face
quadPos.y -= 0.125 * (float)((input.data0 >> 24) & 1) * max(quadCU, quadIsY);
// the corners' AO levels, two bits each for (0,0), (1,0), (1,1), (0,1)
float quadLevel = (float)((input.data1 >> 22) & 3) * (1.0 - quadCU) * (1.0 - quadCV) +
    (float)((input.data1 >> 24) & 3) * quadCU * (1.0 - quadCV) +
    (float)((input.data1 >> 26) & 3) * quadCU * quadCV +
    (float)((input.data1 >> 28) & 3) * (1.0 - quadCU) * quadCV;
// AO level as a brightness: 0.45, 0.65, 0.82, 1.0
float quadAO = 0.45 + 0.20 * (float)(quadLevel >= 1.0) + 0.17 * (float)(quadLevel >= 2.0) + 0.18 * (float)(quadLevel >= 3.0);
// atlas images upright and not mirrored seen from outside
float quadMirror = (float)(quadFace == 0.0) + (float)(quadFace == 5.0);
float quadFU = quadMirror * (1.0 - quadCV) + (1.0 - quadMirror) * quadCV;
float quadFV = quadIsY * quadCU + (1.0 - quadIsY) * (1.0 - quadCU);
float2 quadUV = float2(quadFU * quadNV, quadFV * quadNU);
// the tile t = bits 0-9 of data1, at column t % 16 and row t / 16 of the
// 16 x 16 grid
float4 quadTile = float4((float)(input.data1 & 15), (float)((input.data1 >> 4) & 63), 1.0, 1.0) / 16.0;
