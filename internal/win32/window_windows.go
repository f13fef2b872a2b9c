//go:build windows

package win32

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf16"
	"unsafe"
)

// Config says what window to open.
type Config struct {
	Title string
	// Width and Height are the client area in physical pixels.
	Width, Height int
	// Fullscreen opens the window borderless over its whole monitor.
	Fullscreen bool
}

// Window is a top-level window whose messages a goroutine of its own pumps.
// Its methods may be called from any goroutine.
type Window struct {
	hwnd uintptr

	// Written by the pump, read by anyone.
	width, height atomic.Int32 // client area; 0x0 while minimised
	closing       atomic.Bool
	wake          chan struct{} // one token: something happened

	handler atomic.Pointer[func(Event)]
	// capturePos is the cursor position after the last capture change,
	// as two float32 bits, handed from the pump to SetCapture's caller.
	capturePos atomic.Uint64

	// Owned by the pump's thread.
	captured   bool
	raw        bool // raw mouse motion registered
	vx, vy     float32
	absX, absY float32 // the last absolute raw position (tablets, remote sessions)
	absSeen    bool
	down       [256]bool // keys down, released when focus goes
	highSurr   uint16    // a UTF-16 high surrogate waiting for its pair
	fullscreen bool
	saved      struct {
		style uintptr
		r     rect
	}

	done chan struct{} // closed when the pump has ended
}

var (
	classOnce sync.Once
	classErr  error
	className = utf16z("SleakWindow")
	instance  uintptr
	wndProcCB uintptr

	// windows maps each live window's handle to it; creating maps a pump's
	// thread to the window it is creating, for the messages CreateWindowExW
	// sends before it returns the handle.
	windows  sync.Map // uintptr -> *Window
	creating sync.Map // thread id -> *Window
)

// setupProcess makes the process per-monitor DPI aware (the newest call
// the system has) and registers the window class, once.
func setupProcess() error {
	classOnce.Do(func() {
		switch {
		case procSetDpiAwarenessContext.Find() == nil:
			procSetDpiAwarenessContext.Call(dpiPerMonitorV2)
		case procSetProcessDpiAwareness.Find() == nil:
			procSetProcessDpiAwareness.Call(processPerMonitorDPIAware)
		case procSetProcessDPIAware.Find() == nil:
			procSetProcessDPIAware.Call()
		}
		instance, _, _ = procGetModuleHandleW.Call(0)
		wndProcCB = syscall.NewCallback(wndProc)
		cursor, _, _ := procLoadCursorW.Call(0, idcArrow)
		wc := wndClassEx{Style: csHRedraw | csVRedraw | csOwnDC, WndProc: wndProcCB, Instance: instance,
			Cursor: cursor, ClassName: className}
		wc.Size = uint32(unsafe.Sizeof(wc))
		if r, _, err := procRegisterClassExW.Call(uintptr(unsafe.Pointer(&wc))); r == 0 {
			classErr = fmt.Errorf("RegisterClassExW: %w", err)
		}
	})
	return classErr
}

// Open creates the window and starts its pump. The window is shown and
// has the asked client size (or covers its monitor when Fullscreen).
func Open(cfg Config) (*Window, error) {
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("window size %dx%d: want positive sides", cfg.Width, cfg.Height)
	}
	if err := setupProcess(); err != nil {
		return nil, err
	}
	w := &Window{wake: make(chan struct{}, 1), done: make(chan struct{})}
	started := make(chan error, 1)
	go w.pump(cfg, started)
	if err := <-started; err != nil {
		return nil, err
	}
	return w, nil
}

