// The hot reload scenes' material shader for Direct3D 12: reload.hlsl,
// whose bindings it shares.
#include "reload.hlsl"
