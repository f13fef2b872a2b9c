// Package input fills the engine's ecs.Input resource from a backend's
// window.
//
// A Source installs event callbacks on the window once and queues every
// event they report, in order, between two steps; Poll then replays the
// queue into ecs.Input. Because events are queued rather than sampled, a key
// or button pressed and released within one frame still shows as Pressed
// and Released, and every notch of the wheel and every typed character
// arrives, however slow the frame.
//
// Cursor capture goes the other way: a system calls ecs.Input.CaptureMouse,
// and the Source applies the request at the start of the next Poll.
//
// The queue and its replay are plain Go (queue.go) and tested without a
// window; the GLFW callbacks live in the one cgo file of the package.
package input
