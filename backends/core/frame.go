package core

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/reuse"
	"github.com/sleakgo/sleak/vmath"
)

// sequencer is where a frame stands.
type sequencer struct {
	inFrame bool
	open    bool         // a pass is between BeginPass and EndPass
	pass    formats.Pass // the open pass
	next    formats.Pass // the first pass not yet run this frame
	// framesSinceResize counts finished frames at the current size, so
	// ReadPixels knows whether there is an image to read.
	framesSinceResize uint64
	// pending is an error of the resize path run from PollEvents, reported
	// by the next BeginFrame.
	pending error
	// redraw are the shadow cascades this frame's shadow pass clears and
	// draws; shadowKept says whether the shadow map holds every cascade as
	// a frame drew it, so that a frame may keep some of them.
	redraw     uint8
	shadowKept bool
	// taa is the frame's temporal antialiasing: whether it runs, whether
	// the pass's result of the frame before is there to blend (the frame
	// before ran it at this size), and the view that frame had before its
	// jitter.
	taa struct {
		on, history bool
		prev        vmath.Mat4
	}
}

// BeginFrame starts a frame: it follows the window's size through the
// resize path, lets the driver wait for the frame's resources, and uploads
// the Frame block. Destroyed objects whose frames have finished are freed
// here.
func (b *Backend[M, T, P]) BeginFrame(frame *backends.FrameData) error {
	switch {
	case b.closed:
		return b.errClosed("BeginFrame")
	case b.seq.inFrame:
		return b.errorf("BeginFrame: the previous frame has not ended")
	case frame == nil:
		return b.errorf("BeginFrame: frame data is nil")
	}
	if err := b.seq.pending; err != nil {
		b.seq.pending = nil
		return err
	}
	if err := b.followSurface(false); err != nil {
		return err
	}
	b.pack(frame)
	b.seq.redraw = frame.RedrawCascades & backends.AllCascades
	if b.seq.redraw == 0 || !b.seq.shadowKept {
		b.seq.redraw = backends.AllCascades
	}
	b.setEnvironment(frame.Environment)
	err := b.drv.BeginFrame(&b.block)
	if errors.Is(err, ErrSurfaceStale) {
		if err = b.followSurface(true); err == nil {
			b.pack(frame) // at the new size, without the old size's history
			err = b.drv.BeginFrame(&b.block)
		}
	}
	if err != nil {
		return b.errorf("BeginFrame: %w", err)
	}
	b.grid.Build(&frame.ViewProj, frame.Lights)
	b.jointBase, b.joints = b.grid.SetJoints(frame.Joints)
	if err := b.drv.UploadLights(b.grid); err != nil {
		return b.errorf("BeginFrame: upload lights: %w", err)
	}
	b.collect()
	b.stats.Reset()
	b.stats.Lights, b.stats.LightsDropped, b.stats.LightsClipped = b.grid.Lights, b.grid.Dropped, b.grid.Clipped
	b.stats.Joints, b.stats.JointsDropped = b.joints, len(frame.Joints)-b.joints
	if n, ok := b.drv.GPUTimes(&b.stats.GPUTime); ok {
		b.stats.GPUFrame = n
	}
	b.seq.inFrame, b.seq.open, b.seq.next = true, false, 0
	return nil
}

// pack lays the frame out as the Frame block, jittered for temporal
// antialiasing when the frame runs it: one more sample of each pixel a
// frame, blended with the history only when the frame before left one at
// this size.
func (b *Backend[M, T, P]) pack(frame *backends.FrameData) {
	b.block.Pack(frame, b.cfg.ShadowMapSize)
	t := &b.seq.taa
	// Only a frame that ends leaves a history (EndFrame).
	history := t.history
	t.history = false
	if t.on = b.block.TAA(); !t.on {
		return
	}
	x, y := backends.TAAJitter(b.submitted)
	b.block.Jitter(x, y, b.width, b.height, history, &t.prev)
	t.prev = frame.ViewProj
}

