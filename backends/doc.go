// Package backends is the contract between the engine's render systems and
// the renderers that execute them (Vulkan, OpenGL, Direct3D 11 and 12), plus
// the rules every renderer shares: how a canonical shader path becomes each
// backend's files, how a vertex format's stems become per-pass pipelines
// without ever falling back to another shader, and the frame statistics that
// make a dropped draw visible.
//
// Task index:
//
//   - Name a backend from a flag: ParseKind (accepts the C++ engine's aliases).
//   - Find the files a backend loads: Resolve (material shader from its .hlsl
//     path), ResolveStem (a vertex format's stem in one pass).
//   - Check every file before launch: CheckFiles (strict mode).
//   - Implement a backend: the Backend interface; embed a PipelineTable for the
//     per-(format, pass) build-once state machine and its log lines.
//   - Read what a frame did: Stats.
//
// This package imports no concrete backend and no cgo; backends/choose is the
// one place that does.
package backends
