package ui

import (
	"testing"

	"github.com/sleakgo/sleak/ecs"
)

func TestPlaceStaysInside(t *testing.T) {
	sizes := []struct{ w, h int }{{400, 700}, {1920, 1080}, {160, 120}, {3840, 2160}, {1, 1}}
	for _, sz := range sizes {
		for _, scale := range []float32{1, 2} {
			s := NewScreen(sz.w, sz.h, scale)
			for a := TopLeft; a <= BottomRight; a++ {
				for _, off := range [][2]float32{{0, 0}, {-50, 30}, {5000, -5000}} {
					w, h := min(80*s.Scale, s.W), min(30*s.Scale, s.H)
					r := s.Place(a, w, h, off[0], off[1])
					if !r.Inside(s.W, s.H) {
						t.Errorf("%dx%d at %v, anchor %d offset %v: %+v leaves the screen", sz.w, sz.h, scale, a, off, r)
					}
				}
			}
		}
	}
}

func TestPlaceAnchors(t *testing.T) {
	s := Screen{W: 200, H: 100, Scale: 1}
	tests := []struct {
		a    Anchor
		want Rect
	}{
		{TopLeft, Rect{0, 0, 20, 10}},
		{TopCenter, Rect{90, 0, 20, 10}},
		{Center, Rect{90, 45, 20, 10}},
		{BottomRight, Rect{180, 90, 20, 10}},
		{BottomCenter, Rect{90, 90, 20, 10}},
	}
	for _, tt := range tests {
		if got := s.Place(tt.a, 20, 10, 0, 0); got != tt.want {
			t.Errorf("anchor %d: %+v, want %+v", tt.a, got, tt.want)
		}
	}
}

func TestScreenScale(t *testing.T) {
	tests := []struct {
		w, h  int
		px    float32
		scale float32
	}{
		{1280, 720, 1, 1}, {400, 700, 1, 1}, {1920, 1080, 1, 1.5}, {2560, 1440, 2, 2}, {3840, 2160, 1, 3},
	}
	for _, tt := range tests {
		if got := NewScreen(tt.w, tt.h, tt.px).Scale; got != tt.scale {
			t.Errorf("%dx%d at pixel scale %v: scale %v, want %v", tt.w, tt.h, tt.px, got, tt.scale)
		}
	}
	if f := (Screen{W: 400, H: 700}).Fit(480, 50, 10); f != 380.0/480 {
		t.Errorf("Fit = %v", f)
	}
}

func TestFaceRasterisesText(t *testing.T) {
	fs, err := NewFonts(nil)
	if err != nil {
		t.Fatal(err)
	}
	f := fs.Face(16)
	if f == nil {
		t.Fatal(fs.Err())
	}
	if w := f.Measure("Hello"); w < 25 || w > 60 {
		t.Errorf("Measure(Hello) = %v px at 16 px", w)
	}
	if fs.Face(16) != f {
		t.Error("a second Face(16) rasterised again")
	}
	var ink int
	for i := 3; i < len(f.Atlas.Pix); i += 4 {
		if f.Atlas.Pix[i] > 128 {
			ink++
		}
	}
	if ink < 500 {
		t.Errorf("atlas has %d inked pixels, want the glyphs", ink)
	}
	if _, err := NewFace(fs.font, 2); err == nil {
		t.Error("a 2 px face was made")
	}
}

func TestPointerAndClicks(t *testing.T) {
	in := &ecs.Input{PixelScale: 2}
	in.MoveCursor(50, 20)
	in.SetMouse(ecs.MouseLeft, true)
	p := PointerOf(in)
	r := Rect{90, 30, 20, 20}
	if !p.Over(r) || !p.Clicked(r) {
		t.Errorf("pointer %+v does not click %+v (window pixels times the pixel scale)", p, r)
	}
	in.MouseCaptured = true
	if PointerOf(in).Over(r) {
		t.Error("a captured cursor hovers")
	}
}

func TestCanvasSteadyFrameAllocatesNothing(t *testing.T) {
	fs, _ := NewFonts(nil)
	c := NewCanvas(fs)
	in := &ecs.Input{}
	buf := make([]byte, 0, 64)
	frame := func() {
		c.Begin(800, 600, in)
		s := c.Screen()
		f := c.Fonts.Face(s.Px(14))
		buf = AppendFloat(append(buf[:0], "fps "...), 59.94, 1)
		c.TextBytes(f, 4, 4, buf, White)
		c.Frame(s.Place(Center, 100, 30, 0, 0), 2, Black)
	}
	frame()
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("a steady frame allocates %v times", n)
	}
}
