// Package gbuffer is the deferred half of a frame: the gbuffer pass, which
// draws opaque meshes of custom formats that have a gbuffer stem into the
// three gbuffer targets, and the lighting pass that shades them.
//
// A format with a gbuffer stem draws here and nowhere else opaque: when that
// stem fails its draws are dropped and counted, never moved to the forward
// pass.
package gbuffer

import (
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
)

// System draws the gbuffer and lighting passes.
type System struct {
	Ctx *frame.Context
	Err error
}

// Update records the gbuffer pass from the frame's gathered list, then the
// lighting pass.
func (s *System) Update(*ecs.World) {
	c := s.Ctx
	if s.Err = c.RunPass(formats.PassGBuffer); s.Err == nil {
		s.Err = c.RunPass(formats.PassLighting)
	}
}

// Deferred reports whether opaque meshes of format h draw in the gbuffer
// pass: custom formats with a gbuffer stem.
func Deferred(reg *formats.Registry, h formats.Handle) bool {
	if h == formats.DefaultHandle {
		return false
	}
	l, ok := reg.Get(h)
	return ok && l.GBufferShader != ""
}
