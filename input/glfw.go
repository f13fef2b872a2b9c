//go:build !windows && cgo

package input

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/sleakgo/sleak/ecs"
)

// glfwWindow feeds a Queue from a GLFW window's callbacks.
//
// GLFW runs callbacks inside glfw.PollEvents, on the thread that polls: the
// game goroutine's locked thread on Vulkan, the backend's render thread on
// OpenGL. The callbacks only push to the queue, so they are safe on either.
// The calls made here from the game goroutine (installing callbacks,
// setting the cursor mode) happen while that render thread is idle, because
// the OpenGL backend hands it work synchronously; on X11 that is safe,
// since GLFW initializes Xlib for threads.
type glfwWindow struct {
	w *glfw.Window
}

func attachNative(native any, q *Queue) window {
	w, ok := native.(*glfw.Window)
	if !ok || w == nil {
		return nil
	}
	w.SetKeyCallback(func(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, _ glfw.ModifierKey) {
		if action == glfw.Repeat || key < 0 || int(key) >= len(glfwKeys) {
			return
		}
		if k := glfwKeys[key]; k != ecs.KeyUnknown {
			q.Key(k, action == glfw.Press)
		}
	})
	w.SetMouseButtonCallback(func(_ *glfw.Window, b glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
		if b >= 0 && int(b) < int(ecs.NumMouseButtons) {
			q.Button(ecs.MouseButton(b), action == glfw.Press)
		}
	})
	w.SetCursorPosCallback(func(_ *glfw.Window, x, y float64) { q.Cursor(float32(x), float32(y)) })
	w.SetScrollCallback(func(_ *glfw.Window, dx, dy float64) { q.Scroll(float32(dx), float32(dy)) })
	w.SetCharCallback(func(_ *glfw.Window, r rune) { q.Text(r) })
	return &glfwWindow{w: w}
}

func (g *glfwWindow) setCapture(on bool) (x, y float32) {
	mode := glfw.CursorNormal
	if on {
		mode = glfw.CursorDisabled
	}
	g.w.SetInputMode(glfw.CursorMode, mode)
	if on && glfw.RawMouseMotionSupported() {
		g.w.SetInputMode(glfw.RawMouseMotion, glfw.True)
	}
	cx, cy := g.w.GetCursorPos()
	return float32(cx), float32(cy)
}

// pixelScale compares the framebuffer with the window: cursor positions
// come in window pixels, the interface is laid out in framebuffer pixels.
func (g *glfwWindow) pixelScale() float32 {
	fw, _ := g.w.GetFramebufferSize()
	ww, _ := g.w.GetSize()
	if fw <= 0 || ww <= 0 {
		return 1
	}
	return float32(fw) / float32(ww)
}

func (g *glfwWindow) detach() {
	g.w.SetKeyCallback(nil)
	g.w.SetMouseButtonCallback(nil)
	g.w.SetCursorPosCallback(nil)
	g.w.SetScrollCallback(nil)
	g.w.SetCharCallback(nil)
}

// glfwKeys maps GLFW's key codes to the engine's keys.
var glfwKeys = func() (m [glfw.KeyLast + 1]ecs.Key) {
	for k := glfw.KeyA; k <= glfw.KeyZ; k++ {
		m[k] = letters[k-glfw.KeyA]
	}
	m[glfw.Key0] = ecs.Key0
	for k := glfw.Key1; k <= glfw.Key9; k++ {
		m[k] = ecs.Key1 + ecs.Key(k-glfw.Key1)
	}
	for k := glfw.KeyKP0; k <= glfw.KeyKP9; k++ {
		m[k] = ecs.KeyKP0 + ecs.Key(k-glfw.KeyKP0)
	}
	fkeys := [...]ecs.Key{ecs.KeyF1, ecs.KeyF2, ecs.KeyF3, ecs.KeyF4, ecs.KeyF5, ecs.KeyF6,
		ecs.KeyF7, ecs.KeyF8, ecs.KeyF9, ecs.KeyF10, ecs.KeyF11, ecs.KeyF12}
	for i, k := range fkeys {
		m[glfw.KeyF1+glfw.Key(i)] = k
	}
	for _, p := range [...]struct {
		g glfw.Key
		k ecs.Key
	}{
		{glfw.KeySpace, ecs.KeySpace}, {glfw.KeyApostrophe, ecs.KeyApostrophe}, {glfw.KeyComma, ecs.KeyComma},
		{glfw.KeyMinus, ecs.KeyMinus}, {glfw.KeyPeriod, ecs.KeyPeriod}, {glfw.KeySlash, ecs.KeySlash},
		{glfw.KeySemicolon, ecs.KeySemicolon}, {glfw.KeyEqual, ecs.KeyEqual},
		{glfw.KeyLeftBracket, ecs.KeyLeftBracket}, {glfw.KeyBackslash, ecs.KeyBackslash},
		{glfw.KeyRightBracket, ecs.KeyRightBracket}, {glfw.KeyGraveAccent, ecs.KeyGraveAccent},
		{glfw.KeyEscape, ecs.KeyEscape}, {glfw.KeyEnter, ecs.KeyEnter}, {glfw.KeyTab, ecs.KeyTab},
		{glfw.KeyBackspace, ecs.KeyBackspace}, {glfw.KeyInsert, ecs.KeyInsert}, {glfw.KeyDelete, ecs.KeyDelete},
		{glfw.KeyRight, ecs.KeyRight}, {glfw.KeyLeft, ecs.KeyLeft}, {glfw.KeyDown, ecs.KeyDown}, {glfw.KeyUp, ecs.KeyUp},
		{glfw.KeyPageUp, ecs.KeyPageUp}, {glfw.KeyPageDown, ecs.KeyPageDown}, {glfw.KeyHome, ecs.KeyHome},
		{glfw.KeyEnd, ecs.KeyEnd}, {glfw.KeyCapsLock, ecs.KeyCapsLock}, {glfw.KeyScrollLock, ecs.KeyScrollLock},
		{glfw.KeyNumLock, ecs.KeyNumLock}, {glfw.KeyPrintScreen, ecs.KeyPrintScreen}, {glfw.KeyPause, ecs.KeyPause},
		{glfw.KeyKPDecimal, ecs.KeyKPDecimal}, {glfw.KeyKPDivide, ecs.KeyKPDivide},
		{glfw.KeyKPMultiply, ecs.KeyKPMultiply}, {glfw.KeyKPSubtract, ecs.KeyKPSubtract},
		{glfw.KeyKPAdd, ecs.KeyKPAdd}, {glfw.KeyKPEnter, ecs.KeyKPEnter}, {glfw.KeyKPEqual, ecs.KeyKPEqual},
		{glfw.KeyLeftShift, ecs.KeyLeftShift}, {glfw.KeyRightShift, ecs.KeyRightShift},
		{glfw.KeyLeftControl, ecs.KeyLeftCtrl}, {glfw.KeyRightControl, ecs.KeyRightCtrl},
		{glfw.KeyLeftAlt, ecs.KeyLeftAlt}, {glfw.KeyRightAlt, ecs.KeyRightAlt},
		{glfw.KeyLeftSuper, ecs.KeyLeftSuper}, {glfw.KeyRightSuper, ecs.KeyRightSuper}, {glfw.KeyMenu, ecs.KeyMenu},
	} {
		m[p.g] = p.k
	}
	return m
}()
