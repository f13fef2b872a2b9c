// Included by a.frag; editing it must recompile a.frag only.
#include "palette.glsl"
vec4 tint() { return PALETTE_RED; }
