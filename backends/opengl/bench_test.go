package opengl

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// BenchmarkFrame1000Draws measures a frame of 1000 small cubes at a small
// resolution, so the Go-side cost per draw (recording, hand-off, replay)
// dominates over rasterization.
func BenchmarkFrame1000Draws(b *testing.B) {
	r := open(b, backends.Config{Width: 64, Height: 64, ShadowMapSize: 128})
	s := newScene(64, 64)
	base := cubeScene(b, r)
	cube := base[formats.PassForward][0]
	var many []backends.Draw
	for i := range 1000 {
		d := cube
		d.Model = vmath.Translate(vmath.Vec3{float32(i%32)*0.1 - 1.6, 0.5, float32(i/32)*0.1 - 1.6}).Mul(vmath.Scale(vmath.Vec3{0.05, 0.05, 0.05}))
		many = append(many, d)
	}
	draws := map[formats.Pass][]backends.Draw{formats.PassShadow: many, formats.PassForward: many}
	runFrame(b, r, &s.frame, draws)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		runFrame(b, r, &s.frame, draws)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2000, "ns/draw")
}
