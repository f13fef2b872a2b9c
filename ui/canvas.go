package ui

import (
	"math"
	"strconv"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// Color is straight-alpha RGBA in display (gamma) space, 0 to 1: the UI
// pass draws after the tonemap, so what is written is what is shown.
type Color = vmath.Vec4

// RGBA returns a colour.
func RGBA(r, g, b, a float32) Color { return Color{r, g, b, a} }

// Common colours.
var (
	White = Color{1, 1, 1, 1}
	Black = Color{0, 0, 0, 1}
)

// Quad is one textured rectangle of the UI pass.
type Quad struct {
	Rect  Rect
	UV    [4]float32 // u0, v0, u1, v1
	Color Color
	// Texture is drawn when Face is nil; 0 is white (a plain rectangle).
	Texture backends.TextureID
	// Face is the font whose atlas a glyph quad samples; its texture ID is
	// only known once systems/ui has uploaded it.
	Face *Face
}

// Align is how text sits in a box.
type Align uint8

// Text alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Canvas collects a frame's UI in drawing order (later quads over
// earlier ones). It is an ecs resource of every game on the application
// runner; systems/ui draws and empties it each frame.
type Canvas struct {
	Fonts  *Fonts
	quads  []Quad
	screen Screen
	ptr    Pointer
}

// NewCanvas returns an empty canvas drawing text with fonts.
func NewCanvas(fonts *Fonts) *Canvas { return &Canvas{Fonts: fonts} }

// Begin starts a frame on a w x h framebuffer, taking the pointer from in
// (nil: no pointer). The runner calls it before the game's systems.
func (c *Canvas) Begin(w, h int, in *ecs.Input) {
	c.quads = c.quads[:0]
	scale := float32(1)
	if in != nil && in.PixelScale > 0 {
		scale = in.PixelScale
	}
	c.screen = NewScreen(w, h, scale)
	c.ptr = PointerOf(in)
}

// Screen returns the frame's screen.
func (c *Canvas) Screen() Screen { return c.screen }

// Pointer returns the frame's pointer, in framebuffer pixels.
func (c *Canvas) Pointer() Pointer { return c.ptr }

// Quads returns the frame's quads so far; the slice is reused next frame.
func (c *Canvas) Quads() []Quad { return c.quads }

// Reset empties the canvas.
func (c *Canvas) Reset() { c.quads = c.quads[:0] }

// Rect draws a filled rectangle.
func (c *Canvas) Rect(r Rect, col Color) {
	c.quads = append(c.quads, Quad{Rect: r, UV: [4]float32{0, 0, 1, 1}, Color: col})
}

// Frame draws the outline of r, t pixels thick, inside r.
func (c *Canvas) Frame(r Rect, t float32, col Color) {
	c.Rect(Rect{r.X, r.Y, r.W, t}, col)
	c.Rect(Rect{r.X, r.Y + r.H - t, r.W, t}, col)
	c.Rect(Rect{r.X, r.Y + t, t, r.H - 2*t}, col)
	c.Rect(Rect{r.X + r.W - t, r.Y + t, t, r.H - 2*t}, col)
}

// Sprite draws part of a texture (uv: u0, v0, u1, v1) tinted by col.
func (c *Canvas) Sprite(r Rect, tex backends.TextureID, uv [4]float32, col Color) {
	c.quads = append(c.quads, Quad{Rect: r, UV: uv, Color: col, Texture: tex})
}

// Text draws s with its first line's top-left corner at (x, y) and returns
// the box it covers. A nil face draws nothing.
func (c *Canvas) Text(f *Face, x, y float32, s string, col Color) Rect {
	if f == nil {
		return Rect{X: x, Y: y}
	}
	x, y = float32(math.Round(float64(x))), float32(math.Round(float64(y)))
	pen, base := x, y+f.Ascent
	for _, r := range s {
		g := f.glyph(r)
		if g.w > 0 {
			gx := float32(math.Round(float64(pen))) + float32(g.x)
			c.quads = append(c.quads, Quad{Rect: Rect{gx, base + float32(g.y), float32(g.w), float32(g.h)}, UV: g.uv, Color: col, Face: f})
		}
		pen += g.advance
	}
	return Rect{x, y, float32(math.Ceil(float64(pen - x))), f.LineHeight}
}

// TextBytes is Text for text built in a reused byte slice, which costs no
// string conversion.
func (c *Canvas) TextBytes(f *Face, x, y float32, b []byte, col Color) Rect {
	return c.Text(f, x, y, unsafeString(b), col)
}

// TextIn draws one line of s vertically centred in r, aligned as a says.
func (c *Canvas) TextIn(f *Face, r Rect, a Align, s string, col Color) Rect {
	if f == nil {
		return r
	}
	w := f.Measure(s)
	x := r.X
	switch a {
	case AlignCenter:
		x = r.X + (r.W-w)/2
	case AlignRight:
		x = r.X + r.W - w
	}
	return c.Text(f, x, r.Y+(r.H-f.LineHeight)/2, s, col)
}

// TextInBytes is TextIn for text built in a reused byte slice.
func (c *Canvas) TextInBytes(f *Face, r Rect, a Align, b []byte, col Color) Rect {
	return c.TextIn(f, r, a, unsafeString(b), col)
}

// Pointer is the cursor and the left button in one frame, in framebuffer
// pixels.
type Pointer struct {
	X, Y     float32
	Present  bool // the cursor is free (not captured for mouse look)
	Down     bool
	Pressed  bool // went down this frame
	Released bool
}

// PointerOf reads the pointer from in, converting window pixels to
// framebuffer pixels with in.PixelScale. A captured cursor (mouse look) is
// not a pointer: it hovers and clicks nothing.
func PointerOf(in *ecs.Input) Pointer {
	if in == nil || in.MouseCaptured {
		return Pointer{X: -1, Y: -1}
	}
	s := in.PixelScale
	if s <= 0 {
		s = 1
	}
	return Pointer{X: in.MouseX * s, Y: in.MouseY * s, Present: true,
		Down: in.MouseDown[ecs.MouseLeft], Pressed: in.MousePressed[ecs.MouseLeft], Released: in.MouseReleased[ecs.MouseLeft]}
}

// Over reports whether the pointer is over r.
func (p Pointer) Over(r Rect) bool { return p.Present && r.Contains(p.X, p.Y) }

// Clicked reports whether the left button went down over r this frame.
func (p Pointer) Clicked(r Rect) bool { return p.Pressed && p.Over(r) }

// AppendInt appends n in decimal to b.
func AppendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendFloat appends x with prec decimals to b.
func AppendFloat(b []byte, x float64, prec int) []byte {
	return strconv.AppendFloat(b, x, 'f', prec, 64)
}
