// taa for Direct3D 12: taa.hlsl, included below, with what Direct3D 12
// does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root signature.
#include "taa.hlsl"
