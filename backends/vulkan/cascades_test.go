//go:build linux && cgo

package vulkan

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// TestShadowCascades: the shadow pass draws a caster only into the
// cascades its Cascades name, each with its own matrix and into the tile
// the shaders sample for it, so the plane behind the cube is shadowed
// exactly when the cascade that holds it has the cube drawn.
func TestShadowCascades(t *testing.T) {
	cfg, logs := testConfig(128, 128, nil)
	b := newTestBackend(t, cfg)
	d := driverOf(b)
	s := newScene(t, b)
	light := s.frame.LightViewProj
	// A cascade far from the scene holds none of its points, so each
	// shaded point takes a later one.
	away := light.Mul(vmath.Translate(vmath.Vec3{500, 0, 500}))
	tests := []struct {
		name     string
		cascades [backends.NumCascades]vmath.Mat4
		caster   uint8 // the cube's Cascades
		shadowed bool
	}{
		{"all cascades", [4]vmath.Mat4{light, light, light, light}, 0, true},
		{"in the first cascade", [4]vmath.Mat4{light, light, light, light}, 1 << 0, true},
		{"only in a cascade the point does not take", [4]vmath.Mat4{light, light, light, light}, 1 << 3, false},
		{"in the second tile", [4]vmath.Mat4{away, light, light, light}, 1 << 1, true},
		{"not in the second tile", [4]vmath.Mat4{away, light, light, light}, 1 << 0, false},
		{"in the third tile", [4]vmath.Mat4{away, away, light, light}, 1 << 2, true},
		{"in the fourth tile", [4]vmath.Mat4{away, away, away, light}, 1 << 3, true},
		{"not in the fourth tile", [4]vmath.Mat4{away, away, away, light}, 1<<0 | 1<<1 | 1<<2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.frame.ShadowCascades = tt.cascades
			s.cubeDraw.Cascades = tt.caster
			for range 2 {
				s.render(t, b)
			}
			img := readPixels(t, b)
			sp, lp := s.pixelOf(s.shadowPt), s.pixelOf(s.litPt)
			shadow, lit := luminance(img.RGBAAt(sp.X, sp.Y)), luminance(img.RGBAAt(lp.X, lp.Y))
			if got := shadow < 0.7*lit; got != tt.shadowed || !tt.shadowed && shadow < 0.85*lit {
				t.Errorf("the plane behind the cube has luminance %.0f, the lit plane %.0f; want it shadowed: %v", shadow, lit, tt.shadowed)
			}
			slot := &d.frames[(d.frameNum-1)%framesInFlight]
			for c, m := range tt.cascades {
				if got := d.uboBlock(&slot.ubo, 1+c); vmath.Mat4(got[32:48]) != m {
					t.Errorf("cascade %d's Frame block has lightViewProj %v, want %v", c, got[32:48], m)
				}
			}
		})
	}
	if d.uboStride < backends.FrameBlockSize {
		t.Errorf("the frame blocks are %d bytes apart, less than the %d-byte block", d.uboStride, backends.FrameBlockSize)
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}
