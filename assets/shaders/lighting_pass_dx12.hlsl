// lighting_pass for Direct3D 12: lighting_pass.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root signature.
#include "lighting_pass.hlsl"
