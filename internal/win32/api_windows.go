//go:build windows

package win32

import "syscall"

var (
	user32   = syscall.NewLazyDLL("user32.dll")
	kernel32 = syscall.NewLazyDLL("kernel32.dll")
	shcore   = syscall.NewLazyDLL("shcore.dll")

	procRegisterClassExW        = user32.NewProc("RegisterClassExW")
	procCreateWindowExW         = user32.NewProc("CreateWindowExW")
	procDestroyWindow           = user32.NewProc("DestroyWindow")
	procDefWindowProcW          = user32.NewProc("DefWindowProcW")
	procGetMessageW             = user32.NewProc("GetMessageW")
	procTranslateMessage        = user32.NewProc("TranslateMessage")
	procDispatchMessageW        = user32.NewProc("DispatchMessageW")
	procPostMessageW            = user32.NewProc("PostMessageW")
	procSendMessageW            = user32.NewProc("SendMessageW")
	procPostQuitMessage         = user32.NewProc("PostQuitMessage")
	procShowWindow              = user32.NewProc("ShowWindow")
	procSetForegroundWindow     = user32.NewProc("SetForegroundWindow")
	procSetFocus                = user32.NewProc("SetFocus")
	procGetClientRect           = user32.NewProc("GetClientRect")
	procGetWindowRect           = user32.NewProc("GetWindowRect")
	procSetWindowPos            = user32.NewProc("SetWindowPos")
	procGetWindowLongPtrW       = user32.NewProc("GetWindowLongPtrW")
	procSetWindowLongPtrW       = user32.NewProc("SetWindowLongPtrW")
	procClientToScreen          = user32.NewProc("ClientToScreen")
	procScreenToClient          = user32.NewProc("ScreenToClient")
	procGetCursorPos            = user32.NewProc("GetCursorPos")
	procClipCursor              = user32.NewProc("ClipCursor")
	procSetCursor               = user32.NewProc("SetCursor")
	procLoadCursorW             = user32.NewProc("LoadCursorW")
	procMonitorFromWindow       = user32.NewProc("MonitorFromWindow")
	procGetMonitorInfoW         = user32.NewProc("GetMonitorInfoW")
	procRegisterRawInputDevices = user32.NewProc("RegisterRawInputDevices")
	procGetRawInputData         = user32.NewProc("GetRawInputData")
	procGetSystemMetrics        = user32.NewProc("GetSystemMetrics")
	procSetDpiAwarenessContext  = user32.NewProc("SetProcessDpiAwarenessContext")
	procSetProcessDPIAware      = user32.NewProc("SetProcessDPIAware")
	procSetProcessDpiAwareness  = shcore.NewProc("SetProcessDpiAwareness")
	procGetModuleHandleW        = kernel32.NewProc("GetModuleHandleW")
	procGetCurrentThreadID      = kernel32.NewProc("GetCurrentThreadId")
)

// Messages and flags, as winuser.h numbers them.
const (
	wmDestroy     = 0x0002
	wmSize        = 0x0005
	wmActivate    = 0x0006
	wmKillFocus   = 0x0008
	wmClose       = 0x0010
	wmEraseBkgnd  = 0x0014
	wmSetCursor   = 0x0020
	wmInput       = 0x00FF
	wmKeyDown     = 0x0100
	wmKeyUp       = 0x0101
	wmChar        = 0x0102
	wmSysKeyDown  = 0x0104
	wmSysKeyUp    = 0x0105
	wmSysCommand  = 0x0112
	wmMouseMove   = 0x0200
	wmLButtonDown = 0x0201
	wmLButtonUp   = 0x0202
	wmRButtonDown = 0x0204
	wmRButtonUp   = 0x0205
	wmMButtonDown = 0x0207
	wmMButtonUp   = 0x0208
	wmMouseWheel  = 0x020A
	wmXButtonDown = 0x020B
	wmXButtonUp   = 0x020C
	wmMouseHWheel = 0x020E
	wmDPIChanged  = 0x02E0
	wmApp         = 0x8000

	// The pump's own messages, sent by the methods that must run on its
	// thread.
	wmAppCapture    = wmApp + 1
	wmAppDestroy    = wmApp + 2
	wmAppResize     = wmApp + 3
	wmAppFullscreen = wmApp + 4

	scKeyMenu = 0xF100

	wsOverlappedWindow = 0x00CF0000
	wsPopup            = 0x80000000
	wsVisible          = 0x10000000
	wsExAppWindow      = 0x00040000

	csHRedraw = 0x2
	csVRedraw = 0x1
	csOwnDC   = 0x20

	cwUseDefault = 0x80000000

	swShow = 5
	swHide = 0

	swpNoMove         = 0x2
	swpNoZOrder       = 0x4
	swpNoActivate     = 0x10
	swpFrameChanged   = 0x20
	swpNoOwnerZOrder  = 0x200
	sizeMinimized     = 1
	idcArrow          = 32512
	monitorNearest    = 2
	waInactive        = 0
	htClient          = 1
	smCXVirtualScreen = 78
	smCYVirtualScreen = 79

	ridevRemove       = 0x1
	ridInput          = 0x10000003
	rimTypeMouse      = 0
	mouseMoveAbsolute = 0x1
	hidUsagePageGen   = 0x01
	hidUsageMouse     = 0x02

	// DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2, a pseudo-handle.
	dpiPerMonitorV2 = ^uintptr(3) // -4
	// PROCESS_PER_MONITOR_DPI_AWARE for shcore's older call.
	processPerMonitorDPIAware = 2
)

type point struct{ X, Y int32 }

type rect struct{ Left, Top, Right, Bottom int32 }

type wndClassEx struct {
	Size       uint32
	Style      uint32
	WndProc    uintptr
	ClsExtra   int32
	WndExtra   int32
	Instance   uintptr
	Icon       uintptr
	Cursor     uintptr
	Background uintptr
	MenuName   *uint16
	ClassName  *uint16
	IconSm     uintptr
}

type msg struct {
	HWnd    uintptr
	Message uint32
	WParam  uintptr
	LParam  uintptr
	Time    uint32
	Pt      point
	Private uint32
}

type monitorInfo struct {
	Size    uint32
	Monitor rect
	Work    rect
	Flags   uint32
}

type rawInputDevice struct {
	UsagePage uint16
	Usage     uint16
	Flags     uint32
	Target    uintptr
}

// rawMouse is RAWINPUT for a mouse: the header, then RAWMOUSE.
type rawMouse struct {
	Type, Size   uint32
	Device       uintptr
	WParam       uintptr
	Flags        uint16
	_            uint16
	Buttons      uint32
	RawButtons   uint32
	LastX, LastY int32
	Extra        uint32
}

const rawInputHeaderSize = 24
