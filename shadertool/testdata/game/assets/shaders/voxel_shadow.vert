#version 450
// Depth only: no fragment stage, so no voxel_shadow.frag.
layout(set = 0, binding = 0) uniform Frame { mat4 viewProj; mat4 invViewProj; mat4 lightViewProj; } frame;
layout(push_constant) uniform Draw { mat4 model; vec4 color; } draw;

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = frame.lightViewProj * draw.model * vec4(inPosition, 1.0);
}
