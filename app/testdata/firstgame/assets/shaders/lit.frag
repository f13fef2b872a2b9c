#version 450
layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj;
    mat4 invViewProj;
    mat4 lightViewProj;
    vec4 cameraPos;
    vec4 lightDir;
    vec4 lightColor;
    vec4 ambient;
    vec4 fogColor;
    vec4 fogParams;
} frame;
layout(push_constant) uniform Draw {
    mat4 model;
    vec4 color;
} draw;
layout(set = 1, binding = 0) uniform sampler2D tex;

layout(location = 0) in vec3 vNormal;
layout(location = 1) in vec2 vUV;
layout(location = 0) out vec4 outColor;

void main() {
    float sun = max(dot(normalize(vNormal), -frame.lightDir.xyz), 0.0);
    vec4 albedo = texture(tex, vUV) * draw.color;
    outColor = vec4(albedo.rgb * (frame.ambient.rgb + frame.lightColor.rgb * sun), albedo.a);
}
