#version 410 core
// OpenGL only: compile must skip every *_gl.* file.
void main() { gl_Position = vec4(0.0); }
