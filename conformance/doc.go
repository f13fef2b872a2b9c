// Package conformance is the rendering test suite every backend runs
// unchanged: the same scenes, the same checks and the same tolerances, so
// "the Vulkan backend draws it" and "the OpenGL backend draws it" mean the
// same thing.
//
// A backend wires it in with one test:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, conformance.Options{
//			Backend: backends.OpenGL, Open: opengl.New,
//			GoldenDir: "testdata/golden", Reference: "../vulkan/testdata/golden",
//			NoDriver:  func(err error) bool { return errors.Is(err, opengl.ErrNoContext) },
//		})
//	}
//
// Each scene renders offscreen at Width x Height through the real render
// systems (render.Install on an ecs.Scheduler) and checks three things: the
// picture (against the backend's own golden PNG within GoldenTolerance, and
// optionally against another backend's golden within AgreeTolerance), the
// facts a picture can hide (frame statistics: draws and dropped draws per
// format and pass), and the log (which errors appear, how often, and which
// file they name). Missing shader variants are part of the suite on purpose:
// the engine never falls back to another shader, so a forgotten variant must
// show up as a counted drop and one log line, never as a different picture.
//
// Flags and environment:
//
//   - go test -update-golden writes the goldens instead of comparing; the
//     other checks still run. Look at the images before committing them.
//   - A missing golden fails the scene. A failed comparison writes the actual
//     image and a difference image (differing pixels red over a dimmed copy)
//     to <GoldenDir>/../failures and prints their paths.
//   - When Open fails for lack of a driver the scenes are skipped with one
//     line, unless SLEAK_REQUIRE_DRIVERS=1, which turns that into a failure
//     (for machines that are meant to have the driver).
//
// The suite brings its own vertex format, "blob" (position Float3 at 0,
// normal Short4Norm at 12, color UByte4Norm at 20, stride 24), and its
// shaders for every stem (testdata/shaders: Vulkan GLSL with its committed
// SPIR-V, and the _gl variants), so compact attribute formats and all four
// stem passes are exercised on every backend. Every file in that folder is
// copied into each scene's assets/shaders, so a backend that needs more
// variants (blob.hlsl, blob_dx12.hlsl, ...) only adds files there. After
// editing a .vert or .frag, recompile it: glslc X -o X.spv.
//
// It imports no concrete backend: a backend is named only by
// Options.Backend, and every file name comes from backends.ResolveStem and
// backends.Resolve.
package conformance