// setEnvironment hands the driver the frame's environment atlas, or White
// when it has none or its texture is not live (and turns the block's
// environment off then). As for any texture, destroying the atlas defers
// its free past every frame that may still read it.
func (b *Backend[M, T, P]) setEnvironment(e *backends.Environment) {
	if e != nil {
		if t := b.textures.Get(uint32(e.Texture)); t != nil {
			b.drv.SetEnvironment(*t)
			return
		}
	}
	b.block.ClearEnvironment()
	b.drv.SetEnvironment(b.drv.White())
}

// BeginPass opens pass p. Passes run in order, each at most once a frame.
// Every pass the frame skipped before p runs now with no draws: the shadow
// map is cleared (nothing casts a shadow), the gbuffer is cleared, lighting
// fills the sky.
func (b *Backend[M, T, P]) BeginPass(p formats.Pass) error {
	switch {
	case b.closed:
		return b.errClosed("BeginPass")
	case !b.seq.inFrame:
		return b.errorf("BeginPass(%v) outside a frame", p)
	case b.seq.open:
		return b.errorf("BeginPass(%v) while pass %v is open", p, b.seq.pass)
	case p >= formats.NumPasses:
		return b.errorf("BeginPass: unknown pass %d", p)
	case p < b.seq.next:
		return b.errorf("BeginPass(%v): passes run in order, once a frame, and %v has already run", p, b.seq.next-1)
	}
	if err := b.runSkipped(p); err != nil {
		return err
	}
	b.seq.open, b.seq.pass = true, p
	b.draws = b.draws[:0]
	b.white = b.drv.White()
	switch p {
	case formats.PassShadow:
		b.passProgram = b.drv.ShadowProgram()
	case formats.PassUI:
		b.passProgram = b.drv.UIProgram()
	}
	b.lines.Tested, b.lines.OnTop = b.lines.Tested[:0], b.lines.OnTop[:0]
	return nil
}

func (b *Backend[M, T, P]) runSkipped(before formats.Pass) error {
	for q := b.seq.next; q < before; q++ {
		var err error
		switch {
		case q == formats.PassDebug:
			b.lines.Tested, b.lines.OnTop = b.lines.Tested[:0], b.lines.OnTop[:0]
			err = b.drv.RunLines(&b.lines)
		case q.IsEffect():
			err = b.drv.RunEffect(q, b.effectMode(q))
		default:
			if q == formats.PassShadow {
				// Skipped, the pass clears the whole map: a kept cascade
				// would shade with shadows the rest of the map no longer has.
				b.seq.redraw = backends.AllCascades
			}
			err = b.runPass(q, nil)
			if q == formats.PassShadow {
				b.seq.shadowKept = false
			}
		}
		if err != nil {
			return b.errorf("%v pass: %w", q, err)
		}
	}
	b.seq.next = before
	return nil
}

// DrawLines queues line segments in the open debug pass; see
// backends.Backend. The debug pass is the one place lines draw, so a call
// in another pass is ignored, as Draw ignores draws in a fullscreen pass.
func (b *Backend[M, T, P]) DrawLines(v []backends.LineVertex, depth backends.LineDepth) {
	if !b.seq.open || b.seq.pass != formats.PassDebug {
		return
	}
	v = v[:len(v)&^1]
	if room := backends.MaxLineVertices - b.lines.Len(); len(v) > room {
		b.stats.DroppedLines += (len(v) - room) / 2
		v = v[:room]
	}
	b.stats.Lines += len(v) / 2
	if depth == backends.LinesOnTop {
		b.lines.OnTop = append(b.lines.OnTop, v...)
	} else {
		b.lines.Tested = append(b.lines.Tested, v...)
	}
}

