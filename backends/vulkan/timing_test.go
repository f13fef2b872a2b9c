//go:build linux && cgo

package vulkan

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

func TestGPUTimesArriveTwoFramesLater(t *testing.T) {
	cfg, _ := testConfig(32, 32, nil)
	b := newTestBackend(t, cfg)
	if driverOf(b).timing.pool == nil {
		t.Skip("the graphics queue has no timestamps")
	}
	checkGPUTimes(t, b)
}

// checkGPUTimes runs frames and checks that each carries the GPU times of
// the frame framesInFlight back, with every pass measured.
func checkGPUTimes(t *testing.T, b backends.Backend) {
	t.Helper()
	for frame := uint64(1); frame <= 6; frame++ {
		if err := b.BeginFrame(&backends.FrameData{}); err != nil {
			t.Fatal(err)
		}
		st := b.Stats()
		switch {
		case frame <= framesInFlight && st.GPUFrame != 0:
			t.Errorf("frame %d has GPU times of frame %d before any finished", frame, st.GPUFrame)
		case frame > framesInFlight && st.GPUFrame != frame-framesInFlight:
			t.Errorf("frame %d has GPU times of frame %d, want %d", frame, st.GPUFrame, frame-framesInFlight)
		case frame > framesInFlight && st.GPUTotal() <= 0:
			t.Errorf("frame %d: GPU time %v", frame, st.GPUTime)
		}
		for p := range formats.Pass(formats.NumPasses) {
			if err := b.BeginPass(p); err != nil {
				t.Fatal(err)
			}
			if err := b.EndPass(); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.EndFrame(); err != nil {
			t.Fatal(err)
		}
	}
}
