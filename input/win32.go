package input

import (
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/internal/win32"
)

// pushWin32 queues one event of a native Windows window (the Direct3D
// backends'). It is plain Go, so the key table is tested everywhere.
func pushWin32(q *Queue, e win32.Event) {
	switch e.Kind {
	case win32.KeyEvent:
		if k := win32Key(e); k != ecs.KeyUnknown {
			q.Key(k, e.Down)
		}
	case win32.ButtonEvent:
		if e.Button >= 0 && e.Button < int(ecs.NumMouseButtons) {
			q.Button(ecs.MouseButton(e.Button), e.Down)
		}
	case win32.CursorEvent:
		q.Cursor(e.X, e.Y)
	case win32.ScrollEvent:
		q.Scroll(e.X, e.Y)
	case win32.TextEvent:
		q.Text(e.Rune)
	}
}

// win32Key maps a virtual-key code to the engine's key. Windows reports
// both Shift keys as VK_SHIFT (the scan code tells them apart) and both
// Ctrl, both Alt and both Enter keys alike but for the extended bit.
func win32Key(e win32.Event) ecs.Key {
	vk := e.Key
	switch {
	case vk >= 'A' && vk <= 'Z':
		return letters[vk-'A']
	case vk == '0':
		return ecs.Key0
	case vk >= '1' && vk <= '9':
		return ecs.Key1 + ecs.Key(vk-'1')
	case vk >= win32.VK_NUMPAD0 && vk <= win32.VK_NUMPAD0+9:
		return ecs.KeyKP0 + ecs.Key(vk-win32.VK_NUMPAD0)
	case vk >= win32.VK_F1 && vk < win32.VK_F1+12:
		return fkeys[vk-win32.VK_F1]
	case vk == win32.VK_SHIFT:
		if e.Scan == win32.ScanRightShift {
			return ecs.KeyRightShift
		}
		return ecs.KeyLeftShift
	case vk == win32.VK_CONTROL:
		if e.Extended {
			return ecs.KeyRightCtrl
		}
		return ecs.KeyLeftCtrl
	case vk == win32.VK_MENU:
		if e.Extended {
			return ecs.KeyRightAlt
		}
		return ecs.KeyLeftAlt
	case vk == win32.VK_RETURN:
		if e.Extended {
			return ecs.KeyKPEnter
		}
		return ecs.KeyEnter
	}
	if k, ok := win32Keys[vk]; ok {
		return k
	}
	return ecs.KeyUnknown
}

var fkeys = [12]ecs.Key{ecs.KeyF1, ecs.KeyF2, ecs.KeyF3, ecs.KeyF4, ecs.KeyF5, ecs.KeyF6,
	ecs.KeyF7, ecs.KeyF8, ecs.KeyF9, ecs.KeyF10, ecs.KeyF11, ecs.KeyF12}

// win32Keys are the keys one virtual-key code names alone.
var win32Keys = map[uint16]ecs.Key{
	win32.VK_SPACE: ecs.KeySpace, win32.VK_OEM_7: ecs.KeyApostrophe, win32.VK_OEM_COMMA: ecs.KeyComma,
	win32.VK_OEM_MINUS: ecs.KeyMinus, win32.VK_OEM_PERIOD: ecs.KeyPeriod, win32.VK_OEM_2: ecs.KeySlash,
	win32.VK_OEM_1: ecs.KeySemicolon, win32.VK_OEM_PLUS: ecs.KeyEqual,
	win32.VK_OEM_4: ecs.KeyLeftBracket, win32.VK_OEM_5: ecs.KeyBackslash,
	win32.VK_OEM_6: ecs.KeyRightBracket, win32.VK_OEM_3: ecs.KeyGraveAccent,
	win32.VK_ESCAPE: ecs.KeyEscape, win32.VK_TAB: ecs.KeyTab,
	win32.VK_BACK: ecs.KeyBackspace, win32.VK_INSERT: ecs.KeyInsert, win32.VK_DELETE: ecs.KeyDelete,
	win32.VK_RIGHT: ecs.KeyRight, win32.VK_LEFT: ecs.KeyLeft, win32.VK_DOWN: ecs.KeyDown, win32.VK_UP: ecs.KeyUp,
	win32.VK_PRIOR: ecs.KeyPageUp, win32.VK_NEXT: ecs.KeyPageDown, win32.VK_HOME: ecs.KeyHome,
	win32.VK_END: ecs.KeyEnd, win32.VK_CAPITAL: ecs.KeyCapsLock, win32.VK_SCROLL: ecs.KeyScrollLock,
	win32.VK_NUMLOCK: ecs.KeyNumLock, win32.VK_SNAPSHOT: ecs.KeyPrintScreen, win32.VK_PAUSE: ecs.KeyPause,
	win32.VK_DECIMAL: ecs.KeyKPDecimal, win32.VK_DIVIDE: ecs.KeyKPDivide,
	win32.VK_MULTIPLY: ecs.KeyKPMultiply, win32.VK_SUBTRACT: ecs.KeyKPSubtract,
	win32.VK_ADD: ecs.KeyKPAdd, win32.VK_OEM_EQUAL: ecs.KeyKPEqual,
	win32.VK_LSHIFT: ecs.KeyLeftShift, win32.VK_RSHIFT: ecs.KeyRightShift,
	win32.VK_LCONTROL: ecs.KeyLeftCtrl, win32.VK_RCONTROL: ecs.KeyRightCtrl,
	win32.VK_LMENU: ecs.KeyLeftAlt, win32.VK_RMENU: ecs.KeyRightAlt,
	win32.VK_LWIN: ecs.KeyLeftSuper, win32.VK_RWIN: ecs.KeyRightSuper, win32.VK_APPS: ecs.KeyMenu,
}
