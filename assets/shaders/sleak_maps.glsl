// Normal maps for GLSL (Vulkan and OpenGL alike), included by the default
// material shader after the engine interface:
//
//     #include "sleak_maps.glsl"
//
// The HLSL twin is sleak_maps.hlsli; backends.Draw.NormalMap is the
// contract.
#ifndef SLEAK_MAPS_GLSL
#define SLEAK_MAPS_GLSL

// sleakMappedNormal returns the unit world-space normal that texel, read
// from a tangent-space normal map (OpenGL convention: +Y up the image, as
// glTF's), gives a surface of the given interpolated normal and tangent
// (world space, w the bitangent's sign), with the map's x and y scaled by
// strength. A strength of 0 returns the normal unchanged, which is how a
// draw without a normal map reads the white texture bound in its place; so
// does a zero tangent (a mesh without tangents: the model loader computes
// them where a file has none). The frame comes from the vertices rather
// than from screen-space derivatives because Wine's HLSL compiler, which
// the Direct3D variants must pass, has no ddx or ddy.
vec3 sleakMappedNormal(vec3 normal, vec4 tangent, vec3 texel, float strength) {
    vec3 n = normalize(normal);
    vec3 t = tangent.xyz - n * dot(n, tangent.xyz);
    float len2 = dot(t, t);
    float has = clamp(len2 * 1e4, 0.0, 1.0);
    t *= inversesqrt(max(len2, 1e-24));
    vec3 b = cross(n, t) * tangent.w;
    vec3 m = texel * 2.0 - 1.0;
    m.xy *= strength * has;
    m.z = mix(1.0, m.z, has);
    return normalize(t * m.x + b * m.y + n * m.z);
}

#endif
