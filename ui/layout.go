package ui

import "math"

// Rect is a box in framebuffer pixels from the top-left corner.
type Rect struct{ X, Y, W, H float32 }

// Contains reports whether the point (x, y) is inside r.
func (r Rect) Contains(x, y float32) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float32) Rect {
	return Rect{r.X + d, r.Y + d, max(r.W-2*d, 0), max(r.H-2*d, 0)}
}

// Inside reports whether r lies within a w x h screen.
func (r Rect) Inside(w, h float32) bool {
	return r.X >= 0 && r.Y >= 0 && r.X+r.W <= w && r.Y+r.H <= h
}

// Anchor is the point of the screen, and of a box, that Place lines up.
type Anchor uint8

// The nine anchors.
const (
	TopLeft Anchor = iota
	TopCenter
	TopRight
	CenterLeft
	Center
	CenterRight
	BottomLeft
	BottomCenter
	BottomRight
)

// fractions of the width and height at each anchor.
func (a Anchor) fractions() (fx, fy float32) {
	return float32(a%3) / 2, float32(a/3) / 2
}

// Screen is the framebuffer a layout fills: its size in pixels and the
// scale of one layout unit (a "point") in pixels.
type Screen struct {
	W, H  float32
	Scale float32
}

// BaseW and BaseH are the screen a scale of 1 is designed for; larger
// screens scale the interface up, so 1920x1080 is not a postage stamp.
const (
	BaseW = 1280
	BaseH = 720
)

// NewScreen returns the screen of a w x h framebuffer. pixelScale is the
// window system's framebuffer pixels per window pixel (2 on a HiDPI
// display; 0 means 1): the interface is that much larger in pixels, and
// larger again on a screen bigger than BaseW x BaseH, so it keeps its size
// to the eye. A window smaller than the base never scales below
// pixelScale: Fit shrinks what would not fit instead.
func NewScreen(w, h int, pixelScale float32) Screen {
	if pixelScale <= 0 {
		pixelScale = 1
	}
	grow := min(float32(w)/(BaseW*pixelScale), float32(h)/(BaseH*pixelScale))
	grow = max(1, min(grow, 4))
	// Quarter steps keep text sizes whole and stable while a window is dragged.
	s := pixelScale * float32(math.Floor(float64(grow*4))) / 4
	return Screen{W: float32(max(w, 0)), H: float32(max(h, 0)), Scale: s}
}

// Px returns pt points in whole pixels, at least 1.
func (s Screen) Px(pt float32) int { return max(1, int(math.Round(float64(pt*s.Scale)))) }

// Pt returns pt points in pixels, not rounded.
func (s Screen) Pt(pt float32) float32 { return pt * s.Scale }

// Place returns a w x h box whose anchor point sits at the screen's anchor
// point moved by (dx, dy) pixels, on whole pixels and moved back inside the
// screen when the offset would push it out. A box larger than the screen
// is aligned to its top-left corner.
func (s Screen) Place(a Anchor, w, h, dx, dy float32) Rect {
	fx, fy := a.fractions()
	x := s.W*fx - w*fx + dx
	y := s.H*fy - h*fy + dy
	x = max(0, min(x, s.W-w))
	y = max(0, min(y, s.H-h))
	return Rect{float32(math.Round(float64(x))), float32(math.Round(float64(y))), w, h}
}

// Fit returns the factor, at most 1, by which content of w x h pixels must
// shrink to fit the screen with margin pixels on every side.
func (s Screen) Fit(w, h, margin float32) float32 {
	f := float32(1)
	if avail := s.W - 2*margin; w > avail && w > 0 {
		f = min(f, max(avail, 0)/w)
	}
	if avail := s.H - 2*margin; h > avail && h > 0 {
		f = min(f, max(avail, 0)/h)
	}
	return f
}
