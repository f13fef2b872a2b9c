package win32

// EventKind says what an Event reports.
type EventKind uint8

const (
	// KeyEvent: a key went down or up (Key, Scan, Extended, Down). Auto
	// repeat is not reported.
	KeyEvent EventKind = iota + 1
	// ButtonEvent: a mouse button went down or up (Button, Down).
	ButtonEvent
	// CursorEvent: the cursor moved to X, Y in client pixels. While the
	// cursor is captured, X, Y is a virtual position that raw motion moves
	// without bound.
	CursorEvent
	// ScrollEvent: the wheel turned by X (horizontal, positive right) and Y
	// (vertical, positive away from the user) notches.
	ScrollEvent
	// TextEvent: a character was typed (Rune).
	TextEvent
)

// Mouse buttons as ButtonEvent numbers them.
const (
	ButtonLeft = iota
	ButtonRight
	ButtonMiddle
	ButtonX1 // back
	ButtonX2 // forward
)

// Event is one input event of a window.
type Event struct {
	Kind EventKind
	// Key is the virtual-key code (VK_*), Scan the keyboard's scan code and
	// Extended the scan code's extended bit, which tells the right Ctrl and
	// Alt and the keypad's Enter from their twins.
	Key      uint16
	Scan     uint16
	Extended bool
	Down     bool
	Button   int
	X, Y     float32
	Rune     rune
}

// Virtual-key codes that are not letters or digits ('A'-'Z' and '0'-'9'
// are their ASCII codes), as winuser.h numbers them.
const (
	VK_BACK       = 0x08
	VK_TAB        = 0x09
	VK_RETURN     = 0x0D
	VK_SHIFT      = 0x10
	VK_CONTROL    = 0x11
	VK_MENU       = 0x12 // Alt
	VK_PAUSE      = 0x13
	VK_CAPITAL    = 0x14
	VK_ESCAPE     = 0x1B
	VK_SPACE      = 0x20
	VK_PRIOR      = 0x21
	VK_NEXT       = 0x22
	VK_END        = 0x23
	VK_HOME       = 0x24
	VK_LEFT       = 0x25
	VK_UP         = 0x26
	VK_RIGHT      = 0x27
	VK_DOWN       = 0x28
	VK_SNAPSHOT   = 0x2C
	VK_INSERT     = 0x2D
	VK_DELETE     = 0x2E
	VK_LWIN       = 0x5B
	VK_RWIN       = 0x5C
	VK_APPS       = 0x5D
	VK_NUMPAD0    = 0x60
	VK_MULTIPLY   = 0x6A
	VK_ADD        = 0x6B
	VK_SUBTRACT   = 0x6D
	VK_DECIMAL    = 0x6E
	VK_DIVIDE     = 0x6F
	VK_F1         = 0x70
	VK_NUMLOCK    = 0x90
	VK_OEM_EQUAL  = 0x92 // the keypad's = on keyboards that have one
	VK_SCROLL     = 0x91
	VK_LSHIFT     = 0xA0
	VK_RSHIFT     = 0xA1
	VK_LCONTROL   = 0xA2
	VK_RCONTROL   = 0xA3
	VK_LMENU      = 0xA4
	VK_RMENU      = 0xA5
	VK_OEM_1      = 0xBA // ;
	VK_OEM_PLUS   = 0xBB // =
	VK_OEM_COMMA  = 0xBC
	VK_OEM_MINUS  = 0xBD
	VK_OEM_PERIOD = 0xBE
	VK_OEM_2      = 0xBF // /
	VK_OEM_3      = 0xC0 // `
	VK_OEM_4      = 0xDB // [
	VK_OEM_5      = 0xDC // \
	VK_OEM_6      = 0xDD // ]
	VK_OEM_7      = 0xDE // '
)

// ScanRightShift is the scan code of the right Shift key, which Windows
// reports as VK_SHIFT like the left one.
const ScanRightShift = 0x36
