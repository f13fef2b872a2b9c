#version 450
#include "sleak.glsl"
#include "sleak_fullscreen.glsl"
