// hud for Direct3D 12: hud.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers through the engine's root signature.
#include "hud.hlsl"
