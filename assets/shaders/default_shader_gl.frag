#version 410 core
// Forward lighting: sun with filtered shadows, ambient, distance fog. Output is
// linear HDR; composite tonemaps it.
#include "sleak_gl.glsl"
#include "sleak_lights.glsl"
#include "sleak_maps.glsl"
#include "sleak_ibl.glsl"
uniform sampler2D u_shadowMap;
uniform sampler2D u_texture;
uniform sampler2D u_normalMap;   // white where the material has none
uniform sampler2D u_emissiveMap; // white where the material has none
#define SHADOWMAP u_shadowMap

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec4 vColor;
layout(location = 3) in vec2 vUV;
layout(location = 4) in vec4 vTangent;

layout(location = 0) out vec4 outColor;

#include "sleak_sun.glsl"

vec3 shade(vec3 albedo, vec3 normal, float ao, vec3 worldPos, float roughness, float metallic) {
    vec3 n = normalize(normal);
    float ndl = max(dot(n, -frame.lightDir.xyz), 0.0);
    float sun = ndl * shadowFactor(worldPos);
    // The flat ambient light, or the environment map's when one is set.
    vec3 lit = albedo * (frame.ambient.rgb * (1.0 - frame.ibl.y) * ao + frame.lightColor.rgb * sun);
    vec3 v = normalize(frame.cameraPos.xyz - worldPos);
    lit += sleakIBL(n, v, albedo, roughness, metallic) * ao;
    lit += sleakPunctual(worldPos, n, v, albedo, roughness, metallic);
    return applyFog(lit, worldPos);
}

void main() {
    vec4 base = texture(u_texture, vUV) * vColor;
    vec3 normal = sleakMappedNormal(vNormal, vTangent, texture(u_normalMap, vUV).xyz, u_surface.w);
    // Emission, after the fog as the lighting pass adds it.
    vec3 lit = shade(base.rgb, normal, 1.0, vWorldPos, u_surface.x, u_surface.y);
    outColor = vec4(lit + base.rgb * u_surface.z * texture(u_emissiveMap, vUV).rgb, base.a);
}