// pump creates the window on its own locked thread and dispatches its
// messages until the window is destroyed.
func (w *Window) pump(cfg Config, started chan<- error) {
	// Locked for good: the thread ends with the goroutine instead of going
	// back to the scheduler, so no other goroutine runs on a thread whose
	// windowing state (its message queue, Wine's X connection) belonged to a
	// destroyed window.
	runtime.LockOSThread()
	defer close(w.done)

	tid, _, _ := procGetCurrentThreadID.Call()
	creating.Store(tid, w)
	title, err := syscall.UTF16PtrFromString(cfg.Title)
	if err != nil {
		title = utf16z("Sleak") // the title held a NUL
	}
	hwnd, _, callErr := procCreateWindowExW.Call(wsExAppWindow, uintptr(unsafe.Pointer(className)), uintptr(unsafe.Pointer(title)),
		wsOverlappedWindow, cwUseDefault, cwUseDefault, uintptr(cfg.Width), uintptr(cfg.Height), 0, 0, instance, 0)
	creating.Delete(tid)
	if hwnd == 0 {
		started <- fmt.Errorf("CreateWindowExW: %w", callErr)
		return
	}
	w.hwnd = hwnd
	windows.Store(hwnd, w)
	defer windows.Delete(hwnd)

	w.setClientSize(cfg.Width, cfg.Height)
	procShowWindow.Call(hwnd, swShow)
	procSetForegroundWindow.Call(hwnd)
	procSetFocus.Call(hwnd)
	if cfg.Fullscreen {
		w.setFullscreen(true)
	}
	w.readSize()
	started <- nil

	var m msg
	for {
		r, _, _ := procGetMessageW.Call(uintptr(unsafe.Pointer(&m)), 0, 0, 0)
		if int32(r) <= 0 { // WM_QUIT, or an error
			return
		}
		procTranslateMessage.Call(uintptr(unsafe.Pointer(&m)))
		procDispatchMessageW.Call(uintptr(unsafe.Pointer(&m)))
	}
}

// setClientSize sizes the window so that its client area is width x
// height: the frame's size is measured rather than computed, so it is right
// at any DPI and with any theme.
func (w *Window) setClientSize(width, height int) {
	var wr, cr rect
	procGetWindowRect.Call(w.hwnd, uintptr(unsafe.Pointer(&wr)))
	procGetClientRect.Call(w.hwnd, uintptr(unsafe.Pointer(&cr)))
	fw := (wr.Right - wr.Left) - (cr.Right - cr.Left)
	fh := (wr.Bottom - wr.Top) - (cr.Bottom - cr.Top)
	procSetWindowPos.Call(w.hwnd, 0, 0, 0, uintptr(int32(width)+fw), uintptr(int32(height)+fh),
		swpNoMove|swpNoZOrder|swpNoActivate|swpNoOwnerZOrder)
}

func (w *Window) readSize() {
	var cr rect
	procGetClientRect.Call(w.hwnd, uintptr(unsafe.Pointer(&cr)))
	w.width.Store(cr.Right - cr.Left)
	w.height.Store(cr.Bottom - cr.Top)
	w.signal()
}

func (w *Window) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// HWND is the window's handle, for DXGI.
func (w *Window) HWND() uintptr { return w.hwnd }

// Size returns the client area in pixels: 0x0 while minimised.
func (w *Window) Size() (width, height int) {
	return int(w.width.Load()), int(w.height.Load())
}

// ShouldClose reports whether the user asked to close the window.
func (w *Window) ShouldClose() bool { return w.closing.Load() }

// PollEvents does nothing: the pump handles messages as they come, and
// Size, ShouldClose and the handler already reflect them.
func (w *Window) PollEvents() {}

// Native returns the window itself, for package input.
func (w *Window) Native() any { return w }

// WaitEvents blocks until the window reports something (a size, a close,
// input) or timeout passes.
func (w *Window) WaitEvents(timeout time.Duration) {
	select {
	case <-w.wake:
	case <-w.done:
	case <-time.After(timeout):
	}
}

// SetHandler sets the function that receives input events, on the pump's
// thread; nil stops them.
func (w *Window) SetHandler(h func(Event)) {
	if h == nil {
		w.handler.Store(nil)
		return
	}
	w.handler.Store(&h)
}

func (w *Window) emit(e Event) {
	if h := w.handler.Load(); h != nil {
		(*h)(e)
	}
}

// SetSize resizes the client area as a user dragging the border would
// (leaving fullscreen first); sides below 1 are taken as 1.
func (w *Window) SetSize(width, height int) {
	_ = w.send(wmAppResize, uintptr(max(width, 1)), uintptr(max(height, 1)))
}

// SetFullscreen switches between a borderless window over the monitor and
// the framed window it was.
func (w *Window) SetFullscreen(on bool) error {
	v := uintptr(0)
	if on {
		v = 1
	}
	return w.send(wmAppFullscreen, v, 0)
}

// SetCapture confines the cursor to the window, hides it and reads raw
// mouse motion (on), or frees it (off). It returns the cursor position
// that CursorEvents continue from.
func (w *Window) SetCapture(on bool) (x, y float32) {
	v := uintptr(0)
	if on {
		v = 1
	}
	if w.send(wmAppCapture, v, 0) != nil {
		return 0, 0
	}
	p := w.capturePos.Load()
	return math.Float32frombits(uint32(p)), math.Float32frombits(uint32(p >> 32))
}

