// The colour of the hot reload scenes' material, for Direct3D.
#define RELOAD_COLOR float4(0.9, 0.1, 0.1, 1.0)
