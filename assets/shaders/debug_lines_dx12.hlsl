// debug_lines for Direct3D 12: debug_lines.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 reads the Frame constants (b0, space 0) through the engine's
// root signature; the pass binds no texture.
#include "debug_lines.hlsl"
