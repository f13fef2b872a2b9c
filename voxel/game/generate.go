package game

// The game's Vulkan shaders are compiled ahead of time and committed as
// .spv; `go generate ./voxel/game` rebuilds the ones whose sources changed.
//go:generate go run ../../cmd/sleak shaders compile assets/shaders
