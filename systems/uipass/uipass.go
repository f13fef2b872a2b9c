// Package uipass is the render system of the UI pass (formats.PassUI): it
// draws the frame's ui.Canvas over the composited image, uploading each
// font face's atlas once, and empties the canvas for the next frame.
//
// Every quad is one draw of a shared unit quad (a default-format mesh whose
// positions are its corners) with the engine's ui shader; the draw's model
// matrix carries the rectangle, the texture coordinates and the target size
// (see assets/shaders/ui.vert), so nothing is uploaded per frame and the
// pass allocates nothing.
package uipass

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/ui"
	"github.com/sleakgo/sleak/vmath"
)

// System draws Ctx.UI in the UI pass. Err reports the last frame's error.
type System struct {
	Ctx  *frame.Context
	Err  error
	quad backends.MeshID
	draw backends.Draw
	// logged keeps one failing atlas upload from logging every frame.
	logged error
}

// Update runs the UI pass with the canvas's quads, in order.
func (s *System) Update(*ecs.World) {
	s.Err = s.run()
}

func (s *System) run() error {
	c := s.Ctx
	start := time.Now()
	b := c.Backend
	canvas := c.UI
	if canvas == nil || len(canvas.Quads()) == 0 {
		return nil // the core runs the skipped pass empty
	}
	defer canvas.Reset()
	if s.quad == 0 {
		id, err := b.CreateMesh(formats.DefaultHandle, unitQuad(), []uint32{0, 1, 2, 0, 2, 3})
		if err != nil {
			return fmt.Errorf("ui quad: %w", err)
		}
		s.quad = id
	}
	canvas.Fonts.Each(s.upload)
	if err := b.BeginPass(formats.PassUI); err != nil {
		return fmt.Errorf("%s: begin ui pass: %w", b.Kind(), err)
	}
	w, h := b.Size()
	d := &s.draw
	d.Mesh, d.Shader = s.quad, 0
	for _, q := range canvas.Quads() {
		d.Texture = q.Texture
		if q.Face != nil {
			if q.Face.Texture == 0 {
				continue // its atlas failed to upload (logged once)
			}
			d.Texture = q.Face.Texture
		}
		d.Model = vmath.Mat4{
			q.Rect.X, q.Rect.Y, q.Rect.X + q.Rect.W, q.Rect.Y + q.Rect.H,
			q.UV[0], q.UV[1], q.UV[2], q.UV[3],
			float32(w), float32(h), 0, 0,
			0, 0, 0, 0,
		}
		d.Color = q.Color
		b.Draw(d)
	}
	if err := b.EndPass(); err != nil {
		return fmt.Errorf("%s: end ui pass: %w", b.Kind(), err)
	}
	c.Stats.PassTime[formats.PassUI] += time.Since(start)
	return nil
}

// upload creates the atlas texture of a face the first time it is drawn.
func (s *System) upload(f *ui.Face) {
	if f.Texture != 0 {
		return
	}
	// Linear and clamped: glyphs sit on whole pixels, so sampling is exact,
	// and a scaled sprite of the atlas still looks smooth.
	id, err := s.Ctx.Backend.CreateTexture(f.Atlas, backends.TextureOptions{Clamp: true})
	if err != nil {
		if s.logged == nil || s.logged.Error() != err.Error() {
			s.Ctx.Log.Error(fmt.Sprintf("ui: font atlas at %d px: %v", f.Px, err))
			s.logged = err
		}
		return
	}
	f.Texture = id
}

// Close frees the quad and the atlases.
func (s *System) Close(*ecs.World) error {
	b := s.Ctx.Backend
	if s.quad != 0 {
		b.DestroyMesh(s.quad)
		s.quad = 0
	}
	s.Ctx.UI.Fonts.Each(func(f *ui.Face) {
		if f.Texture != 0 {
			b.DestroyTexture(f.Texture)
			f.Texture = 0
		}
	})
	return nil
}

// unitQuad is four default-format vertices at the corners (0,0), (1,0),
// (1,1) and (0,1), wound counter-clockwise in a y-up clip space; the UI
// pass culls nothing either way.
func unitQuad() []byte {
	l := formats.DefaultLayout()
	data := make([]byte, 4*l.Stride)
	corners := [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	for i, c := range corners {
		v := data[uint32(i)*l.Stride:]
		binary.LittleEndian.PutUint32(v[0:], math.Float32bits(c[0]))
		binary.LittleEndian.PutUint32(v[4:], math.Float32bits(c[1]))
	}
	return data
}
