package assets

// The engine's .spv files are committed beside their sources; this
// recompiles the ones whose sources changed (incrementally, by content).
//go:generate go run ../cmd/sleak shaders compile shaders
