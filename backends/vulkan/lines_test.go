//go:build linux && cgo

package vulkan

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/debugdraw"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// BenchmarkDebugLines measures what debug lines cost a frame: the smoke
// scene (a plane and a cube) at 640x480, rendered alternately without
// lines and with n of them (boxes of 12 lines, the shape game code draws
// most, a few pixels to a few dozen across, spread over the view, half of
// them behind the plane or the cube), each frame waited for to the end on
// the GPU so its whole cost is counted. Interleaving puts both sides under
// the same machine load; the metrics are the minima of each side and
// their difference, the per-frame cost of the lines (CPU: filling the
// list, copying it through the core into the mapped buffer, recording the
// two draws; GPU: lavapipe rasterizing them), and the minimum CPU time of
// the debug pass alone on the CPU. (Lavapipe's timestamps do not see its
// deferred rasterization, so the pass's GPU time is read as the frame
// difference.)
func BenchmarkDebugLines(bm *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		bm.Run(fmt.Sprintf("lines=%d", n), func(bm *testing.B) {
			cfg, _ := testConfig(640, 480, nil)
			cfg.Validation = false
			b := newTestBackend(bm, cfg)
			s := newScene(bm, b)
			draws := []backends.Draw{s.planeDraw, s.cubeDraw}
			dd := debugdraw.New(true)
			boxes := (n + 11) / 12
			fill := func() {
				for i := range boxes {
					// A golden-angle spiral over the plane, up to 1.5 high.
					a := float64(i) * 2.39996
					r := 4 * math.Sqrt(float64(i)/float64(boxes))
					c := vmath.Vec3{float32(r * math.Cos(a)), float32(i%7) * 0.25, float32(r * math.Sin(a))}
					h := vmath.Vec3{0.08, 0.08, 0.08}
					dd.Box(c.Sub(h), c.Add(h), debugdraw.Yellow)
				}
			}
			cpu := time.Hour // the debug pass on the CPU: filling the list, DrawLines, EndPass
			run := func(lines bool) time.Duration {
				start := time.Now()
				if err := b.BeginFrame(&s.frame); err != nil {
					bm.Fatal(err)
				}
				for p := formats.PassShadow; p < formats.NumPasses; p++ {
					if p == formats.PassDebug {
						if !lines {
							continue // skipped: runs empty
						}
						t := time.Now()
						fill()
						_ = b.BeginPass(p)
						b.DrawLines(dd.Vertices(), backends.LinesTested)
						_ = b.EndPass()
						dd.Reset()
						cpu = min(cpu, time.Since(t))
						continue
					}
					_ = b.BeginPass(p)
					if p == formats.PassShadow || p == formats.PassForward {
						for i := range draws {
							b.Draw(&draws[i])
						}
					}
					_ = b.EndPass()
				}
				if err := b.EndFrame(); err != nil {
					bm.Fatal(err)
				}
				b.Driver().WaitIdle()
				return time.Since(start)
			}
			run(true)
			run(false)
			if got := b.Stats().Lines; got != 0 {
				bm.Fatalf("a frame without lines drew %d", got)
			}
			best := [2]time.Duration{time.Hour, time.Hour}
			bm.ReportAllocs()
			bm.ResetTimer()
			for bm.Loop() {
				best[1] = min(best[1], run(true))
				best[0] = min(best[0], run(false))
			}
			bm.ReportMetric(float64(best[0].Microseconds()), "min-µs/frame-without")
			bm.ReportMetric(float64(best[1].Microseconds()), "min-µs/frame-with")
			bm.ReportMetric(float64((best[1] - best[0]).Microseconds()), "µs/frame-of-lines")
			bm.ReportMetric(float64(best[1])/float64(best[0]), "ratio")
			bm.ReportMetric(float64(cpu.Microseconds()), "min-cpu-µs/pass")
		})
	}
}
