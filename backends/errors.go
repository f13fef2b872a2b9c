package backends

import "errors"

// ErrNoDriver is matched (errors.Is) by the error of a backend that could
// not start because the machine lacks what it needs (a loader, a driver, a
// display, the right operating system), as opposed to a backend that
// started and then failed. Tests skip on it; a launcher can say "install X".
var ErrNoDriver = errors.New("no driver for this backend")

// NoDriver returns a backend's own sentinel that also matches ErrNoDriver.
func NoDriver(msg string) error { return noDriverError(msg) }

type noDriverError string

func (e noDriverError) Error() string        { return string(e) }
func (e noDriverError) Is(target error) bool { return target == ErrNoDriver }

// Errors every backend returns for the same condition; match them with
// errors.Is.
var (
	// ErrClosed is returned by calls on a backend after Close.
	ErrClosed = errors.New("the backend is closed")
	// ErrNoFrame is returned by ReadPixels before the first frame has ended,
	// and after a resize until a frame at the new size has.
	ErrNoFrame = errors.New("no frame has been rendered at this size yet")
	// ErrTooManyObjects is returned when a backend has handed out every ID
	// of a kind (about a million live meshes, textures or shaders).
	ErrTooManyObjects = errors.New("too many live objects of this kind")
	// ErrWindowClosed is returned by BeginFrame when the window is closing
	// while it has no area to draw into (minimised).
	ErrWindowClosed = errors.New("the window is closing")
)
