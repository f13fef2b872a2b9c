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
