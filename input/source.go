package input

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
)

// window is what a Source needs of a native window beyond backends.Window:
// the callbacks feeding its queue are installed once, at Attach.
type window interface {
	// setCapture hides and locks the cursor, or frees it, and returns the
	// cursor position after the change (capture moves the cursor).
	setCapture(on bool) (x, y float32)
	// detach removes the callbacks.
	detach()
	// pixelScale is framebuffer pixels per window pixel now.
	pixelScale() float32
}

// Source fills ecs.Input from one window.
type Source struct {
	win    backends.Window
	native window
	queue  Queue
}

// Attach installs input callbacks on win. A window this build cannot read
// (nil, or a native window of another library) gives a Source that polls
// the window and reports no input, so games run the same everywhere; Native
// reports whether it reads real input.
func Attach(win backends.Window) *Source {
	s := &Source{win: win}
	if win != nil {
		s.native = attachNative(win.Native(), &s.queue)
	}
	return s
}

// Native reports whether the Source reads the window's own input.
func (s *Source) Native() bool { return s.native != nil }

// Queue returns the event queue, for tests and for other input sources
// (a script, a replay) that push events the same way a window does.
func (s *Source) Queue() *Queue { return &s.queue }

// Poll applies the capture request of the previous step, processes the
// window's events and replays them into in. Call in.BeginStep before it.
func (s *Source) Poll(in *ecs.Input) {
	if on, asked := in.TakeCaptureRequest(); asked && on != in.MouseCaptured && s.native != nil {
		x, y := s.native.setCapture(on)
		in.MouseCaptured = on
		// The capture moved the cursor: that jump is not motion.
		in.MouseX, in.MouseY = x, y
	}
	if s.win != nil {
		s.win.PollEvents()
	}
	s.queue.Flush(in)
	in.PixelScale = 1
	if s.native != nil {
		in.PixelScale = s.native.pixelScale()
	}
}

// Close removes the callbacks; the window itself stays open.
func (s *Source) Close() {
	if s.native != nil {
		s.native.detach()
		s.native = nil
	}
}
