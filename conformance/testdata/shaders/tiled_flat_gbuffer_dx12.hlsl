// tiled_flat_gbuffer for Direct3D 12: tiled_flat_gbuffer.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root signature.
#include "tiled_flat_gbuffer.hlsl"
