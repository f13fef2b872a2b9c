// Package config loads game.toml, the file that describes a Sleak game:
// its window, renderer, vertex formats, materials, entities and shader
// policy.
//
// [Load] and [Parse] decode the whole file into a [File] and check it. They
// report every problem at once, each as "FILE:LINE:COL: message" (see
// [Error] and [Errors]): syntax errors, values of the wrong type, unknown
// keys (with a "did you mean" when a known key is close), invalid vertex
// formats, and references to materials that do not exist. Decoding never
// panics, whatever the input.
//
// # Limits and paths
//
// A file is read only when it is a regular file of at most [MaxFileSize]
// bytes, and refused before the TOML decoder sees it when its keys nest
// more than [MaxDepth] deep. NaN, infinities and numbers beyond
// [MaxMagnitude] are refused in every section. Every path the file names
// follows one policy, [CleanAssetPath]: relative to the game's folder and
// inside it. docs/LIMITS.md lists every limit and why it has its value.
//
// # Vertex formats
//
// Each [[vertex_format]] becomes a [formats.Layout] and is checked with
// [formats.Layout.ValidateAll], the same rules Go code gets, so a layout
// written in TOML and one written in Go fail the same way. Problems are
// positioned at the key at fault, down to the attribute of the entry:
//
//	[[vertex_format]]
//	name = "voxel"
//	shader = "voxel"
//	shadow_shader = "voxel_shadow"
//	  [[vertex_format.attribute]]
//	  name = "position"
//	  location = 0
//	  format = "Float3"     # offset omitted: packed after the previous one
//	  [[vertex_format.attribute]]
//	  name = "color"
//	  location = 1
//	  format = "UByte4Norm"
//	# stride omitted: the end of the last attribute, rounded up to 4
//
// [File.Register] puts the decoded formats in a [formats.Registry].
//
// # Sections the game owns
//
// A game with its own top-level tables, such as [world], passes them as a
// [Section] with a pointer to decode into. They are decoded with the usual
// TOML rules and are just as strict about unknown keys. A Section's Check
// reports the game's own range checks by key, positioned like the
// engine's.
//
// # Defaults
//
// Absent keys take the defaults documented on each field: a 1200x800 window
// titled "Sleak" with vsync, the Vulkan backend, white materials that cast
// shadows, unit scale, a 60 degree camera.
package config
