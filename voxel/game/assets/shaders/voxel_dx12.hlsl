// voxel for Direct3D 12: voxel.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 root signature: b0 root CBV, b1 root constants, t0 and
// t1-t5 descriptor tables, s0 a sampler table, s1 a static sampler.
#include "voxel.hlsl"
