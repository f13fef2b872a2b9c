package ecs

// Key is a keyboard key the engine tracks. The values are the engine's own,
// so game systems never depend on the windowing library.
type Key uint8

// Keys the engine reports.
const (
	KeyUnknown Key = iota
	KeyW
	KeyA
	KeyS
	KeyD
	KeySpace
	KeyShift
	KeyCtrl
	KeyEscape
	KeyF
	KeyF5
	KeyE
	KeyQ
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	NumKeys
)

// MouseButton is a mouse button.
type MouseButton uint8

// Mouse buttons.
const (
	MouseLeft MouseButton = iota
	MouseRight
	MouseMiddle
	NumMouseButtons
)

// Input is the input resource: what is held now and what was pressed since
// the previous step. A window backend or a script fills it before the
// systems run.
type Input struct {
	Down          [NumKeys]bool
	Pressed       [NumKeys]bool // went down since the previous step
	MouseDown     [NumMouseButtons]bool
	MousePressed  [NumMouseButtons]bool
	MouseDX       float32 // cursor motion since the previous step, in pixels
	MouseDY       float32
	Scroll        float32
	MouseCaptured bool
}

// BeginStep clears what only lasts one step (presses, motion) and keeps what
// is held.
func (in *Input) BeginStep() {
	in.Pressed = [NumKeys]bool{}
	in.MousePressed = [NumMouseButtons]bool{}
	in.MouseDX, in.MouseDY, in.Scroll = 0, 0, 0
}

// SetKey records a key going down or up.
func (in *Input) SetKey(k Key, down bool) {
	if down && !in.Down[k] {
		in.Pressed[k] = true
	}
	in.Down[k] = down
}

// SetMouse records a mouse button going down or up.
func (in *Input) SetMouse(b MouseButton, down bool) {
	if down && !in.MouseDown[b] {
		in.MousePressed[b] = true
	}
	in.MouseDown[b] = down
}
