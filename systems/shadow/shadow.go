// Package shadow is the shadow-map pass: it draws every shadow caster inside
// the sun's frustum, depth only, before anything else in the frame.
//
// Default-format meshes use the engine's shadow_depth shader; custom formats
// use their shadow stem, and a format whose shadow stem is empty casts no
// shadow (by design, not an error).
package shadow

import (
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
)

// System draws the shadow pass.
type System struct {
	Ctx *frame.Context
	Err error // the last backend error, if any
}

// Update records the shadow pass: the casters frame.Context.Gather found in
// the sun's frustum (none when the sun casts no shadows).
func (s *System) Update(*ecs.World) { s.Err = s.Ctx.RunPass(formats.PassShadow) }
