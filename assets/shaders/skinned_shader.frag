#version 450
// Forward lighting of skinned meshes, the default material's: sun with
// filtered shadows, ambient, punctual lights, distance fog, as
// default_shader.frag. Output is linear HDR; composite tonemaps it.
#include "sleak.glsl"
#include "sleak_lights.glsl"
#include "sleak_ibl.glsl"
layout(set = 0, binding = 1) uniform sampler2D shadowMap;
layout(set = 1, binding = 0) uniform sampler2D albedoTex;
// The emissive map, its texture's own set as albedoTex's is: white where
// the material has none. Skinned meshes take no normal map (their draw
// block's surface.w is where their joints begin).
layout(set = 3, binding = 0) uniform sampler2D emissiveMap;
#define SHADOWMAP shadowMap

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec4 vColor;
layout(location = 3) in vec2 vUV;

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
    vec4 base = texture(albedoTex, vUV) * vColor;
    // Emission, after the fog as the lighting pass adds it.
    vec3 lit = shade(base.rgb, vNormal, 1.0, vWorldPos, draw.surface.x, draw.surface.y);
    outColor = vec4(lit + base.rgb * draw.surface.z * texture(emissiveMap, vUV).rgb, base.a);
}
