package assets

// The .spv files are committed beside their sources; this recompiles the
// ones whose sources changed (incrementally, by content), in every folder
// the game loads from the repository root: the engine's and those of
// game.toml's [shaders] dirs. It prints what it compiled.
//go:generate go run ../cmd/sleak shaders compile -C ..
