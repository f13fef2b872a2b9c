// voxel_shadow for Direct3D 12: voxel_shadow.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers through the engine's root signature.
#include "voxel_shadow.hlsl"
