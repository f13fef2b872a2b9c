//go:build !windows && cgo

package game

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
)

var glfwKeys = [...]struct {
	key glfw.Key
	k   ecs.Key
}{
	{glfw.KeyW, ecs.KeyW}, {glfw.KeyA, ecs.KeyA}, {glfw.KeyS, ecs.KeyS}, {glfw.KeyD, ecs.KeyD},
	{glfw.KeySpace, ecs.KeySpace}, {glfw.KeyLeftShift, ecs.KeyShift}, {glfw.KeyLeftControl, ecs.KeyCtrl},
	{glfw.KeyEscape, ecs.KeyEscape}, {glfw.KeyF, ecs.KeyF}, {glfw.KeyF5, ecs.KeyF5},
	{glfw.KeyE, ecs.KeyE}, {glfw.KeyQ, ecs.KeyQ},
	{glfw.Key1, ecs.Key1}, {glfw.Key2, ecs.Key2}, {glfw.Key3, ecs.Key3}, {glfw.Key4, ecs.Key4},
	{glfw.Key5, ecs.Key5}, {glfw.Key6, ecs.Key6}, {glfw.Key7, ecs.Key7}, {glfw.Key8, ecs.Key8}, {glfw.Key9, ecs.Key9},
}

// glfwInput remembers the cursor between frames.
var glfwInput struct {
	lastX, lastY float64
	primed       bool
}

// pollInput reads the window's keys, buttons and cursor into in. A click
// captures the mouse for looking; Escape releases it.
func pollInput(win backends.Window, in *ecs.Input) {
	w, ok := win.Native().(*glfw.Window)
	if !ok || w == nil {
		return
	}
	for _, m := range glfwKeys {
		in.SetKey(m.k, w.GetKey(m.key) == glfw.Press)
	}
	buttons := [...]glfw.MouseButton{glfw.MouseButtonLeft, glfw.MouseButtonRight, glfw.MouseButtonMiddle}
	for i, b := range buttons {
		in.SetMouse(ecs.MouseButton(i), w.GetMouseButton(b) == glfw.Press)
	}
	if in.Pressed[ecs.KeyEscape] && in.MouseCaptured {
		w.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
		in.MouseCaptured = false
	} else if !in.MouseCaptured && in.MousePressed[ecs.MouseLeft] {
		w.SetInputMode(glfw.CursorMode, glfw.CursorDisabled)
		in.MouseCaptured = true
		in.MousePressed[ecs.MouseLeft] = false // the capturing click breaks nothing
		glfwInput.primed = false
	}
	x, y := w.GetCursorPos()
	if in.MouseCaptured && glfwInput.primed {
		in.MouseDX += float32(x - glfwInput.lastX)
		in.MouseDY += float32(y - glfwInput.lastY)
	}
	glfwInput.lastX, glfwInput.lastY, glfwInput.primed = x, y, true
	if !in.MouseCaptured {
		// Without a captured mouse, clicks only capture it.
		in.MousePressed = [ecs.NumMouseButtons]bool{}
	}
}
