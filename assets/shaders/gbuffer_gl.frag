#version 410 core
// The engine's fixed gbuffer fragment stage; every gbuffer stem's vertex
// shader feeds it (see docs/SHADERS.md for the interface).
uniform sampler2D u_texture;
uniform sampler2D u_normalMap;   // white where the material has none
uniform sampler2D u_emissiveMap; // white where the material has none
#include "sleak_gl.glsl"
#include "sleak_maps.glsl"
#include "sleak_gbuffer.glsl"

layout(location = 0) in vec3 vNormal;
layout(location = 1) in vec4 vColor;   // rgb albedo, a ambient occlusion
layout(location = 2) in vec2 vUV;
layout(location = 3) in vec4 vSurface; // roughness, metallic, emissive
layout(location = 4) flat in vec4 vTile;
layout(location = 5) in vec4 vTangent; // world space, w the bitangent's sign; 0: no frame, the normal map reads flat

layout(location = 0) out vec4 outAlbedo;   // rgb albedo, a AO
layout(location = 1) out vec4 outNormal;   // xyz 0.5 + 0.5 n, w roughness
layout(location = 2) out vec4 outMaterial; // RGBA8: x metallic, yzw sqrt(emission / 16) (emission: emissive times the emissive map)

void main() {
    vec2 uv = vUV;
    if (vTile.z > 0.0) {
        uv = vTile.xy + fract(vUV) * vTile.zw;
    }
    vec4 tex = texture(u_texture, uv);
    if (tex.a < 0.5) {
        discard; // cut-out texels (leaves)
    }
    outAlbedo = vec4(tex.rgb * vColor.rgb * u_color.rgb, vColor.a);
    // Each map is read only where it can change the result: the normal
    // map (and the tangent, which only it needs) for a draw that has one,
    // the emissive map on an emissive surface. Both tests hold per-pixel
    // values, so lavapipe compiles the shader once (sleak_sun.glsl).
    vec3 n = normalize(vNormal);
    if (u_surface.w * (abs(vNormal.x) + 1.0) != 0.0) {
        n = sleakMappedNormal(vNormal, vTangent, texture(u_normalMap, uv).xyz, u_surface.w);
    }
    outNormal = sleakGBufferNormal(n, vSurface.x);
    vec3 emission = vec3(0.0);
    if (vSurface.z != 0.0) {
        emission = vSurface.z * texture(u_emissiveMap, uv).rgb;
    }
    outMaterial = sleakGBufferMaterial(vSurface.y, emission);
}
