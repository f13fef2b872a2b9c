#version 410 core
// Exposure, ACES filmic tonemap (Narkowicz's fit) and gamma 2.2 to the
// 8-bit output.
#include "sleak_gl.glsl"
uniform sampler2D u_hdrColor;

layout(location = 0) out vec4 outColor;

vec3 aces(vec3 x) {
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
    vec3 hdr = texelFetch(u_hdrColor, ivec2(gl_FragCoord.xy), 0).rgb;
    float exposure = frame.ambient.w > 0.0 ? frame.ambient.w : 1.0;
    outColor = vec4(pow(aces(hdr * exposure), vec3(1.0 / 2.2)), 1.0);
}
