// default_shader for Direct3D 12: default_shader.hlsl, included below, with what
// Direct3D 12 does differently stated here.
// Direct3D 12 root signature: b0 root CBV, b1 root constants, t0 and
// t1-t5 descriptor tables, s0 a sampler table, s1 a static sampler; the
// material's maps t9 and t10 and their samplers s2 and s3 a table each.
#include "default_shader.hlsl"
