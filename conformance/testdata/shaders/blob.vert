#version 450
// Main (forward opaque) stem of the blob test format.
#include "sleak.glsl"

// The "blob" test format: compact attributes that the backend must expand.
layout(location = 0) in vec3 inPosition; // Float3 at 0
layout(location = 1) in vec4 inNormal;   // Short4Norm at 12 (w unused)
layout(location = 2) in vec4 inColor;    // UByte4Norm at 20

layout(location = 0) out vec3 vWorldPos;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vWorldPos = world.xyz;
    vNormal = mat3(draw.model) * inNormal.xyz;
    vColor = inColor * draw.color;
    gl_Position = frame.viewProj * world;
}
