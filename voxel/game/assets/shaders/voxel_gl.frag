#version 410 core
// Opaque chunks drawn forward, lit like the engine's default shader.
#include "sleak_gl.glsl"
uniform sampler2D u_shadowMap;
uniform sampler2D u_texture;
#define SHADOWMAP u_shadowMap

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

void main() {
    vec4 tex = texture(u_texture, vTile.xy + fract(vUV) * vTile.zw) * u_color;
    if (tex.a < 0.5) { discard; }
    outColor = vec4(shade(tex.rgb, vNormal, vAO, vWorldPos), tex.a);
}
