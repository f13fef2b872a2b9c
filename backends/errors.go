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
