// The vertex stage of the effects' fullscreen stems, for Vulkan and
// OpenGL: one triangle that covers the target, from the vertex index alone
// (no vertex buffer). Include it after sleak.glsl or sleak_gl.glsl.
#ifdef VULKAN
#define SLEAK_VERTEX_INDEX gl_VertexIndex
#else
#define SLEAK_VERTEX_INDEX gl_VertexID
#endif

void main() {
    vec2 p = vec2((SLEAK_VERTEX_INDEX << 1) & 2, SLEAK_VERTEX_INDEX & 2);
    gl_Position = sleakClip(vec4(p * 2.0 - 1.0, 0.0, 1.0));
}
