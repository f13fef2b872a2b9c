// Package gbuffer is the deferred half of a frame: the gbuffer pass, which
// draws opaque meshes of custom formats that have a gbuffer stem into the
// three gbuffer targets, and the lighting pass that shades them.
//
// A format with a gbuffer stem draws here and nowhere else opaque: when that
// stem fails its draws are dropped and counted, never moved to the forward
// pass.
package gbuffer

import (
	"slices"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
)

// System draws the gbuffer and lighting passes.
type System struct {
	Ctx *frame.Context
	Err error
}

// Update records the gbuffer pass, then the lighting pass.
func (s *System) Update(w *ecs.World) {
	c := s.Ctx
	items := c.Items()
	q := w.Renderables()
	for q.Next() {
		t, m, mat := q.Get()
		if mat.Transparent || m.ID == 0 || !Deferred(c.Formats, m.Format) {
			continue
		}
		if _, ok := frame.Visible(&c.Camera, t.World, m.Bounds); !ok {
			c.Stats.Culled++
			continue
		}
		if !c.CustomReady(m.Format, formats.PassGBuffer) {
			continue
		}
		items = append(items, frame.Item{
			Key:    frame.GroupKey(m.Format, 0, mat.Texture),
			Format: m.Format,
			Draw:   backends.Draw{Mesh: m.ID, Texture: mat.Texture, Model: t.World, Color: mat.Color},
		})
	}
	slices.SortFunc(items, frame.ByKey)
	if s.Err = c.RunPass(formats.PassGBuffer, items); s.Err == nil {
		s.Err = c.RunPass(formats.PassLighting, nil)
	}
	c.Keep(items)
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
