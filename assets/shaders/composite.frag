#version 450
// Exposure, ACES filmic tonemap (Narkowicz's fit) and gamma 2.2 to the
// 8-bit output.
layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj;
    vec4 cameraPos;  // w: time
    vec4 lightDir;   // xyz: direction light travels, w: 1 when shadows are on
    vec4 lightColor;
    vec4 ambient;    // w: exposure
    vec4 fogColor;
    vec4 fogParams;  // x: start, y: end (0: off), z: 1 / shadow map size
} frame;
layout(set = 1, binding = 0) uniform sampler2D hdrColor;

layout(location = 0) out vec4 outColor;

vec3 aces(vec3 x) {
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
    vec3 hdr = texelFetch(hdrColor, ivec2(gl_FragCoord.xy), 0).rgb;
    float exposure = frame.ambient.w > 0.0 ? frame.ambient.w : 1.0;
    outColor = vec4(pow(aces(hdr * exposure), vec3(1.0 / 2.2)), 1.0);
}
