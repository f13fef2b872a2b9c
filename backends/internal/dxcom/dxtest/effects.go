package dxtest

import (
	"image"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// EffectsAtOddSizes runs frames with SSAO and bloom on at sizes no multiple
// of 4, before and after a resize, SSR and the antialias pass on with them.
// Over a sky of one colour the bloom is one colour too, to the last row and
// column, which the quarter-size targets' rounding and the viewports
// decide (the sky reflects nothing, and the antialias pass keeps one
// colour as it is); with the effects off the sky is as without them; and a
// steady frame with all of them on allocates nothing. open starts the
// backend at the given size.
func EffectsAtOddSizes(t *testing.T, open func(t *testing.T, cfg backends.Config) backends.Backend) {
	b := open(t, backends.Config{Width: 161, Height: 121})
	id := vmath.Ident()
	// The sky is the fog colour all over (no SkyColor, no sun disc); its
	// luminance, 0.6, is above the threshold of 0.3 everywhere.
	off := backends.FrameData{ViewProj: id, InvViewProj: id, LightViewProj: id, LightDir: vmath.Vec3{0, -1, 0},
		Ambient: vmath.Vec3{0.5, 0.5, 0.5}, FogColor: vmath.Vec3{0.6, 0.6, 0.6}}
	on := off
	on.Effects.SSAO = backends.SSAO{Strength: 1}
	on.Effects.Bloom = backends.Bloom{Threshold: 0.3, Strength: 0.5}
	on.Effects.SSR = backends.SSR{Strength: 1}
	on.Effects.Antialias = true
	shot := func(f *backends.FrameData) *image.RGBA {
		t.Helper()
		for range 2 {
			runFrame(t, b, f, nil)
		}
		w, h := b.Size()
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		if err := b.ReadPixels(img); err != nil {
			t.Fatal(err)
		}
		return img
	}
	sky := Tonemap(off.FogColor)
	check := func() {
		t.Helper()
		w, h := b.Size()
		plain, glow := shot(&off), shot(&on)
		if got := plain.RGBAAt(w-1, h-1); !near(got, sky, 3) {
			t.Errorf("%dx%d, effects off: the last pixel is %v, want the sky %v", w, h, got, sky)
		}
		c := glow.RGBAAt(0, 0)
		if lum(c) < lum(sky)+20 {
			t.Errorf("%dx%d, bloom on: the sky is %v, want brighter than %v", w, h, c, sky)
		}
		for y := range h {
			for x := range w {
				if got := glow.RGBAAt(x, y); !near(got, c, 1) {
					Save(t, "effects_odd_size.png", glow)
					t.Fatalf("%dx%d, bloom on: pixel %d,%d is %v, the first %v; want one colour all over", w, h, x, y, got, c)
				}
			}
		}
	}
	check()
	if err := b.Resize(163, 97); err != nil {
		t.Fatal(err)
	}
	check()
	if n := testing.AllocsPerRun(10, func() {
		_ = b.BeginFrame(&on)
		_ = b.EndFrame()
	}); n != 0 {
		t.Errorf("a steady frame with SSAO, SSR, bloom and antialiasing on allocates %v times, want 0", n)
	}
}
