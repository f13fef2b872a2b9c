// The colour of the hot reload scenes' material, for Vulkan and OpenGL.
#define RELOAD_COLOR vec4(0.9, 0.1, 0.1, 1.0)
