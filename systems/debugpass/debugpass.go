// Package debugpass is the render system of the debug pass
// (formats.PassDebug): it hands the frame's debugdraw.List to the backend,
// the depth-tested layer and the on-top layer, and empties it for the next
// frame.
//
// The pass runs after the composite and before the UI. After the
// composite, because debug lines are read by a person, not lit: their
// colours are exactly those asked for, whatever the exposure and the
// tonemap do to the scene, and the scene's depth buffer is still there to
// hide them behind what is nearer. Before the UI, so text and menus stay
// readable over them. A frame without lines runs the pass empty, which
// changes nothing.
package debugpass

import (
	"fmt"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
)

// System draws Ctx.Debug in the debug pass. Err reports the last frame's
// error.
type System struct {
	Ctx *frame.Context
	Err error
}

// Update runs the debug pass with the frame's lines.
func (s *System) Update(*ecs.World) {
	s.Err = s.run()
}

func (s *System) run() error {
	c := s.Ctx
	list := c.Debug
	if list == nil || list.Lines() == 0 {
		return nil // the core runs the skipped pass empty
	}
	defer list.Reset()
	start := time.Now()
	b := c.Backend
	if err := b.BeginPass(formats.PassDebug); err != nil {
		return fmt.Errorf("%s: begin debug pass: %w", b.Kind(), err)
	}
	b.DrawLines(list.Vertices(), backends.LinesTested)
	b.DrawLines(list.OnTop.Vertices(), backends.LinesOnTop)
	if err := b.EndPass(); err != nil {
		return fmt.Errorf("%s: end debug pass: %w", b.Kind(), err)
	}
	c.Stats.PassTime[formats.PassDebug] += time.Since(start)
	return nil
}
