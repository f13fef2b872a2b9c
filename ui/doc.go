// Package ui is the engine's screen-space user interface: what a game draws
// over the finished image (text, sprites, rectangles), where on the screen
// it goes, and which of it the pointer is over.
//
// A game fills a Canvas each frame, in pixels from the top-left corner of
// the framebuffer; systems/ui draws it in the UI pass (formats.PassUI), after
// the composite, on every backend, and empties it for the next frame.
//
//	c := ecs.Resource[ui.Canvas](w)
//	s := c.Screen()
//	face := c.Fonts.Face(s.Px(16))
//	r := s.Place(ui.BottomCenter, 200*s.Scale, 40*s.Scale, 0, -8*s.Scale)
//	c.Rect(r, ui.RGBA(0, 0, 0, 0.5))
//	c.TextIn(face, r, ui.AlignCenter, "Hello", ui.White)
//	if c.Pointer().Clicked(r) { ... }
//
// Text is rasterised from a real font (the Go fonts, through
// golang.org/x/image/font/opentype) into one atlas per pixel size, so it is
// crisp at any DPI scale; glyphs land on whole pixels.
//
// Layout is anchored: Screen.Place puts a box at one of nine anchors with an
// offset and keeps it inside the screen, and Screen.Fit shrinks content that
// would not fit a narrow window, so a layout survives any window size and
// scale. Hit-testing reads ecs.Input (cursor and buttons), converted from
// window to framebuffer pixels with Input.PixelScale.
//
// Filling a canvas allocates nothing once its buffers have grown to a
// frame's worth of quads; AppendInt and AppendFloat help build text in a
// reused byte slice.
package ui
