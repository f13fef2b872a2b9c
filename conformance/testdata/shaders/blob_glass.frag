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

// The sun's shadow, as the engine's default shader has it.
#include "sleak_sun.glsl"

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
