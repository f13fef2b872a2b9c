#version 410 core
// The engine's gbuffer fragment stage for formats with gbuffer_stage =
// "flat" (gbuffer_flat.frag says how it differs from gbuffer_gl.frag).
uniform sampler2D u_texture;
uniform sampler2D u_emissiveMap; // white where the material has none
#include "sleak_gl.glsl"
#include "sleak_flat.glsl"
#include "sleak_gbuffer.glsl"

layout(location = 0) flat in uvec4 vFace; // sleak_flat.glsl
layout(location = 1) in vec3 vUVAO;       // xy texture coordinate, z ambient occlusion

layout(location = 0) out vec4 outAlbedo;   // rgb albedo, a AO
layout(location = 1) out vec4 outNormal;   // xyz 0.5 + 0.5 n, w roughness
layout(location = 2) out vec4 outMaterial; // RGBA8: x metallic, yzw sqrt(emission / 16)

void main() {
    vec2 uv = vUVAO.xy;
    uint tile = vFace.w;
    if ((tile & 0xff0000u) != 0u) {
        vec4 t = vec4(uvec4(tile, tile >> 8, tile >> 16, tile >> 24) & 255u) / 256.0;
        uv = t.xy + fract(uv) * t.zw;
    }
    vec4 tex = texture(u_texture, uv);
    if (tex.a < 0.5) {
        discard; // cut-out texels (leaves)
    }
    vec4 tintRoughness = unpackUnorm4x8(vFace.y);
    outAlbedo = vec4(tex.rgb * tintRoughness.rgb * u_color.rgb, vUVAO.z);
    outNormal = sleakGBufferNormal(sleakOctDecode(vFace.x), tintRoughness.a);
    float emissive = float(vFace.z >> 16) * (16.0 / 65535.0);
    vec3 emission = vec3(0.0);
    if (emissive != 0.0) {
        emission = emissive * texture(u_emissiveMap, uv).rgb;
    }
    outMaterial = sleakGBufferMaterial(float(vFace.z & 255u) / 255.0, emission);
}
