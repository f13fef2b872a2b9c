// Package win32 is a native Win32 window without cgo, for the Direct3D
// backends: a window class, CreateWindowExW, and a message pump on an OS
// thread of its own, all through syscall.
//
// Why a thread of its own: Windows delivers a window's messages to the
// thread that created it, and a user dragging the border holds that thread
// in a modal loop until the mouse is released. The pump runs on a goroutine
// locked to its OS thread, so the game goroutine may run on any thread,
// keeps rendering during that loop, and never has to pump. The pump only
// records what happened (size, close, input) and never waits for the game,
// so a DXGI call that sends the window a message from the render thread
// (ResizeBuffers, a fullscreen change) cannot deadlock.
//
// The process is made per-monitor DPI aware before the first window opens,
// so sizes are physical pixels: a window asked for as 1200x800 has a
// 1200x800 client area, and the swap chain draws it one to one.
//
// Input arrives as Events, handed to the function given to SetHandler on the
// pump's thread, in the order Windows sent them; package input turns them
// into engine input. Capture (clip the cursor to the window, hide it, read
// raw mouse motion) is applied on the pump's thread by SetCapture.
//
// It lives in the module's internal folder rather than under backends,
// because package input reads the window too. Event and the key codes are
// plain Go and build everywhere; the window itself only on Windows.
package win32
