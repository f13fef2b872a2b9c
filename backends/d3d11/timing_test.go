//go:build windows

package d3d11

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// TestGPUTimesArriveTwoFramesLater runs frames and checks that each carries
// the GPU times of the frame framesInFlight back, every pass measured: the
// event query bounds the frames in flight, the timestamp queries time them.
func TestGPUTimesArriveTwoFramesLater(t *testing.T) {
	b := open(t)
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
