// The vertex stage of the effects' fullscreen stems on OpenGL: one
// triangle that covers the target, from the vertex index alone (no vertex
// buffer). Include it after sleak_gl.glsl. (Vulkan runs those stems as
// compute shaders: backends.IsComputeStem.)
void main() {
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    gl_Position = sleakClip(vec4(p * 2.0 - 1.0, 0.0, 1.0));
}
