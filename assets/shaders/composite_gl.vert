#version 410 core
// Fullscreen triangle; no vertex buffer.
void main() {
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    // The engine's projections give clip depth in [0, 1]; OpenGL clips to [-w, w].
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
}
