//go:build linux && cgo

package vulkan

import (
	"image"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// sumLuma is the summed luminance of an image, for comparing two frames'
// brightness.
func sumLuma(img *image.RGBA) float64 {
	var sum float64
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			sum += luminance(img.RGBAAt(x, y))
		}
	}
	return sum
}

// TestEffectsAcrossAResize: the effect passes follow the resize path (the
// bloom targets at a quarter of an odd size, rounded up, the others at the
// framebuffer's), keep drawing after it without a validation error, and
// report their GPU times.
func TestEffectsAcrossAResize(t *testing.T) {
	cfg, logs := testConfig(128, 96, nil)
	b := newTestBackend(t, cfg)
	d := driverOf(b)
	for _, size := range [][2]int{{128, 96}, {101, 75}} {
		if err := b.Resize(size[0], size[1]); err != nil {
			t.Fatalf("Resize(%d, %d): %v", size[0], size[1], err)
		}
		s := newScene(t, b)
		for range 3 {
			s.render(t, b)
		}
		off := readPixels(t, b)
		s.frame.Effects.SSAO = backends.SSAO{Strength: 1}
		s.frame.Effects.Bloom = backends.Bloom{Threshold: 0.3, Strength: 1}
		s.frame.Effects.SSR = backends.SSR{Strength: 1}
		s.frame.Effects.Antialias = true
		for range 3 {
			s.render(t, b)
		}
		on := readPixels(t, b)
		if sumLuma(on) <= sumLuma(off) {
			t.Errorf("%dx%d: the frame with bloom is no brighter than without", size[0], size[1])
		}
		wantW, wantH := uint32(backends.BloomSize(size[0])), uint32(backends.BloomSize(size[1]))
		full := [2]uint32{uint32(size[0]), uint32(size[1])}
		half := [2]uint32{uint32(backends.SSAOSize(size[0])), uint32(backends.SSAOSize(size[1]))}
		for i, want := range [numEffects][2]uint32{effectSSAO: half, effectSSR: full, effectBloom: {wantW, wantH}, effectAntialias: full, effectTAA: full} {
			for j, st := range d.effects[i].steps {
				if st.target.w != want[0] || st.target.h != want[1] {
					t.Errorf("%dx%d: the %s target is %dx%d, want %dx%d", size[0], size[1], effectSpecs[i][j].stem, st.target.w, st.target.h, want[0], want[1])
				}
			}
		}
		if d.timing.pool != nil {
			st := b.Stats()
			for _, p := range []formats.Pass{formats.PassSSAO, formats.PassSSR, formats.PassBloom, formats.PassAntialias} {
				if st.GPUTime[p] <= 0 {
					t.Errorf("%dx%d: the %s pass took no GPU time (%v)", size[0], size[1], p, st.GPUTime)
				}
			}
		}
		s.frame.Effects = backends.Effects{}
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}
