package main

import (
	"fmt"
	"os"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// Spin turns every mesh in a custom format about the vertical axis. Space
// pauses and resumes it, a click reverses it, Escape quits; each of these
// is reported on stdout, so a test can see input arrive.
type Spin struct {
	Settings *Settings
	paused   bool
	sign     float32
	angle    float32 // degrees
}

// Update advances the spin by the frame's time.
func (s *Spin) Update(w *ecs.World) error {
	in := &w.Input
	if s.sign == 0 {
		s.sign = 1
	}
	if in.Pressed[ecs.KeySpace] {
		s.paused = !s.paused
		fmt.Fprintln(os.Stdout, "input: space")
	}
	if in.MousePressed[ecs.MouseLeft] {
		s.sign = -s.sign
		fmt.Fprintln(os.Stdout, "input: click")
	}
	if in.Pressed[ecs.KeyEscape] {
		fmt.Fprintln(os.Stdout, "input: escape")
		app.Quit(w)
	}
	if !s.paused {
		s.angle += s.sign * s.Settings.Speed * float32(w.Time.Delta.Seconds())
	}
	q := w.Renderables()
	for q.Next() {
		t, m, _ := q.Get()
		if m.Format != formats.DefaultHandle {
			t.Rotation = vmath.QuatEuler(vmath.Radians(20), vmath.Radians(s.angle), 0)
		}
	}
	return nil
}
