// skinned_shader_shadow for Direct3D 12: skinned_shader_shadow.hlsl,
// included below, with what Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root signature.
#include "skinned_shader_shadow.hlsl"
