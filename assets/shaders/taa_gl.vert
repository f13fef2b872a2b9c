#version 410 core
#include "sleak_gl.glsl"
#include "sleak_fullscreen.glsl"
