package app

import (
	"fmt"

	"github.com/sleakgo/sleak/ecs"
)

// System is a game system that can fail. The runner stops at the end of the
// frame in which one returns an error, and reports it.
type System interface {
	Update(w *ecs.World) error
}

// SystemFunc adapts a function to System.
type SystemFunc func(w *ecs.World) error

// Update calls f(w).
func (f SystemFunc) Update(w *ecs.World) error { return f(w) }

// fallible runs a System inside the scheduler, keeping its first error.
type fallible struct {
	sys   System
	stage ecs.Stage
	err   *error
}

func (f *fallible) Update(w *ecs.World) {
	if *f.err != nil {
		return // the frame is already lost; the runner stops after it
	}
	if err := f.sys.Update(w); err != nil {
		*f.err = fmt.Errorf("%s system %T: %w", f.stage, f.sys, err)
	}
}

// Init and Close pass through, so a fallible system may need set-up too.
func (f *fallible) Init(w *ecs.World) error {
	if in, ok := f.sys.(ecs.Initializer); ok {
		return in.Init(w)
	}
	return nil
}

func (f *fallible) Close(w *ecs.World) error {
	if c, ok := f.sys.(ecs.Finalizer); ok {
		return c.Close(w)
	}
	return nil
}

// control is the runner's resource in the world, through which systems
// reach the runner without holding it.
type control struct {
	quit bool
}

// Quit asks the runner that owns w to stop after the current frame. It does
// nothing in a world no runner owns.
func Quit(w *ecs.World) {
	if c := ecs.Resource[control](w); c != nil {
		c.quit = true
	}
}