// send runs a message on the pump's thread and waits for it.
func (w *Window) send(m uint32, wp, lp uintptr) error {
	select {
	case <-w.done:
		return errClosed
	default:
	}
	procSendMessageW.Call(w.hwnd, uintptr(m), wp, lp)
	return nil
}

var errClosed = errors.New("the window is closed")

// Close destroys the window and waits for the pump to end.
func (w *Window) Close() {
	select {
	case <-w.done:
		return
	default:
	}
	// Hide first and let the pump handle what hiding sends before the
	// window goes: Wine's X11 driver still holds the child X windows of
	// the swap chain's surfaces for a moment after the chain is released,
	// and destroying their parent under them ends the process with
	// BadWindow.
	procShowWindow.Call(w.hwnd, swHide)
	time.Sleep(50 * time.Millisecond)
	procPostMessageW.Call(w.hwnd, wmAppDestroy, 0, 0)
	<-w.done
}

// wndProc is the class's window procedure, for every window of the class.
func wndProc(hwnd, m, wp, lp uintptr) uintptr {
	v, ok := windows.Load(hwnd)
	if !ok {
		tid, _, _ := procGetCurrentThreadID.Call()
		if v, ok = creating.Load(tid); !ok {
			r, _, _ := procDefWindowProcW.Call(hwnd, m, wp, lp)
			return r
		}
	}
	w := v.(*Window)
	if w.hwnd == 0 {
		w.hwnd = hwnd
	}
	if r, handled := w.handle(uint32(m), wp, lp); handled {
		return r
	}
	r, _, _ := procDefWindowProcW.Call(hwnd, m, wp, lp)
	return r
}

// handle processes one message on the pump's thread; handled false passes
// it on to DefWindowProcW.
func (w *Window) handle(m uint32, wp, lp uintptr) (uintptr, bool) {
	switch m {
	case wmClose:
		// The owner closes the window when it is ready; until then the
		// game sees ShouldClose.
		w.closing.Store(true)
		w.signal()
		return 0, true
	case wmAppDestroy:
		procDestroyWindow.Call(w.hwnd)
		return 0, true
	case wmDestroy:
		w.clip(false)
		procPostQuitMessage.Call(0)
		return 0, true
	case wmSize:
		if wp == sizeMinimized {
			w.width.Store(0)
			w.height.Store(0)
			w.signal()
		} else {
			w.width.Store(int32(lp & 0xffff))
			w.height.Store(int32(lp >> 16 & 0xffff))
			w.signal()
			if w.captured {
				w.clip(true)
			}
		}
		return 0, true
	case wmEraseBkgnd:
		return 1, true // the swap chain covers the client area
	case wmDPIChanged:
		// Take the size Windows suggests for the new monitor's DPI.
		r := (*rect)(pointer(lp))
		procSetWindowPos.Call(w.hwnd, 0, uintptr(r.Left), uintptr(r.Top), uintptr(r.Right-r.Left), uintptr(r.Bottom-r.Top),
			swpNoZOrder|swpNoActivate)
		return 0, true
	case wmActivate:
		if wp&0xffff != waInactive && w.captured {
			w.clip(true) // Windows drops a clip when the window loses focus
		}
		return 0, false
	case wmKillFocus:
		w.releaseKeys()
		return 0, false
	case wmSetCursor:
		if w.captured && lp&0xffff == htClient {
			procSetCursor.Call(0)
			return 1, true
		}
		return 0, false
	case wmSysCommand:
		if wp&0xfff0 == scKeyMenu {
			return 0, true // Alt and F10 would enter the menu loop and stall input
		}
		return 0, false
	case wmKeyDown, wmSysKeyDown, wmKeyUp, wmSysKeyUp:
		w.key(m, wp, lp)
		// Alt+F4 still closes through DefWindowProc's WM_SYSKEYDOWN.
		return 0, m != wmSysKeyDown && m != wmSysKeyUp
	case wmChar:
		w.char(uint16(wp))
		return 0, true
	case wmMouseMove:
		if !w.captured {
			w.vx, w.vy = float32(int16(lp&0xffff)), float32(int16(lp>>16&0xffff))
			w.emit(Event{Kind: CursorEvent, X: w.vx, Y: w.vy})
		}
		return 0, true
	case wmInput:
		w.rawInput(lp)
		return 0, false // DefWindowProc cleans up after WM_INPUT
	case wmLButtonDown, wmLButtonUp:
		w.button(ButtonLeft, m == wmLButtonDown)
		return 0, true
	case wmRButtonDown, wmRButtonUp:
		w.button(ButtonRight, m == wmRButtonDown)
		return 0, true
	case wmMButtonDown, wmMButtonUp:
		w.button(ButtonMiddle, m == wmMButtonDown)
		return 0, true
	case wmXButtonDown, wmXButtonUp:
		b := ButtonX1
		if wp>>16&0xffff == 2 {
			b = ButtonX2
		}
		w.button(b, m == wmXButtonDown)
		return 1, true
	case wmMouseWheel:
		w.emit(Event{Kind: ScrollEvent, Y: float32(int16(wp>>16&0xffff)) / 120})
		return 0, true
	case wmMouseHWheel:
		w.emit(Event{Kind: ScrollEvent, X: float32(int16(wp>>16&0xffff)) / 120})
		return 0, true
	case wmAppCapture:
		w.setCaptured(wp != 0)
		return 0, true
	case wmAppResize:
		if w.fullscreen {
			w.setFullscreen(false)
		}
		w.setClientSize(int(wp), int(lp))
		return 0, true
	case wmAppFullscreen:
		w.setFullscreen(wp != 0)
		return 0, true
	}
	return 0, false
}

