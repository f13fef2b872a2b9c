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
// glTF's), gives a surface of the given interpolated normal, with its x and
// y scaled by strength: a strength of 0 returns the normal unchanged, which
// is how a draw without a normal map reads the white texture bound in its
// place. The frame is the vertex tangent (xyz, w the bitangent's sign)
// where the mesh has one; where its tangent is zero, it is worked out from
// how position and uv change across the pixel, so any mesh with uvs takes
// a normal map.
vec3 sleakMappedNormal(vec3 normal, vec4 tangent, vec3 worldPos, vec2 uv, vec3 texel, float strength) {
    vec3 n = normalize(normal);
    vec3 m = texel * 2.0 - 1.0;
    m.xy *= strength;
    // The derivative frame: solve dp = T du + B dv over the pixel's two
    // steps; the sign of the uv determinant keeps it independent of which
    // way the window's rows run.
    vec3 dp1 = dFdx(worldPos);
    vec3 dp2 = dFdy(worldPos);
    vec2 du1 = dFdx(uv);
    vec2 du2 = dFdy(uv);
    float det = du1.x * du2.y - du2.x * du1.y;
    float side = det * inversesqrt(det * det + 1e-30);
    vec3 dt = (dp1 * du2.y - dp2 * du1.y) * side;
    vec3 db = (dp2 * du1.x - dp1 * du2.x) * side;
    dt -= n * dot(n, dt);
    db -= n * dot(n, db);
    dt *= inversesqrt(max(dot(dt, dt), 1e-24));
    db *= -inversesqrt(max(dot(db, db), 1e-24)); // v runs down the image, +Y up it
    // The vertex frame, where the mesh has tangents.
    vec3 vt = tangent.xyz - n * dot(n, tangent.xyz);
    float len2 = dot(vt, vt);
    float has = clamp(len2 * 1e4, 0.0, 1.0);
    vt *= inversesqrt(max(len2, 1e-24));
    vec3 vb = cross(n, vt) * tangent.w;
    vec3 t = mix(dt, vt, has);
    vec3 b = mix(db, vb, has);
    return normalize(t * m.x + b * m.y + n * m.z);
}

#endif
