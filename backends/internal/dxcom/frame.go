package dxcom

import (
	"errors"
	"fmt"

	"github.com/sleakgo/sleak/backends"
)

// Sequencer checks the order of a frame's calls, the same way on both
// Direct3D backends: BeginFrame, then passes in order (each at most once),
// then EndFrame. Name prefixes its errors ("d3d11").
type Sequencer struct {
	Name    string
	InFrame bool
	Open    bool                // a pass is between BeginPass and EndPass
	Pass    backends.RenderPass // the open pass
	Next    backends.RenderPass // the first pass not yet run this frame
}

// BeginFrame starts a frame.
func (s *Sequencer) BeginFrame(frame *backends.FrameData) error {
	switch {
	case s.InFrame:
		return fmt.Errorf("%s: BeginFrame: the previous frame has not ended", s.Name)
	case frame == nil:
		return fmt.Errorf("%s: BeginFrame: frame data is nil", s.Name)
	}
	s.InFrame, s.Open, s.Next = true, false, 0
	return nil
}

// BeginPass checks that p may start now. On success the caller runs the
// skipped passes Skipped returns, then opens p.
func (s *Sequencer) BeginPass(p backends.RenderPass) error {
	switch {
	case !s.InFrame:
		return fmt.Errorf("%s: BeginPass(%v) outside a frame", s.Name, p)
	case s.Open:
		return fmt.Errorf("%s: BeginPass(%v) while pass %v is open", s.Name, p, s.Pass)
	case p >= backends.NumRenderPasses:
		return fmt.Errorf("%s: BeginPass: unknown pass %d", s.Name, p)
	case p < s.Next:
		return fmt.Errorf("%s: BeginPass(%v): passes run in order, once a frame, and %v has already run", s.Name, p, s.Next-1)
	}
	return nil
}

// Skipped returns the passes between the last one run and before (not
// included) that still have to run empty so the image stays complete. The
// shadow pass is never among them: an unrun shadow pass leaves the map as
// it was, and FrameData.Shadows says whether shaders read it.
func (s *Sequencer) Skipped(before backends.RenderPass) []backends.RenderPass {
	var out []backends.RenderPass
	for q := s.Next; q < before; q++ {
		if q != backends.PassShadow {
			out = append(out, q)
		}
	}
	return out
}

// Opened records that p is open.
func (s *Sequencer) Opened(p backends.RenderPass) {
	s.Open, s.Pass, s.Next = true, p, p
}

// EndPass checks that a pass is open.
func (s *Sequencer) EndPass() error {
	if !s.Open {
		return fmt.Errorf("%s: EndPass without BeginPass", s.Name)
	}
	return nil
}

// Closed records that the open pass ended.
func (s *Sequencer) Closed() {
	s.Open = false
	s.Next = s.Pass + 1
}

// EndFrame checks that a frame is open and no pass is.
func (s *Sequencer) EndFrame() error {
	switch {
	case !s.InFrame:
		return fmt.Errorf("%s: EndFrame without BeginFrame", s.Name)
	case s.Open:
		return fmt.Errorf("%s: EndFrame while pass %v is open", s.Name, s.Pass)
	}
	return nil
}

// Ended records that the frame ended.
func (s *Sequencer) Ended() {
	s.InFrame = false
	s.Next = backends.NumRenderPasses
}

// ErrClosed is returned by a backend's calls after Close.
func ErrClosed(name string) error { return errors.New(name + ": the backend is closed") }
