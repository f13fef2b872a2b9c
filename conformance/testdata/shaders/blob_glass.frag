#version 450
// Transparent stem of the blob test format: lit, with the vertex and
// material alpha for the blend. The transparent pass does not cull, so the
// normal is turned toward the viewer to light both sides alike.
#include "sleak.glsl"
layout(set = 0, binding = 1) uniform sampler2D shadowMap;
#define SHADOWMAP shadowMap

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec4 vColor;

layout(location = 0) out vec4 outColor;

// 3x3 PCF over the shadow map, as the engine's default shader does.
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

vec3 shade(vec3 albedo, vec3 normal, vec3 worldPos) {
    vec3 n = normalize(normal);
    float ndl = max(dot(n, -frame.lightDir.xyz), 0.0);
    float sun = ndl * shadowFactor(worldPos);
    return albedo * (frame.ambient.rgb + frame.lightColor.rgb * sun);
}

void main() {
    vec3 n = normalize(vNormal);
    if (dot(n, frame.cameraPos.xyz - vWorldPos) < 0.0) {
        n = -n;
    }
    outColor = vec4(shade(vColor.rgb, n, vWorldPos), vColor.a);
}
