// Package debugdraw is the engine's immediate-mode debug drawing: lines,
// boxes, crosses and spheres in world space that game code adds from any system
// during a frame and that the debug pass (formats.PassDebug, drawn by
// systems/debugpass) shows once, after the composite and before the UI.
// The list is emptied every frame.
//
// The runner adds the frame's List as a resource; game code reaches it
// with ecs.Resource:
//
//	dd := ecs.Resource[debugdraw.List](w)
//	dd.Box(min, max, debugdraw.Yellow)             // hidden behind the scene
//	dd.OnTop.Line(a, b, vmath.Vec4{1, 0, 0, 1})    // drawn over it
//
// Colours are straight RGBA in 0..1 in display space (the tonemap does not
// touch them); alpha blends the line over the image. Lines are one pixel
// wide on every backend.
//
// A List keeps its vertex slices from frame to frame, so a steady frame
// allocates nothing; a List made with New(false) (game.toml's [renderer]
// debug_lines = false) ignores every call, at the cost of one branch.
package debugdraw
