//go:build windows

package input

import "github.com/sleakgo/sleak/internal/win32"

// win32Window feeds a Queue from a native window of the Direct3D backends.
// Its events arrive on the window's own message thread, which only pushes
// to the queue; capture is applied on that thread too (SetCapture sends it
// a message and waits).
type win32Window struct {
	w *win32.Window
}

func attachNative(native any, q *Queue) window {
	w, ok := native.(*win32.Window)
	if !ok || w == nil {
		return nil
	}
	w.SetHandler(func(e win32.Event) { pushWin32(q, e) })
	return &win32Window{w: w}
}

func (g *win32Window) setCapture(on bool) (x, y float32) { return g.w.SetCapture(on) }

func (g *win32Window) detach() { g.w.SetHandler(nil) }

// pixelScale is 1: the window is DPI aware, so its client area, its cursor
// positions and its swap chain all count physical pixels.
func (g *win32Window) pixelScale() float32 { return 1 }
