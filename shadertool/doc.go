// Package shadertool compiles a game's GLSL shaders to SPIR-V and checks
// that every shader stem has the variants each backend loads.
//
// Sleak never cross-compiles and never falls back: a stem exists on disk as
// up to eight files (foo.vert, foo.frag and their .spv for Vulkan,
// foo_gl.vert and foo_gl.frag for OpenGL, foo.hlsl for Direct3D 11,
// foo_dx12.hlsl for Direct3D 12), and a variant that is missing, misnamed or
// stale only shows up at run time as a pass that draws nothing. This package
// finds those mistakes ahead of time.
//
// [Compile] runs glslc over every *.vert, *.frag and *.comp below the given
// folders (skipping the OpenGL *_gl.* files, which the driver compiles) and
// writes foo.vert.spv beside foo.vert. It is incremental by content: each
// folder keeps a manifest (.spv-manifest.json) recording, per source, the
// SHA-256 of the source and everything it #includes, the glslc version and
// the SHA-256 of the .spv it produced. Modification times are never used, so
// a checkout, a branch switch or a hand-edited .spv cannot fool it.
//
// [Check] builds a [Report]: a coverage matrix with one row per stem, the
// exact file names of missing variants (from [backends.Resolve] and
// [backends.ResolveStem], the same rules the backends load by), stale and
// unaccounted-for SPIR-V, files no loader looks for, HLSL without its entry
// points, real compile checks with glslc and glslangValidator, a comparison
// of every vertex shader's inputs (reflected with spirv-cross) against the
// vertex formats of game.toml, and the backend feature matrix that follows.
// Stems that game.toml declares as limited to some backends are reported as
// accepted gaps rather than errors.
//
// [Generate] writes missing OpenGL variants (foo_gl.vert, foo_gl.frag) from
// the Vulkan SPIR-V with spirv-cross, marked generated in their first line
// and in the manifest; hand-written variants are never touched, and Check
// shows which is which and reports stale generated files.
//
// Includes resolve as at run time: beside the including file, then in the
// engine's shader folder, where the shared interface (sleak.glsl,
// sleak_gl.glsl, sleak.hlsli) lives; OpenGL and HLSL files are expanded
// with assets.ExpandIncludes, the loaders' own expander, before a tool sees
// them. Include cycles and over-deep graphs are refused before any tool
// runs, and every tool run is bounded by ToolTimeout.
//
// The engine's own stems have fixed roles (see [EngineStems]): the shadow
// stem needs only a vertex stage, the gbuffer stem only a fragment stage.
//
// External tools are looked up on PATH when needed; a missing tool is an
// error that says what to install, never a silent skip.
package shadertool
