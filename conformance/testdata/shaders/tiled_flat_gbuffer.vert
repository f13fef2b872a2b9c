#version 450
// GBuffer stem of the tiled_flat test format (gbuffer_stage = "flat"),
// vertex stage only: the surface of tiled_gbuffer, with what is the same
// over a face packed in the flat stage's face record (sleak_flat.glsl).
#include "sleak.glsl"
#include "sleak_flat.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 3) in vec4 inColor;
layout(location = 4) in vec2 inUV;

layout(location = 0) flat out uvec4 vFace; // the face record
layout(location = 1) out vec3 vUVAO;       // xy texture coordinate in tiles, z ambient occlusion

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vFace = sleakFlatFace(normalize(mat3(draw.model) * inNormal), inColor.rgb, draw.surface.x, draw.surface.y, draw.surface.z,
                          vec4(0.5, 0.25, 0.25, 0.5));
    vUVAO = vec3(inUV * 3.0, 0.55 + 0.45 * inUV.x);
    gl_Position = frame.viewProj * world;
}