// Draw resolves a draw in the open pass and queues it. Draws that cannot
// go ahead are dropped and counted in Stats, once each: a stale or unknown
// mesh or texture ID (logged with the ID), a custom format whose program
// for the pass is not Ready, a default-format mesh whose material shader
// is missing or failed, a default-format mesh in the gbuffer pass (there is
// no default gbuffer stage), a custom-format mesh in the UI pass (which
// draws default-format quads with the engine's ui shader only), a skinned
// draw naming more than MaxJoints joints or joints the frame did not
// upload (counted in DroppedJoints). Nothing
// substitutes another program. The shadow pass writes depth only: it
// ignores a draw's shader and texture, so one draw record serves the shadow
// pass and the colour passes alike.
func (b *Backend[M, T, P]) Draw(d *backends.Draw) {
	if !b.seq.open || d == nil {
		return
	}
	p := b.seq.pass
	if !p.TakesDraws() {
		return // the fullscreen passes take no draws
	}
	b.stats.Draws[p]++
	m := b.meshes.Get(uint32(d.Mesh))
	if m == nil {
		b.dropStale("mesh", uint32(d.Mesh))
		return
	}
	var prog P
	switch {
	case p == formats.PassUI:
		// Screen-space quads are default-format meshes drawn with the
		// engine's ui shader; a custom format has no UI stem to draw with.
		if m.format != formats.DefaultHandle {
			b.stats.Drop(m.format, p)
			return
		}
		prog = b.passProgram
	case m.format != formats.DefaultHandle:
		if !b.table.Ready(m.format, p) {
			b.stats.Drop(m.format, p)
			return
		}
		prog = b.progs[m.format][p]
	case p == formats.PassShadow:
		prog = b.passProgram
	case p == formats.PassForward || p == formats.PassTransparent:
		s := b.shaders.Get(uint32(d.Shader))
		if s == nil || s.broken {
			b.stats.DroppedMaterial++
			return
		}
		prog = s.prog
	default:
		b.stats.Drop(formats.DefaultHandle, p)
		return
	}
	tex, ok := b.texture(d.Texture, p)
	if !ok {
		return
	}
	normalMap, ok := b.texture(d.NormalMap, p)
	if !ok {
		return
	}
	emissiveMap, ok := b.texture(d.EmissiveMap, p)
	if !ok {
		return
	}
	s := surface(d.Surface, d.NormalMap != 0 && p != formats.PassShadow)
	if j := d.Joints; j.Count > 0 {
		// The joints must be in what BeginFrame uploaded; the shaders
		// read them from the palette rows at jointBase (LightGrid.SetJoints).
		if j.Count > backends.MaxJoints || uint64(j.First)+uint64(j.Count) > uint64(b.joints) {
			b.stats.DroppedJoints++
			return
		}
		s[3] = float32(b.jointBase + int(j.First))
	}
	cascades := d.Cascades
	if cascades == 0 {
		cascades = backends.AllCascades
	}
	if p == formats.PassShadow {
		// A kept cascade's tile is drawn already; drawing into it again
		// without its clear would double its casters.
		if cascades &= b.seq.redraw; cascades == 0 {
			return
		}
		b.stats.Triangles[p] += m.triangles * bits.OnesCount8(cascades) // drawn once per cascade
	} else {
		b.stats.Triangles[p] += m.triangles
	}
	// Filled in place: a composite literal is built on the stack and
	// copied into the slice, twice the writes; the records EndPass
	// cleared need no clearing again.
	var r *Draw[M, T, P]
	b.draws, r = reuse.Next(b.draws)
	r.Mesh, r.Program, r.Texture, r.NormalMap, r.EmissiveMap = m.obj, prog, tex, normalMap, emissiveMap
	r.Model, r.Color, r.Surface, r.Cascades = d.Model, d.Color, s, cascades
}

// texture resolves a draw's texture ID: 0 is the white texture, as is
// any ID in the shadow pass, which samples nothing. A stale or unknown ID
// is counted and logged (dropStale), and the draw must be dropped.
func (b *Backend[M, T, P]) texture(id backends.TextureID, p formats.Pass) (T, bool) {
	if id == 0 || p == formats.PassShadow {
		return b.white, true
	}
	t := b.textures.Get(uint32(id))
	if t == nil {
		b.dropStale("texture", uint32(id))
		var zero T
		return zero, false
	}
	return *t, true
}

