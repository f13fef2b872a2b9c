#version 410 core
// Forward lighting: sun with filtered shadows, ambient, distance fog. Output is
// linear HDR; composite tonemaps it.
#include "sleak_gl.glsl"
#include "sleak_lights.glsl"
uniform sampler2D u_shadowMap;
uniform sampler2D u_texture;
#define SHADOWMAP u_shadowMap

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec4 vColor;
layout(location = 3) in vec2 vUV;

layout(location = 0) out vec4 outColor;

// 3x3 PCF over the shadow map; the pipeline's depth bias does most of the work.
float shadowFactor(vec3 worldPos) {
    if (frame.lightDir.w < 0.5) {
        return 1.0;
    }
    vec4 lc = frame.lightViewProj * vec4(worldPos, 1.0);
    vec3 ndc = lc.xyz / lc.w;
    vec2 uv = sleakShadowUV(ndc);
    if (uv.x < 0.0 || uv.x > 1.0 || uv.y < 0.0 || uv.y > 1.0 || ndc.z > 1.0) {
        return 1.0;
    }
    float texel = frame.fogParams.z;
    float lit = 0.0;
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            float d = texture(SHADOWMAP, uv + vec2(x, y) * texel).r;
            lit += step(ndc.z - 0.0005, d);
        }
    }
    return lit / 9.0;
}

vec3 applyFog(vec3 color, vec3 worldPos) {
    float end = frame.fogParams.y;
    if (end <= 0.0) {
        return color;
    }
    float dist = length(worldPos - frame.cameraPos.xyz);
    float f = clamp((dist - frame.fogParams.x) / max(end - frame.fogParams.x, 0.001), 0.0, 1.0);
    return mix(color, frame.fogColor.rgb, f);
}

vec3 shade(vec3 albedo, vec3 normal, float ao, vec3 worldPos, float roughness, float metallic) {
    vec3 n = normalize(normal);
    float ndl = max(dot(n, -frame.lightDir.xyz), 0.0);
    float sun = ndl * shadowFactor(worldPos);
    vec3 lit = albedo * (frame.ambient.rgb * ao + frame.lightColor.rgb * sun);
    vec3 v = normalize(frame.cameraPos.xyz - worldPos);
    lit += sleakPunctual(worldPos, n, v, albedo, roughness, metallic);
    return applyFog(lit, worldPos);
}

void main() {
    vec4 base = texture(u_texture, vUV) * vColor;
    outColor = vec4(shade(base.rgb, vNormal, 1.0, vWorldPos, 1.0, 0.0), base.a);
}
