#version 410 core
// The debug pass; the same inputs and math as debug_lines.vert, the depth
// pulled toward the eye before the remap to OpenGL's depth range.
#include "sleak_gl.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = inColor;
    vec4 p = frame.viewProj * vec4(inPosition, 1.0);
    // Nearer the eye by about a thousandth of its distance (1 - z/w is
    // about near/distance in the engine's 0..1 depth), so a line on a
    // surface, a box round a block or a border along the ground, passes the
    // depth test instead of fighting the surface for it.
    p.z -= 0.001 * (p.w - p.z);
    // Drawn after temporal antialiasing, lines take the view without its
    // jitter, or they would shimmer by a fraction of a pixel (taa.yz is 0
    // without it).
    p.xy -= frame.taa.yz * p.w;
    gl_Position = sleakClip(p);
}