func (w *Window) key(m uint32, wp, lp uintptr) {
	down := m == wmKeyDown || m == wmSysKeyDown
	if down && lp&(1<<30) != 0 {
		return // auto repeat
	}
	vk := uint16(wp)
	ext := lp&(1<<24) != 0
	scan := uint16(lp >> 16 & 0xff)
	if down && vk == VK_RETURN && m == wmSysKeyDown {
		// Alt+Enter toggles fullscreen, as in most Windows games.
		w.setFullscreen(!w.fullscreen)
		return
	}
	if vk < uint16(len(w.down)) {
		w.down[vk] = down
	}
	w.emit(Event{Kind: KeyEvent, Key: vk, Scan: scan, Extended: ext, Down: down})
}

// releaseKeys reports every key still down as released: the window will
// not see their key-up messages once it has lost the focus.
func (w *Window) releaseKeys() {
	for vk, d := range w.down {
		if d {
			w.down[vk] = false
			w.emit(Event{Kind: KeyEvent, Key: uint16(vk)})
		}
	}
}

func (w *Window) char(u uint16) {
	switch {
	case u >= 0xD800 && u < 0xDC00:
		w.highSurr = u
		return
	case u >= 0xDC00 && u < 0xE000:
		if w.highSurr == 0 {
			return
		}
		r := (rune(w.highSurr)-0xD800)<<10 | (rune(u) - 0xDC00) + 0x10000
		w.highSurr = 0
		w.emit(Event{Kind: TextEvent, Rune: r})
		return
	}
	w.highSurr = 0
	if u < 0x20 || u == 0x7f {
		return // control characters are keys, not text
	}
	w.emit(Event{Kind: TextEvent, Rune: rune(u)})
}

func (w *Window) button(b int, down bool) {
	w.emit(Event{Kind: ButtonEvent, Button: b, Down: down})
}

// rawInput adds a WM_INPUT mouse motion to the virtual cursor.
func (w *Window) rawInput(lp uintptr) {
	if !w.captured {
		return
	}
	var ri rawMouse
	size := uint32(unsafe.Sizeof(ri))
	if r, _, _ := procGetRawInputData.Call(lp, ridInput, uintptr(unsafe.Pointer(&ri)), uintptr(unsafe.Pointer(&size)), rawInputHeaderSize); int32(r) <= 0 {
		return
	}
	if ri.Type != rimTypeMouse {
		return
	}
	dx, dy := float32(ri.LastX), float32(ri.LastY)
	if ri.Flags&mouseMoveAbsolute != 0 {
		// A tablet or a remote session reports positions on a 0-65535
		// grid of the virtual screen: turn the change into pixels.
		sw, _, _ := procGetSystemMetrics.Call(smCXVirtualScreen)
		sh, _, _ := procGetSystemMetrics.Call(smCYVirtualScreen)
		x, y := float32(ri.LastX)*float32(sw)/65535, float32(ri.LastY)*float32(sh)/65535
		dx, dy = x-w.absX, y-w.absY
		w.absX, w.absY = x, y
		if !w.absSeen {
			w.absSeen = true
			return
		}
	}
	if dx == 0 && dy == 0 {
		return
	}
	w.vx += dx
	w.vy += dy
	w.emit(Event{Kind: CursorEvent, X: w.vx, Y: w.vy})
}

