// ui for Direct3D 12: ui.hlsl, included below, with what Direct3D 12 does
// differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root
// signature: t0 and s0 are descriptor tables set per draw.
#include "ui.hlsl"
