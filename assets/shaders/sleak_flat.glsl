// The flat gbuffer stage's face record for GLSL (Vulkan and OpenGL alike):
// what a gbuffer stem of a format with gbuffer_stage = "flat" writes at
// location 0, and what the engine's gbuffer_flat stage reads back
// (docs/SHADERS.md, "GBuffer stage interface"). Include it after the engine
// interface:
//
//     #include "sleak_flat.glsl"
//
// The record is one uvec4, the same on every corner of a face:
//
//     x  the normal, octahedral: bits 0-15 and 16-31 its two coordinates
//        as 16-bit unsigned normalized values of -1..1
//     y  bits 0-23 the albedo tint, red in the low byte; bits 24-31 the
//        roughness (8-bit normalized values)
//     z  bits 0-7 metallic (8-bit normalized); bits 16-31 the emissive
//        factor, 0 to 16 in steps of 16/65535
//     w  the atlas tile, in 256ths of the texture: bits 0-7 its origin's x,
//        8-15 its origin's y, 16-23 its width, 24-31 its height; a width of
//        0 means no tile (the texture coordinate is used as it is)
//
// The HLSL stems write the same bits (see the engine's gbuffer_flat.hlsl).
#ifndef SLEAK_FLAT_GLSL
#define SLEAK_FLAT_GLSL

// sleakOctEncode packs a unit normal into x of the face record.
uint sleakOctEncode(vec3 n) {
    n /= abs(n.x) + abs(n.y) + abs(n.z);
    vec2 e = n.xy;
    if (n.z < 0.0) {
        e = (1.0 - abs(n.yx)) * vec2(n.x >= 0.0 ? 1.0 : -1.0, n.y >= 0.0 ? 1.0 : -1.0);
    }
    return packUnorm2x16(e * 0.5 + 0.5);
}

// sleakOctDecode is the inverse of sleakOctEncode.
vec3 sleakOctDecode(uint bits) {
    vec2 e = unpackUnorm2x16(bits) * 2.0 - 1.0;
    vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    float t = max(-n.z, 0.0);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
}

// sleakFlatFace packs a face's record: its unit normal, albedo tint,
// roughness, metallic, emissive factor (0 to 16) and atlas tile (xy origin,
// zw size, in texture space; zw = 0 for none).
uvec4 sleakFlatFace(vec3 normal, vec3 tint, float roughness, float metallic, float emissive, vec4 tile) {
    uvec4 t = uvec4(clamp(round(tile * 256.0), 0.0, 255.0));
    return uvec4(
        sleakOctEncode(normal),
        packUnorm4x8(vec4(tint, roughness)),
        uint(round(clamp(metallic, 0.0, 1.0) * 255.0)) | (uint(round(clamp(emissive / 16.0, 0.0, 1.0) * 65535.0)) << 16),
        t.x | (t.y << 8) | (t.z << 16) | (t.w << 24));
}

#endif
