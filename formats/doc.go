// Package formats describes vertex layouts: how the bytes of one vertex are
// split into attributes, and which shader stems draw meshes of that layout in
// each render pass.
//
// A [Layout] is a plain description. Games build one in Go or in game.toml
// (package config decodes [[vertex_format]] tables into the same struct), and
// both go through [Layout.Validate], so a mistake is reported the same way
// whichever way the layout was written. Each problem has its own
// [ErrorCode] and names the format, the attribute and the TOML key at fault.
//
// A [Registry] hands out a [Handle] per registered layout. Handle 0
// ([DefaultHandle]) is always the engine's own 96-byte vertex
// ([DefaultLayout]); registered layouts start at 1. Meshes and pipelines are
// keyed by handle, never by pointer, so a handle can cross package and backend
// boundaries cheaply.
//
// # Stems and passes
//
// A layout names up to four shader stems, one per [Pass]. A stem is a bare
// name such as "voxel": each backend turns it into its own file names
// (Vulkan: assets/shaders/voxel.vert.spv and voxel.frag.spv). The shadow and
// gbuffer stems are vertex-only ([Pass.VertexOnly]): shadows write depth only,
// and the gbuffer pass pairs the stem with one of the engine's fixed gbuffer
// fragment shaders, the one the layout's [GBufferStage] names (smooth, the
// default, or flat). An empty stem skips that pass for the format, which is a supported
// configuration; the main stem gates every other pass, so it is required as
// soon as any other stem is set.
//
// # Where to find what
//
//   - Describe an attribute's storage: [AttributeFormat], [ParseAttributeFormat].
//   - Describe a vertex: [Layout], [Attribute], [DefaultLayout].
//   - Check a description: [Layout.Validate], [Layout.ValidateAll], [ValidationError].
//   - Pick the stem for a pass: [Layout.Stem], [Pass].
//   - Register and look up: [NewRegistry], [Registry.Register], [Registry.Get], [Registry.Lookup].
//
// What this package does not do: it compiles no shaders and creates no GPU
// objects. Backends read layouts from a [Registry] and build pipelines
// themselves.
package formats
