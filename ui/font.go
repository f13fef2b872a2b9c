package ui

import (
	"fmt"
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sleakgo/sleak/backends"
)

// firstRune and lastRune bound the characters a face rasterises: printable
// ASCII and Latin-1, enough for every string the engine and the sample game
// show. Anything else is drawn as '?'.
const (
	firstRune = ' '
	lastRune  = 0xFF
	numRunes  = lastRune - firstRune + 1
)

// MinPx and MaxPx bound a face's pixel size: smaller is unreadable, larger
// would need an atlas past what every backend allows.
const (
	MinPx = 6
	MaxPx = 160
)

// glyph is where one character sits in the atlas and how it is placed
// relative to the pen on the baseline.
type glyph struct {
	ok      bool
	x, y    int // top-left offset from the pen, in pixels
	w, h    int
	uv      [4]float32 // u0, v0, u1, v1
	advance float32
}

// Face is one font at one pixel size: its atlas (white, coverage in
// alpha) and the metrics to lay out text with it.
type Face struct {
	Px         int
	Ascent     float32 // baseline below the top of a line
	LineHeight float32
	Atlas      *image.RGBA
	// Texture is the atlas on the backend, set by the system that uploads
	// it (systems/ui); 0 until then.
	Texture backends.TextureID
	glyphs  [numRunes]glyph
}

// NewFace rasterises f at px pixels (MinPx to MaxPx) into a new atlas.
func NewFace(f *opentype.Font, px int) (*Face, error) {
	if px < MinPx || px > MaxPx {
		return nil, fmt.Errorf("ui: font size %d px: want %d to %d", px, MinPx, MaxPx)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("ui: font face at %d px: %w", px, err)
	}
	defer face.Close()
	m := face.Metrics()
	fc := &Face{Px: px, Ascent: float32(m.Ascent.Ceil()), LineHeight: float32(m.Height.Ceil())}
	// Shelf packing in rows of a fixed width; one pixel of padding keeps
	// linear sampling from bleeding a neighbour in.
	const pad = 1
	width := 256
	for width < px*16 {
		width *= 2
	}
	type placed struct {
		r      rune
		bounds image.Rectangle
		at     image.Point
	}
	var all []placed
	x, y, row := pad, pad, 0
	for r := rune(firstRune); r <= lastRune; r++ {
		b, adv, ok := face.GlyphBounds(r)
		g := &fc.glyphs[r-firstRune]
		g.advance = float32(adv) / 64
		if !ok {
			continue
		}
		g.ok = true
		ib := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
		if ib.Empty() {
			continue // a space: an advance and nothing to draw
		}
		if x+ib.Dx()+pad > width {
			x, y, row = pad, y+row+pad, 0
		}
		all = append(all, placed{r, ib, image.Pt(x, y)})
		x += ib.Dx() + pad
		row = max(row, ib.Dy())
	}
	height := y + row + pad
	alpha := image.NewAlpha(image.Rect(0, 0, width, height))
	for _, p := range all {
		d := font.Drawer{Dst: alpha, Src: image.Opaque, Face: face,
			Dot: fixed.P(p.at.X-p.bounds.Min.X, p.at.Y-p.bounds.Min.Y)}
		d.DrawString(string(p.r))
		g := &fc.glyphs[p.r-firstRune]
		g.x, g.y, g.w, g.h = p.bounds.Min.X, p.bounds.Min.Y, p.bounds.Dx(), p.bounds.Dy()
		g.uv = [4]float32{float32(p.at.X) / float32(width), float32(p.at.Y) / float32(height),
			float32(p.at.X+g.w) / float32(width), float32(p.at.Y+g.h) / float32(height)}
	}
	fc.Atlas = image.NewRGBA(alpha.Rect)
	draw.Draw(fc.Atlas, fc.Atlas.Rect, image.White, image.Point{}, draw.Src)
	for i, a := range alpha.Pix {
		fc.Atlas.Pix[i*4+3] = a
	}
	return fc, nil
}

func (f *Face) glyph(r rune) *glyph {
	if r < firstRune || r > lastRune || !f.glyphs[r-firstRune].ok {
		r = '?'
	}
	return &f.glyphs[r-firstRune]
}

// Measure returns the width of s in pixels, as Text lays it out.
func (f *Face) Measure(s string) float32 {
	var w float32
	for _, r := range s {
		w += f.glyph(r).advance
	}
	return float32(math.Ceil(float64(w)))
}
