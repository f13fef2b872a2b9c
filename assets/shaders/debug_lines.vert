#version 450
// The debug pass: world-space line segments, two vertices each, over the
// composited image. A vertex is a position and an RGBA8 colour
// (backends.LineVertex); the colour is in display space, as the UI's,
// because the pass draws after the tonemap.
#include "sleak.glsl"
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    vColor = inColor;
    gl_Position = sleakClip(frame.viewProj * vec4(inPosition, 1.0));
}
