// Included by common.glsl: a second level of #include.
const vec4 PALETTE_RED = vec4(1.0, 0.2, 0.2, 1.0);
