#version 410 core
// OpenGL only: compile must skip every *_gl.* file.
out vec4 outColor;
void main() { outColor = vec4(1.0); }
