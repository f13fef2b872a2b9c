// Package shadow is the shadow-map pass: it draws every shadow caster inside
// the sun's frustum, depth only, before anything else in the frame.
//
// Default-format meshes use the engine's shadow_depth shader; custom formats
// use their shadow stem, and a format whose shadow stem is empty casts no
// shadow (by design, not an error).
package shadow

import (
	"slices"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
)

// System draws the shadow pass.
type System struct {
	Ctx *frame.Context
	Err error // the last backend error, if any
}

// Update records the shadow pass.
func (s *System) Update(w *ecs.World) {
	c := s.Ctx
	items := c.Items()
	if c.HasLight && c.Data.Shadows {
		q := w.Renderables()
		for q.Next() {
			t, m, mat := q.Get()
			if !mat.CastShadows || mat.Transparent || m.ID == 0 {
				continue
			}
			if _, ok := frame.Visible(&c.Light, t.World, m.Bounds); !ok {
				continue
			}
			if m.Format != formats.DefaultHandle && !c.CustomReady(m.Format, formats.PassShadow) {
				continue
			}
			items = append(items, frame.Item{
				Key:    frame.GroupKey(m.Format, 0, 0),
				Format: m.Format,
				Draw:   backends.Draw{Mesh: m.ID, Model: t.World, Color: mat.Color},
			})
		}
		slices.SortFunc(items, frame.ByKey)
	}
	s.Err = c.RunPass(formats.PassShadow, items)
	c.Keep(items)
}