// setCaptured turns capture on or off on the pump's thread.
func (w *Window) setCaptured(on bool) {
	if on == w.captured {
		return
	}
	w.captured = on
	dev := rawInputDevice{UsagePage: hidUsagePageGen, Usage: hidUsageMouse, Target: w.hwnd}
	if !on {
		dev.Flags, dev.Target = ridevRemove, 0
	}
	if on || w.raw {
		r, _, _ := procRegisterRawInputDevices.Call(uintptr(unsafe.Pointer(&dev)), 1, unsafe.Sizeof(dev))
		w.raw = on && r != 0
	}
	w.absSeen = false
	w.clip(on)
	if on {
		procSetCursor.Call(0)
	} else {
		cursor, _, _ := procLoadCursorW.Call(0, idcArrow)
		procSetCursor.Call(cursor)
		// Continue from where the cursor really is.
		var p point
		procGetCursorPos.Call(uintptr(unsafe.Pointer(&p)))
		procScreenToClient.Call(w.hwnd, uintptr(unsafe.Pointer(&p)))
		w.vx, w.vy = float32(p.X), float32(p.Y)
	}
	w.capturePos.Store(uint64(math.Float32bits(w.vx)) | uint64(math.Float32bits(w.vy))<<32)
}

// clip confines the cursor to the client area, or frees it.
func (w *Window) clip(on bool) {
	if !on {
		procClipCursor.Call(0)
		return
	}
	var cr rect
	procGetClientRect.Call(w.hwnd, uintptr(unsafe.Pointer(&cr)))
	tl, br := point{cr.Left, cr.Top}, point{cr.Right, cr.Bottom}
	procClientToScreen.Call(w.hwnd, uintptr(unsafe.Pointer(&tl)))
	procClientToScreen.Call(w.hwnd, uintptr(unsafe.Pointer(&br)))
	r := rect{tl.X, tl.Y, br.X, br.Y}
	procClipCursor.Call(uintptr(unsafe.Pointer(&r)))
}

// setFullscreen makes the window a borderless popup over its monitor, or
// gives it back its frame and place. Borderless rather than exclusive
// fullscreen: the flip-model swap chain presents just as fast in it, and
// nothing changes the display's mode.
func (w *Window) setFullscreen(on bool) {
	if on == w.fullscreen {
		return
	}
	style := ^uintptr(15) // GWL_STYLE, -16, as the unsigned argument
	if on {
		w.saved.style, _, _ = procGetWindowLongPtrW.Call(w.hwnd, style)
		procGetWindowRect.Call(w.hwnd, uintptr(unsafe.Pointer(&w.saved.r)))
		mon, _, _ := procMonitorFromWindow.Call(w.hwnd, monitorNearest)
		mi := monitorInfo{}
		mi.Size = uint32(unsafe.Sizeof(mi))
		procGetMonitorInfoW.Call(mon, uintptr(unsafe.Pointer(&mi)))
		procSetWindowLongPtrW.Call(w.hwnd, style, wsPopup|wsVisible)
		r := mi.Monitor
		procSetWindowPos.Call(w.hwnd, 0, uintptr(r.Left), uintptr(r.Top), uintptr(r.Right-r.Left), uintptr(r.Bottom-r.Top),
			swpFrameChanged|swpNoOwnerZOrder)
	} else {
		procSetWindowLongPtrW.Call(w.hwnd, style, w.saved.style)
		r := w.saved.r
		procSetWindowPos.Call(w.hwnd, 0, uintptr(r.Left), uintptr(r.Top), uintptr(r.Right-r.Left), uintptr(r.Bottom-r.Top),
			swpFrameChanged|swpNoOwnerZOrder)
	}
	w.fullscreen = on
	if w.captured {
		w.clip(true)
	}
}

// pointer turns an address Windows passed in a message parameter into a
// pointer; the memory is the system's, which the garbage collector neither
// moves nor frees.
func pointer(addr uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&addr))
}

// utf16z is a constant string as a NUL-terminated UTF-16 string.
func utf16z(s string) *uint16 { return &utf16.Encode([]rune(s + "\x00"))[0] }
