package ecs

// Key is a key of a standard keyboard. The values are the engine's own, so
// game systems never depend on the windowing library; the names follow the
// US layout's physical keys.
type Key uint8

// Keys the engine reports. KeyShift, KeyCtrl, KeyAlt and KeySuper are held
// while either key of their pair is, for games that do not care which side.
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
	Key0
	KeyB
	KeyC
	KeyG
	KeyH
	KeyI
	KeyJ
	KeyK
	KeyL
	KeyM
	KeyN
	KeyO
	KeyP
	KeyR
	KeyT
	KeyU
	KeyV
	KeyX
	KeyY
	KeyZ
	KeyApostrophe
	KeyComma
	KeyMinus
	KeyPeriod
	KeySlash
	KeySemicolon
	KeyEqual
	KeyLeftBracket
	KeyBackslash
	KeyRightBracket
	KeyGraveAccent
	KeyEnter
	KeyTab
	KeyBackspace
	KeyInsert
	KeyDelete
	KeyRight
	KeyLeft
	KeyDown
	KeyUp
	KeyPageUp
	KeyPageDown
	KeyHome
	KeyEnd
	KeyCapsLock
	KeyScrollLock
	KeyNumLock
	KeyPrintScreen
	KeyPause
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
	KeyKP0
	KeyKP1
	KeyKP2
	KeyKP3
	KeyKP4
	KeyKP5
	KeyKP6
	KeyKP7
	KeyKP8
	KeyKP9
	KeyKPDecimal
	KeyKPDivide
	KeyKPMultiply
	KeyKPSubtract
	KeyKPAdd
	KeyKPEnter
	KeyKPEqual
	KeyLeftShift
	KeyRightShift
	KeyLeftCtrl
	KeyRightCtrl
	KeyLeftAlt
	KeyRightAlt
	KeyLeftSuper
	KeyRightSuper
	KeyMenu
	KeyAlt
	KeySuper
	NumKeys
)

// MouseButton is a mouse button.
type MouseButton uint8

// Mouse buttons: the three usual ones, then the side buttons (back and
// forward on most mice) and the rest a windowing system numbers.
const (
	MouseLeft MouseButton = iota
	MouseRight
	MouseMiddle
	MouseButton4
	MouseButton5
	MouseButton6
	MouseButton7
	MouseButton8
	NumMouseButtons
)

// MaxTextPerStep bounds the characters Text keeps in one step, so a flood
// of typed or pasted text cannot grow the buffer without limit.
const MaxTextPerStep = 256

// Input is the input resource: what is held now and what happened since the
// previous step. A window's event queue or a script fills it before the
// systems run. A key pressed and released between two steps shows in both
// Pressed and Released and is not Down.
type Input struct {
	Down          [NumKeys]bool
	Pressed       [NumKeys]bool // went down since the previous step
	Released      [NumKeys]bool // went up since the previous step
	MouseDown     [NumMouseButtons]bool
	MousePressed  [NumMouseButtons]bool
	MouseReleased [NumMouseButtons]bool
	MouseX        float32 // cursor position in window pixels, from the top left
	MouseY        float32
	MouseDX       float32 // cursor motion since the previous step, in pixels
	MouseDY       float32
	Scroll        float32 // vertical wheel since the previous step; positive is away from the user
	ScrollX       float32 // horizontal wheel since the previous step
	// Text is the text typed since the previous step, in order, at most
	// MaxTextPerStep characters; its storage is reused, so copy what must
	// outlive the step.
	Text []rune
	// MouseCaptured reports whether the cursor is hidden and locked to the
	// window, motion arriving unbounded (for mouse look).
	MouseCaptured bool
	// PixelScale is the window's framebuffer pixels per window pixel (2 on
	// most HiDPI displays; 0 means 1): MouseX and MouseY times PixelScale
	// are the cursor in the framebuffer's pixels, which the UI lays out in.
	PixelScale float32

	captureWanted, captureAsked bool
}

// BeginStep clears what only lasts one step (presses, releases, motion,
// text) and keeps what is held.
func (in *Input) BeginStep() {
	in.Pressed = [NumKeys]bool{}
	in.Released = [NumKeys]bool{}
	in.MousePressed = [NumMouseButtons]bool{}
	in.MouseReleased = [NumMouseButtons]bool{}
	in.MouseDX, in.MouseDY, in.Scroll, in.ScrollX = 0, 0, 0, 0
	in.Text = in.Text[:0]
}

// SetKey records a key going down or up. Out-of-range keys are ignored.
func (in *Input) SetKey(k Key, down bool) {
	if k >= NumKeys {
		return
	}
	in.set(k, down)
	switch k {
	case KeyLeftShift, KeyRightShift:
		in.set(KeyShift, in.Down[KeyLeftShift] || in.Down[KeyRightShift])
	case KeyLeftCtrl, KeyRightCtrl:
		in.set(KeyCtrl, in.Down[KeyLeftCtrl] || in.Down[KeyRightCtrl])
	case KeyLeftAlt, KeyRightAlt:
		in.set(KeyAlt, in.Down[KeyLeftAlt] || in.Down[KeyRightAlt])
	case KeyLeftSuper, KeyRightSuper:
		in.set(KeySuper, in.Down[KeyLeftSuper] || in.Down[KeyRightSuper])
	}
}

func (in *Input) set(k Key, down bool) {
	switch {
	case down && !in.Down[k]:
		in.Pressed[k] = true
	case !down && in.Down[k]:
		in.Released[k] = true
	}
	in.Down[k] = down
}

// SetMouse records a mouse button going down or up. Out-of-range buttons
// are ignored.
func (in *Input) SetMouse(b MouseButton, down bool) {
	if b >= NumMouseButtons {
		return
	}
	switch {
	case down && !in.MouseDown[b]:
		in.MousePressed[b] = true
	case !down && in.MouseDown[b]:
		in.MouseReleased[b] = true
	}
	in.MouseDown[b] = down
}

// MoveCursor records the cursor at (x, y), adding the motion from the last
// position to MouseDX and MouseDY.
func (in *Input) MoveCursor(x, y float32) {
	in.MouseDX += x - in.MouseX
	in.MouseDY += y - in.MouseY
	in.MouseX, in.MouseY = x, y
}

// AddText appends typed characters, dropping those past MaxTextPerStep.
func (in *Input) AddText(r rune) {
	if len(in.Text) < MaxTextPerStep {
		in.Text = append(in.Text, r)
	}
}

// CaptureMouse asks the window to capture the cursor (hide it and lock it
// to the window, for mouse look) or to release it. The window applies the
// request before the next step, when MouseCaptured changes.
func (in *Input) CaptureMouse(on bool) {
	in.captureWanted, in.captureAsked = on, true
}

// TakeCaptureRequest returns the capture state last asked for with
// CaptureMouse and whether one was asked for since the previous call; the
// input source calls it once a step.
func (in *Input) TakeCaptureRequest() (on, asked bool) {
	on, asked = in.captureWanted, in.captureAsked
	in.captureAsked = false
	return on, asked
}
