// gbuffer_flat for Direct3D 12: gbuffer_flat.hlsl, included below, with
// what Direct3D 12 does differently stated here.
// Direct3D 12 root signature: b1 root constants, t0 a descriptor table,
// s0 a sampler table; the material's emissive map t10 and its sampler s3 a
// table each (t9 and s2, the normal map's, go unread).
#include "gbuffer_flat.hlsl"
