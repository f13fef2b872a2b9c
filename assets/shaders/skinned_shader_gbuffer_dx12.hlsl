// skinned_shader_gbuffer for Direct3D 12: skinned_shader_gbuffer.hlsl,
// included below, with what Direct3D 12 does differently stated here.
// Direct3D 12 reads the same registers (space 0) through the engine's root
// signature; the light grid table (t1-t6) is visible to the vertex stage.
#include "skinned_shader_gbuffer.hlsl"
