// Image-based lighting for Vulkan GLSL and desktop GLSL: the ambient light
// of an environment map and the map drawn as the sky, read from the
// environment atlas (backends.Environment; docs/SHADERS.md, "Image-based
// lighting"). Include it after sleak.glsl or sleak_gl.glsl:
//
//     #include "sleak_ibl.glsl"
//
// sleakIBL of N, V, albedo, roughness and metallic is the ambient light a
// surface reflects towards the eye (V points from it to the eye), 0 when
// the frame has no map; sleakEnvSky of dir and sky is the sky seen along
// dir given the procedural sky there. (Their names are written here
// without a bracket: `sleak shaders check` counts a name and its bracket to
// find the shaders that call them.) Both are weighted
// by the Frame block's ibl.x; sleakIBL skips its reads when it is 0, by a
// test that also holds a per-pixel value (see sleak_sun.glsl). The atlas
// layout is the one package ibl writes;
// sleak_ibl.hlsli and sleak_ibl_sky.hlsli are the Direct3D twins, and
// ibl.Shade the suite's model.
#ifndef SLEAK_IBL_GLSL
#define SLEAK_IBL_GLSL

#ifdef SLEAK_GL_GLSL
uniform sampler2D u_environment; // texture unit 14, set by the backend
#else
layout(set = 0, binding = 3) uniform sampler2D u_environment;
#endif

// sleakEnvTile is the light along d (normalized) of the atlas's square tile
// of side size at column x0: the octahedral map (y up, the lower
// hemisphere folded into the corners), clamped half a texel inside the
// tile so the filter never reads a neighbour, squared back to linear.
vec3 sleakEnvTile(float x0, float size, vec3 d) {
    vec2 p = d.xz / (abs(d.x) + abs(d.y) + abs(d.z));
    vec2 folded = (1.0 - abs(p.yx)) * (step(vec2(0.0), p) * 2.0 - 1.0);
    vec2 uv = mix(p, folded, float(d.y < 0.0)) * 0.5 + 0.5;
    vec2 t = vec2(x0, 0.0) + clamp(uv * size, vec2(0.5), vec2(size - 0.5));
    vec3 c = textureLod(u_environment, t / vec2(1216.0, 1024.0), 0.0).rgb;
    return c * c;
}

// sleakEnvSky is the sky along dir (normalized), given the procedural sky
// there: the environment map in its place where one lights the frame
// (ibl.y), plus an overlay map's light (ibl.z), in their intensities.
vec3 sleakEnvSky(vec3 dir, vec3 procedural) {
    vec3 env = sleakEnvTile(0.0, 1024.0, dir);
    return mix(procedural, env * frame.ibl.x, frame.ibl.y) + env * frame.ibl.z;
}

vec3 sleakIBL(vec3 N, vec3 V, vec3 albedo, float roughness, float metallic) {
    float ndv = clamp(dot(N, V), 0.0, 1.0);
    // Without a map the reads are skipped. The test holds a per-pixel
    // value (ndv + 1 is never 0) so that it is no test of Frame values
    // alone, which lavapipe recompiles the shader for (sleak_sun.glsl).
    if (frame.ibl.x * (ndv + 1.0) <= 0.0) {
        return vec3(0.0);
    }
    vec3 f0 = mix(vec3(0.04), albedo, metallic);
    float x = 1.0 - ndv;
    vec3 fr = f0 + (max(vec3(1.0 - roughness), f0) - f0) * (x * x * x * x * x);
    // Diffuse: the irradiance polynomial (backends.Environment.Irradiance).
    vec3 irr = frame.irradiance[0].rgb + frame.irradiance[1].rgb * N.y + frame.irradiance[2].rgb * N.z + frame.irradiance[3].rgb * N.x
        + frame.irradiance[4].rgb * (N.x * N.y) + frame.irradiance[5].rgb * (N.y * N.z) + frame.irradiance[6].rgb * (3.0 * N.z * N.z - 1.0)
        + frame.irradiance[7].rgb * (N.x * N.z) + frame.irradiance[8].rgb * (N.x * N.x - N.y * N.y);
    vec3 diffuse = max(irr, vec3(0.0)) * albedo * (1.0 - fr) * (1.0 - metallic);
    // Specular: the two nearest roughness steps along the mirror direction,
    // times F0 scaled and biased by the BRDF table.
    vec3 r = normalize(N * (2.0 * dot(N, V)) - V);
    float lv = clamp(roughness, 0.0, 1.0) * 5.0;
    float l0 = floor(lv);
    float l1 = min(l0 + 1.0, 5.0);
    vec3 spec = mix(sleakEnvTile(1024.0 + 32.0 * l0, 32.0, r), sleakEnvTile(1024.0 + 32.0 * l1, 32.0, r), lv - l0);
    vec2 lut = vec2(1024.0, 32.0) + clamp(vec2(ndv, roughness) * 32.0, vec2(0.5), vec2(31.5));
    vec2 ab = textureLod(u_environment, lut / vec2(1216.0, 1024.0), 0.0).rg;
    return (diffuse + spec * (f0 * ab.x + ab.y)) * frame.ibl.x;
}

#endif
