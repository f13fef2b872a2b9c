// ssao_blur for Direct3D 12: ssao_blur.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root signature.
#include "ssao_blur.hlsl"
