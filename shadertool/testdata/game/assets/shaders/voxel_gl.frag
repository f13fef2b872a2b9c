#version 410 core
in vec3 vNormal;
in vec4 vColor;
in vec2 vUV;
out vec4 outColor;

void main() {
    float l = max(dot(normalize(vNormal), normalize(vec3(0.3, 1.0, 0.2))), 0.1);
    outColor = vec4(l * vColor.rgb, vColor.a);
}
