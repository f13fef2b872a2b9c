package core

import "github.com/sleakgo/sleak/backends"

// window is the driver's window seen through the core: polling events also
// follows the window's size through the resize path, so a frame begun after
// PollEvents already has the new size, and the systems its aspect ratio.
type window[M, T, P any] struct {
	b     *Backend[M, T, P]
	inner NativeWindow
	vsync bool
}

var _ backends.Window = (*window[int, int, int])(nil)

func (w *window[M, T, P]) VSync() bool { return w.vsync }

// SetVSync hands the change to the driver between frames; a driver that
// recreates its swapchain for it does so through the resize path.
func (w *window[M, T, P]) SetVSync(on bool) error {
	b := w.b
	switch {
	case b.closed:
		return b.errClosed("SetVSync")
	case b.seq.inFrame:
		return b.errorf("SetVSync inside a frame: call it between EndFrame and BeginFrame")
	case on == w.vsync:
		return nil
	}
	if err := b.drv.SetVSync(on); err != nil {
		return b.errorf("SetVSync(%v): %w", on, err)
	}
	w.vsync = on
	return nil
}

func (w *window[M, T, P]) ShouldClose() bool { return w.inner.ShouldClose() }
func (w *window[M, T, P]) Native() any       { return w.inner.Native() }

// PollEvents handles the window's pending events, then resizes when its
// framebuffer changed size. A resize error is returned by the next
// BeginFrame.
func (w *window[M, T, P]) PollEvents() {
	w.inner.PollEvents()
	b := w.b
	if b.closed || b.seq.inFrame || b.seq.pending != nil {
		return
	}
	if _, _, ok := b.drv.Surface(); !ok {
		return
	}
	if err := b.followSurface(false); err != nil {
		b.seq.pending = err
	}
}
