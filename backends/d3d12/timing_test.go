//go:build windows

package d3d12

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// TestGPUTimesArriveAFrameLater runs frames and checks that each carries
// the GPU times of the frame before (this backend waits for every frame as
// it submits it), every pass measured.
func TestGPUTimesArriveAFrameLater(t *testing.T) {
	b := open(t)
	for range 6 {
		if err := b.BeginFrame(&backends.FrameData{}); err != nil {
			t.Fatal(err)
		}
		st := b.Stats()
		frame := st.Frame // open may have run frames already
		switch {
		case frame <= 1 && st.GPUFrame != 0:
			t.Errorf("frame %d has GPU times of frame %d before any finished", frame, st.GPUFrame)
		case frame > 1 && st.GPUFrame != frame-1:
			t.Errorf("frame %d has GPU times of frame %d, want %d", frame, st.GPUFrame, frame-1)
		case frame > 1 && st.GPUTotal() <= 0:
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
