// Vertex skinning for Vulkan GLSL and desktop GLSL: the blend of the four
// joint matrices a vertex's bone ids and weights name, read from the
// frame's joint palette, which rides in the light grid texture after the
// lights (backends.LightGrid.SetJoints). Include it after sleak.glsl or
// sleak_gl.glsl:
//
//     #include "sleak_skin.glsl"
//
// sleakSkin(ids, weights) returns the model-space skinning matrix; apply it
// before the draw's model matrix. A draw without joints (Surface.w = 0)
// gets the identity, so the mesh draws unskinned. sleak_skin.hlsli is the
// same for Direct3D.
#ifndef SLEAK_SKIN_GLSL
#define SLEAK_SKIN_GLSL

#include "sleak_lights.glsl"

#ifdef SLEAK_GL_GLSL
#define SLEAK_JOINT_BASE u_surface.w
#else
#define SLEAK_JOINT_BASE draw.surface.w
#endif

// sleakJoint returns joint j of the texture: three texels, the rows of its
// matrix, 341 joints a row (backends.JointsPerRow).
mat4 sleakJoint(float j) {
    float row = floor((j + 0.5) / 341.0);
    int x = int(j - row * 341.0 + 0.5) * 3;
    int y = int(row);
    vec4 r0 = texelFetch(u_lights, ivec2(x, y), 0);
    vec4 r1 = texelFetch(u_lights, ivec2(x + 1, y), 0);
    vec4 r2 = texelFetch(u_lights, ivec2(x + 2, y), 0);
    return transpose(mat4(r0, r1, r2, vec4(0.0, 0.0, 0.0, 1.0)));
}

mat4 sleakSkin(ivec4 ids, vec4 weights) {
    float base = SLEAK_JOINT_BASE;
    mat4 m = weights.x * sleakJoint(base + float(ids.x)) + weights.y * sleakJoint(base + float(ids.y)) +
             weights.z * sleakJoint(base + float(ids.z)) + weights.w * sleakJoint(base + float(ids.w));
    // A weight, not a branch: base is 0 for a draw without joints.
    float on = min(base, 1.0);
    return mat4(1.0) * (1.0 - on) + m * on;
}

#endif
