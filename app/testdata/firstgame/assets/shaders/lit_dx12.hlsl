// The "lit" vertex format for Direct3D 12: lit.hlsl, included below. It
// reads the same registers (space 0) through the engine's root signature.
#include "lit.hlsl"
