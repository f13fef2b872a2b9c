// gbuffer for Direct3D 12: gbuffer.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 root signature: b1 root constants, t0 a descriptor table,
// s0 a sampler table; the material's maps t9 and t10 and their samplers s2
// and s3 a table each.
#include "gbuffer.hlsl"
