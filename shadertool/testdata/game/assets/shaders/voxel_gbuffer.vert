#version 450
// Feeds the engine's gbuffer fragment stage (docs/SHADERS.md).
layout(set = 0, binding = 0) uniform Frame { mat4 viewProj; } frame;
layout(push_constant) uniform Draw { mat4 model; vec4 color; } draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inColor;
layout(location = 3) in vec2 inUV;

layout(location = 0) out vec3 gNormal;
layout(location = 1) out vec4 gAlbedo;
layout(location = 2) out vec2 gUV;
layout(location = 3) out vec4 gSurface;
layout(location = 4) flat out vec4 gTile;
layout(location = 5) out vec4 gTangent;  // no tangent frame: a normal map reads flat

void main() {
    gNormal = mat3(draw.model) * inNormal;
    gAlbedo = inColor * draw.color;
    gUV = inUV;
    gSurface = vec4(0.8, 0.0, 0.0, 0.0);
    gTile = vec4(0.0);
    gTangent = vec4(0.0);
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
