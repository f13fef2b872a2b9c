//go:build windows

package dxcom

import (
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/internal/win32"
)

// Host is what both Direct3D drivers keep the same way: the native window
// (nil offscreen) and the debug layer's message queue. A driver embeds it,
// and with it the window and validation methods of core.Driver.
type Host struct {
	Win *win32.Window
	// Validation is the debug layer's queue, nil without one; Asked
	// records whether Config.Validation asked for it.
	Validation *InfoQueue
	Asked      bool
}

// Window is the native window, or nil offscreen.
func (h *Host) Window() core.NativeWindow {
	if h.Win == nil {
		return nil
	}
	return h.Win
}

// Surface is the window's client area; 0x0 while minimised.
func (h *Host) Surface() (int, int, bool) {
	if h.Win == nil {
		return 0, 0, false
	}
	w, hh := h.Win.Size()
	return w, hh, true
}

// WaitEvents waits for the window to report something, at most a little
// while, so a closing window is seen soon.
func (h *Host) WaitEvents() {
	if h.Win != nil {
		h.Win.WaitEvents(100 * time.Millisecond)
	}
}

// ValidationErrors counts the debug layer's messages of severity error or
// corruption. Asked for without a layer to run (Wine has none), it is
// backends.ValidationUnavailable, never a 0 a test would trust.
func (h *Host) ValidationErrors() int {
	switch {
	case h.Validation != nil:
		return h.Validation.Drain()
	case h.Asked:
		return backends.ValidationUnavailable
	}
	return 0
}
