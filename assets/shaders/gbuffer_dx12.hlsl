// gbuffer for Direct3D 12: gbuffer.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 root signature: b1 root constants, t0 a descriptor table,
// s0 a sampler table.
#include "gbuffer.hlsl"
