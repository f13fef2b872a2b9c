package input

import (
	"testing"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/internal/win32"
)

// Windows reports keys by virtual-key code; twins that share a code are
// told apart by the scan code (Shift) or the extended bit (Ctrl, Alt,
// Enter).
func TestWin32Keys(t *testing.T) {
	tests := []struct {
		name string
		e    win32.Event
		want ecs.Key
	}{
		{"letter", win32.Event{Key: 'W'}, ecs.KeyW},
		{"digit 0", win32.Event{Key: '0'}, ecs.Key0},
		{"digit 9", win32.Event{Key: '9'}, ecs.Key9},
		{"keypad 7", win32.Event{Key: win32.VK_NUMPAD0 + 7}, ecs.KeyKP7},
		{"F5", win32.Event{Key: win32.VK_F1 + 4}, ecs.KeyF5},
		{"F12", win32.Event{Key: win32.VK_F1 + 11}, ecs.KeyF12},
		{"left shift", win32.Event{Key: win32.VK_SHIFT, Scan: 0x2A}, ecs.KeyLeftShift},
		{"right shift", win32.Event{Key: win32.VK_SHIFT, Scan: win32.ScanRightShift}, ecs.KeyRightShift},
		{"left ctrl", win32.Event{Key: win32.VK_CONTROL}, ecs.KeyLeftCtrl},
		{"right ctrl", win32.Event{Key: win32.VK_CONTROL, Extended: true}, ecs.KeyRightCtrl},
		{"left alt", win32.Event{Key: win32.VK_MENU}, ecs.KeyLeftAlt},
		{"right alt", win32.Event{Key: win32.VK_MENU, Extended: true}, ecs.KeyRightAlt},
		{"enter", win32.Event{Key: win32.VK_RETURN}, ecs.KeyEnter},
		{"keypad enter", win32.Event{Key: win32.VK_RETURN, Extended: true}, ecs.KeyKPEnter},
		{"space", win32.Event{Key: win32.VK_SPACE}, ecs.KeySpace},
		{"escape", win32.Event{Key: win32.VK_ESCAPE}, ecs.KeyEscape},
		{"grave", win32.Event{Key: win32.VK_OEM_3}, ecs.KeyGraveAccent},
		{"page down", win32.Event{Key: win32.VK_NEXT}, ecs.KeyPageDown},
		{"menu", win32.Event{Key: win32.VK_APPS}, ecs.KeyMenu},
		{"unknown", win32.Event{Key: 0xFF}, ecs.KeyUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := win32Key(tc.e); got != tc.want {
				t.Errorf("win32Key(%+v) = %v, want %v", tc.e, got, tc.want)
			}
		})
	}
}

// Every kind of window event reaches ecs.Input through the queue.
func TestPushWin32(t *testing.T) {
	var q Queue
	var in ecs.Input
	in.BeginStep()
	for _, e := range []win32.Event{
		{Kind: win32.KeyEvent, Key: 'A', Down: true},
		{Kind: win32.ButtonEvent, Button: win32.ButtonX1, Down: true},
		{Kind: win32.ButtonEvent, Button: 99, Down: true}, // out of range: ignored
		{Kind: win32.CursorEvent, X: 10, Y: 4},
		{Kind: win32.ScrollEvent, X: -1, Y: 2},
		{Kind: win32.TextEvent, Rune: 'é'},
	} {
		pushWin32(&q, e)
	}
	q.Flush(&in)
	if !in.Down[ecs.KeyA] || !in.MouseDown[ecs.MouseButton4] || in.MouseX != 10 || in.MouseY != 4 ||
		in.Scroll != 2 || in.ScrollX != -1 || string(in.Text) != "é" {
		t.Errorf("input after the events: %+v", in)
	}
}