// dropStale counts a draw that names an ID no live object has, and logs
// it, once per ID in a row so a stale ID kept by a game costs one line.
func (b *Backend[M, T, P]) dropStale(what string, id uint32) {
	b.stats.DroppedStale++
	if id == b.lastStale {
		return
	}
	b.lastStale = id
	b.log.Error(fmt.Sprintf("%s: draw dropped: %s ID %d was destroyed or never created", b.kind, what, id),
		"backend", b.kind.String(), "pass", b.seq.pass.String(), what, id)
}

// EndPass runs the open pass with its draws.
func (b *Backend[M, T, P]) EndPass() error {
	switch {
	case b.closed:
		return b.errClosed("EndPass")
	case !b.seq.open:
		return b.errorf("EndPass without BeginPass")
	}
	p := b.seq.pass
	b.seq.open = false
	b.seq.next = p + 1
	if p == formats.PassDebug {
		if err := b.drv.RunLines(&b.lines); err != nil {
			return b.errorf("%v pass: %w", p, err)
		}
		return nil
	}
	if p.IsEffect() {
		if err := b.drv.RunEffect(p, b.effectMode(p)); err != nil {
			return b.errorf("%v pass: %w", p, err)
		}
		return nil
	}
	err := b.runPass(p, b.draws)
	clear(b.draws) // drop the references the draws hold
	b.draws = b.draws[:0]
	if err != nil {
		return b.errorf("%v pass: %w", p, err)
	}
	return nil
}

// EndFrame runs the passes the frame skipped, so the image is complete,
// submits it, and presents it when windowed.
func (b *Backend[M, T, P]) EndFrame() error {
	switch {
	case b.closed:
		return b.errClosed("EndFrame")
	case !b.seq.inFrame:
		return b.errorf("EndFrame without BeginFrame")
	case b.seq.open:
		return b.errorf("EndFrame while pass %v is open", b.seq.pass)
	}
	err := b.runSkipped(formats.NumPasses)
	b.seq.inFrame = false
	if err != nil {
		return err
	}
	if err := b.drv.EndFrame(); err != nil {
		return b.errorf("EndFrame: %w", err)
	}
	b.submitted++
	b.seq.framesSinceResize++
	b.seq.taa.history = b.seq.taa.on
	return nil
}

// runPass hands pass p to the driver; the shadow pass with the cascades
// it redraws.
func (b *Backend[M, T, P]) runPass(p formats.Pass, draws []Draw[M, T, P]) error {
	if p != formats.PassShadow {
		return b.drv.RunPass(p, draws)
	}
	b.drv.RedrawCascades(b.seq.redraw)
	err := b.drv.RunPass(p, draws)
	b.seq.shadowKept = err == nil
	return err
}

// effectMode is what effect pass p does this frame: drawn when the frame
// turned it on (as Pack wrote it into the Frame block); off, its output
// cleared to neutral once, and left so (idle) until it is drawn again or
// the resize path makes new targets. The antialias pass has nothing to
// clear.
func (b *Backend[M, T, P]) effectMode(p formats.Pass) EffectMode {
	switch {
	case b.block.EffectOn(p):
		b.neutral[p] = false
		return EffectOn
	case b.neutral[p] || p == formats.PassAntialias:
		return EffectIdle
	}
	b.neutral[p] = true
	return EffectClear
}

// surface is a draw's surface factors as the shaders read them: a
// roughness of 0 means fully rough, so that a zero Surface is the plain
// rough material; the normal map's strength is 0 without a normal map, so
// the white texture bound in its place leaves the normal as it is, and 0
// means 1 with one. A skinned draw's w is then the core's (Draw.Surface).
func surface(s vmath.Vec4, normalMap bool) vmath.Vec4 {
	if s[0] == 0 {
		s[0] = 1
	}
	switch {
	case !normalMap:
		s[3] = 0
	case s[3] == 0:
		s[3] = 1
	}
	return s
}
