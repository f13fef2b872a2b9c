// Package game is the sample voxel game: a first-person block world on the
// Sleak framework. It wires the voxel world (generation, streaming, meshing,
// saves) to the ECS and the render passes: chunks are entities of the
// game's "voxel" vertex format, instanced quads of 8 bytes and no vertex
// buffer, one opaque mesh per face direction (so that directions turned
// away from the camera are skipped) and one for water and glass; the
// format's four stems (main, shadow, gbuffer, transparent) are the game's
// own shaders, embedded and mounted over the engine's assets.
//
// A Game runs windowed with mouse look and keyboard, or headless with a
// scripted input track, for screenshots, benchmarks and end-to-end tests.
package game
