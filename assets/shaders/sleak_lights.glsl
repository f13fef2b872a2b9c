// Punctual lights for Vulkan GLSL and desktop GLSL: the frame's point and
// spot lights, binned into clusters by the engine (backends.LightGrid),
// read from one RGBA32F texture with texel fetches. Include it after
// sleak.glsl or sleak_gl.glsl:
//
//     #include "sleak_lights.glsl"
//
// sleakPunctual of P, N, V, albedo, roughness and metallic (named without a
// bracket, which `sleak shaders check` counts) returns the light the
// frame's punctual lights reflect towards the eye from a surface at world
// position P with normal N (V points from P to the eye). The rows below are
// the ones backends/lights.go writes; sleak.hlsli's twin,
// sleak_lights.hlsli, reads the same.
#ifndef SLEAK_LIGHTS_GLSL
#define SLEAK_LIGHTS_GLSL

#ifdef SLEAK_GL_GLSL
uniform sampler2D u_lights; // texture unit 7, set by the backend
#else
layout(set = 0, binding = 2) uniform sampler2D u_lights;
#endif

const float SLEAK_PI = 3.14159265;

vec3 sleakPunctual(vec3 P, vec3 N, vec3 V, vec3 albedo, float roughness, float metallic) {
    vec4 head = texelFetch(u_lights, ivec2(0, 0), 0); // tiles x, tiles y, slices, light count
    vec3 sum = vec3(0.0);
    if (head.w < 0.5) {
        return sum;
    }
    vec4 slicing = texelFetch(u_lights, ivec2(1, 0), 0); // 1/far, exponent
    // The cluster of P: its screen tile and its depth slice (clip w is the
    // view depth), numbered as LightGrid.Build numbers them.
    vec4 clip = frame.viewProj * vec4(P, 1.0);
    vec2 ndc = clip.xy / clip.w;
    float tx = clamp(floor((ndc.x * 0.5 + 0.5) * head.x), 0.0, head.x - 1.0);
    float ty = clamp(floor((ndc.y * 0.5 + 0.5) * head.y), 0.0, head.y - 1.0);
    float s = clamp(floor(head.z * pow(max(clip.w * slicing.x, 0.0), slicing.y)), 0.0, head.z - 1.0);
    float c = tx + head.x * (ty + head.y * s);
    float cy = floor(c / 1024.0);
    vec4 cell = texelFetch(u_lights, ivec2(int(c - cy * 1024.0), 4 + int(cy)), 0); // list column, row, count
    int n = int(cell.z);
    // GGX with Smith-Schlick visibility and Schlick's Fresnel; lights are
    // scaled by pi as the sun's Lambert term is (albedo * colour * N.L).
    float a = max(roughness * roughness, 0.002);
    float a2 = a * a;
    float k = a * 0.5;
    vec3 f0 = mix(vec3(0.04), albedo, metallic);
    vec3 diffuse = albedo * (1.0 - metallic);
    float ndv = max(dot(N, V), 0.0001);
    for (int i = 0; i < n; i++) {
        int li = int(texelFetch(u_lights, ivec2(int(cell.x) + (i >> 2), int(cell.y)), 0)[i & 3]);
        vec4 lp = texelFetch(u_lights, ivec2(li, 1), 0);  // position, 1/range^2
        vec4 lc = texelFetch(u_lights, ivec2(li, 2), 0);  // colour, cone scale
        vec4 ld = texelFetch(u_lights, ivec2(li, 3), 0);  // direction, cone offset
        vec3 lv = lp.xyz - P;
        float d2 = dot(lv, lv);
        vec3 L = normalize(lv);
        // Inverse square (intensity is the brightness at the light), windowed
        // to reach zero at the range.
        float f = d2 * lp.w;
        float win = clamp(1.0 - f * f, 0.0, 1.0);
        float cone = clamp(dot(-L, ld.xyz) * lc.w + ld.w, 0.0, 1.0);
        float ndl = max(dot(N, L), 0.0);
        vec3 H = normalize(L + V);
        float ndh = max(dot(N, H), 0.0);
        float q = ndh * ndh * (a2 - 1.0) + 1.0;
        float vis = 0.25 / ((ndl * (1.0 - k) + k) * (ndv * (1.0 - k) + k));
        float x = 1.0 - max(dot(V, H), 0.0);
        float x2 = x * x;
        vec3 F = f0 + (1.0 - f0) * (x2 * x2 * x);
        vec3 spec = F * (a2 / (q * q) * vis);
        sum += (diffuse + spec) * lc.rgb * (win * win / (d2 + 1.0) * cone * cone * ndl);
    }
    return sum;
}

#endif
