#version 410 core
layout(std140) uniform Frame {
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
uniform vec4 u_color;
uniform sampler2D u_texture;

layout(location = 0) in vec3 vNormal;
layout(location = 1) in vec2 vUV;
layout(location = 0) out vec4 outColor;

void main() {
    float sun = max(dot(normalize(vNormal), -frame.lightDir.xyz), 0.0);
    vec4 albedo = texture(u_texture, vUV) * u_color;
    outColor = vec4(albedo.rgb * (frame.ambient.rgb + frame.lightColor.rgb * sun), albedo.a);
}
