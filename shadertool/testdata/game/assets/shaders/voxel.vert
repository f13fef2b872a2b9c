#version 450
layout(set = 0, binding = 0) uniform Frame { mat4 viewProj; } frame;
layout(push_constant) uniform Draw { mat4 model; vec4 color; } draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inColor;
layout(location = 3) in vec2 inUV;

layout(location = 0) out vec3 vNormal;
layout(location = 1) out vec4 vColor;
layout(location = 2) out vec2 vUV;

void main() {
    vNormal = mat3(draw.model) * inNormal;
    vColor = inColor * draw.color;
    vUV = inUV;
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
