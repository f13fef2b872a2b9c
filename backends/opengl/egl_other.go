//go:build !linux

package opengl

import (
	"errors"
	"unsafe"
)

// eglContext exists only on Linux, where Mesa offers surfaceless EGL; other
// systems always have a window system for the hidden GLFW window.
type eglContext struct{}

func newEGLContext(debug bool) (*eglContext, error) {
	return nil, errors.New("EGL surfaceless contexts are only supported on Linux")
}

func (c *eglContext) destroy() {}

func eglProcAddress(name string) unsafe.Pointer { return nil }
