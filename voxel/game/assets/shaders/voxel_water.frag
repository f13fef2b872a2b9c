#version 450
// Water and glass: alpha-blended over the lit scene.
#include "sleak.glsl"
layout(set = 0, binding = 1) uniform sampler2D shadowMap;
layout(set = 1, binding = 0) uniform sampler2D atlas;
#define SHADOWMAP shadowMap

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in float vAO;
layout(location = 3) in vec2 vUV;
layout(location = 4) flat in vec4 vTile;

layout(location = 0) out vec4 outColor;

#include "sleak_sun.glsl"

vec3 shade(vec3 albedo, vec3 normal, float ao, vec3 worldPos) {
    vec3 n = normalize(normal);
    float ndl = max(dot(n, -frame.lightDir.xyz), 0.0);
    float sun = ndl * shadowFactor(worldPos);
    vec3 lit = albedo * (frame.ambient.rgb * ao + frame.lightColor.rgb * sun);
    return applyFog(lit, worldPos);
}

#include "voxel_water_surface.glsl"

void main() {
    vec4 tex = texture(atlas, vTile.xy + fract(vUV) * vTile.zw) * draw.color;
    if (isWater(vTile)) {
        outColor = waterColor(tex, vNormal, vAO, vWorldPos);
        return;
    }
    outColor = vec4(shade(tex.rgb, vNormal, vAO, vWorldPos), tex.a);
}
