// Package render holds the forward half of a frame and the frame's
// bookends: Begin (camera, light, statistics), the forward opaque pass, the
// transparent pass (sorted back to front), Composite, the debug pass
// (systems/debugpass), the UI pass (systems/uipass) and End (present or read back). Install adds every
// render system of a frame, in order, to a scheduler.
//
// Default-format meshes draw with their material's shader; custom formats
// draw with their stems. Opaque custom formats without a gbuffer stem draw
// here with their main stem; transparent materials draw in the transparent
// pass with their format's transparent stem.
package render

import (
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/animation"
	"github.com/sleakgo/sleak/systems/debugpass"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/gbuffer"
	"github.com/sleakgo/sleak/systems/shadow"
	"github.com/sleakgo/sleak/systems/uipass"
)

// Systems is the set of render systems of one backend. Err reports the
// first backend error of the last frame.
type Systems struct {
	Ctx         *frame.Context
	Begin       *Begin
	Shadow      *shadow.System
	GBuffer     *gbuffer.System
	Forward     *Forward
	Transparent *Transparent
	Composite   *Composite
	Debug       *debugpass.System
	UI          *uipass.System
	End         *End
}

// Install adds the render systems to the Render stage of s in frame order,
// and the animation system (systems/animation), which poses the skinned
// meshes they draw, to the LateUpdate stage.
func Install(s *ecs.Scheduler, ctx *frame.Context) *Systems {
	rs := &Systems{
		Ctx:         ctx,
		Begin:       &Begin{Ctx: ctx},
		Shadow:      &shadow.System{Ctx: ctx},
		GBuffer:     &gbuffer.System{Ctx: ctx},
		Forward:     &Forward{Ctx: ctx},
		Transparent: &Transparent{Ctx: ctx},
		Composite:   &Composite{Ctx: ctx},
		Debug:       &debugpass.System{Ctx: ctx},
		UI:          &uipass.System{Ctx: ctx},
		End:         &End{Ctx: ctx},
	}
	s.Add(ecs.LateUpdate, animation.System{})
	for _, sys := range rs.List() {
		s.Add(ecs.Render, sys)
	}
	return rs
}

// List returns the render systems in frame order.
func (rs *Systems) List() []ecs.System {
	return []ecs.System{rs.Begin, rs.Shadow, rs.GBuffer, rs.Forward, rs.Transparent, rs.Composite, rs.Debug, rs.UI, rs.End}
}

// Err returns the first error any render system met in the last frame.
func (rs *Systems) Err() error {
	for _, err := range []error{rs.Begin.Err, rs.Shadow.Err, rs.GBuffer.Err, rs.Forward.Err, rs.Transparent.Err, rs.Composite.Err, rs.Debug.Err, rs.UI.Err, rs.End.Err} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Begin starts the frame.
type Begin struct {
	Ctx *frame.Context
	Err error
}

// Update brings the transforms of entities without a mesh (the camera, the
// sun) up to date and begins the frame, which syncs and culls the drawable
// entities once for every pass.
func (b *Begin) Update(w *ecs.World) {
	w.UpdatePlainTransforms()
	b.Err = b.Ctx.Begin(w)
}

// Composite tonemaps the frame into the output image.
type Composite struct {
	Ctx *frame.Context
	Err error
}

// Update runs the composite pass.
func (c *Composite) Update(*ecs.World) { c.Err = c.Ctx.Composite() }

// End presents the frame, or keeps it for read-back.
type End struct {
	Ctx *frame.Context
	Err error
}

// Update ends the frame.
func (e *End) Update(*ecs.World) { e.Err = e.Ctx.Finish() }

// Forward draws opaque meshes that are not deferred.
type Forward struct {
	Ctx *frame.Context
	Err error
}

// Update records the forward opaque pass from the frame's gathered list.
func (f *Forward) Update(*ecs.World) { f.Err = f.Ctx.RunPass(formats.PassForward) }

// Transparent draws transparent materials back to front.
type Transparent struct {
	Ctx *frame.Context
	Err error
}

// Update records the transparent pass, back to front.
func (tp *Transparent) Update(*ecs.World) { tp.Err = tp.Ctx.RunPass(formats.PassTransparent) }
