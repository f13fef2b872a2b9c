// Package vmath holds the small amount of 3D math the engine and games share:
// float32 vectors, quaternions, column-major 4x4 matrices, bounding boxes and
// view frustums.
//
// Matrices are column-major (m[col*4+row]), as GLSL, SPIR-V and the upload
// paths of every backend expect, and use a right-handed view space with clip
// depth in [0, 1] (Vulkan and Direct3D). Backends whose native depth range is
// [-1, 1] remap it themselves, so game code never branches on the backend.
//
// Every function returns values and allocates nothing.
package vmath
