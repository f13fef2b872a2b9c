// Package frame is the state the render systems share within a frame: the
// backend, the vertex-format registry, the frame's camera and light data,
// frame statistics, and the draw lists every pass submits: one pass over
// the drawable entities a frame (Gather, from Begin; spread over the
// processors for a large world) syncs their transforms, tests each once
// against the camera and once against the sun, and files it into the
// lists of the passes that draw it as packed sort keys; each pass then
// sorts its keys and submits (RunPass).
//
// The pass systems themselves live in systems/shadow, systems/gbuffer and
// systems/render; they decide what to draw and in which pass, and backends
// only execute.
package frame

import (
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/debugdraw"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ui"
	"github.com/sleakgo/sleak/vmath"
)

// Environment is the lighting the frame uses besides the sun.
type Environment struct {
	Ambient        vmath.Vec3
	FogColor       vmath.Vec3 // also the sky colour at the horizon
	SkyColor       vmath.Vec3 // the sky straight up; zero: FogColor all over
	SunDisc        float32    // angular radius of the sun's disc in the sky, radians; 0: none
	FogStart       float32
	FogEnd         float32 // 0 disables fog
	Exposure       float32
	ShadowDistance float32 // how far from the camera the shadow cascades reach
	// ShadowMapSize is the backend's shadow map side in texels (0:
	// backends.DefaultShadowMapSize); each cascade's tile is half of it,
	// and the cascades move in whole texels of their tile so that shadow
	// edges do not shimmer as the camera moves.
	ShadowMapSize int
	// CascadeInterval is how many frames apart each far shadow cascade
	// (every one but the nearest) is redrawn (game.toml's [renderer]
	// cascade_interval). They take turns, so a frame draws the nearest
	// cascade and about 3/CascadeInterval of the others, and a far
	// cascade not redrawn keeps its shadows from the frame that drew it.
	// A kept cascade is redrawn at once when the sun turns or the camera
	// moves so far that it no longer covers its slice of the view. 0 or 1
	// redraws every cascade every frame.
	CascadeInterval int
	// PunctualLights turns on point and spot light entities (game.toml's
	// [lighting] point_lights); MaxLights caps them, nearest first (0:
	// backends.MaxLights).
	PunctualLights bool
	MaxLights      int
	// Effects are the post-processing passes (game.toml's [effects]);
	// the zero value turns them off.
	Effects backends.Effects
	// Map is image-based lighting from an environment map (game.toml's
	// [environment], made by package ibl): its light replaces Ambient and
	// it is drawn as the sky. nil keeps Ambient and the procedural sky.
	Map *backends.Environment
}

// DefaultEnvironment is a soft daylight.
func DefaultEnvironment() Environment {
	return Environment{
		Ambient:        vmath.Vec3{0.25, 0.28, 0.35},
		FogColor:       vmath.Vec3{0.55, 0.7, 0.9},
		FogEnd:         0,
		Exposure:       1,
		ShadowDistance: 40,
		PunctualLights: true,
	}
}

// cascadeTests are the cascades a frame redraws as a caster's box is
// tested against them: whether the box overlaps a cascade's light box and
// reaches the start of the cascade's share of the view, which it must to
// shadow any point the cascade shades. Every cascade redrawn was fitted
// along this frame's sun (lightMatrix), so their matrices share one
// rotation into light space and differ by a scale and an offset per axis
// (an orthographic box), and the starts of their shares share the view's
// forward normal: a box is turned into light space once, and each cascade
// then costs three interval tests and one comparison.
type cascadeTests struct {
	rot, absRot [3]vmath.Vec3 // light space's axes in world space, and their absolute values
	fwd, absFwd vmath.Vec3    // the view's forward normal
	n           int
	cascades    [backends.NumCascades]cascadeAxes
}

// cascadeAxes is one cascade of cascadeTests: bit its bit in
// RedrawCascades; lo and hi the cascade's light box along each rotated
// axis (light clip space's [-1, 1], or [0, 1] in depth, taken back through
// the cascade's scale and offset), so that a box is tested by comparisons
// alone; start the offset of the plane its share of the view starts at
// (along fwd), or -Inf when the light crosses it towards the camera and
// every box reaches it. All four are doubled, as touches compares them
// with a box's doubled centre and extent.
type cascadeAxes struct {
	bit    uint8
	lo, hi [3]float32
	start  float32
}

// set makes the tests of the cascades of redraw among ms, whose shares of
// the view start at from along forward from eye; crossing says the light
// crosses those planes towards the camera.
func (ct *cascadeTests) set(ms *[backends.NumCascades]vmath.Mat4, redraw uint8, forward, eye vmath.Vec3, from *[backends.NumCascades]float32, crossing bool) {
	ct.n = 0
	ct.fwd, ct.absFwd = forward, vmath.Vec3{vmath.Abs32(forward[0]), vmath.Abs32(forward[1]), vmath.Abs32(forward[2])}
	inf := float32(math.Inf(1))
	for i := range ms {
		if redraw&(1<<i) == 0 {
			continue
		}
		m := &ms[i]
		a := &ct.cascades[ct.n]
		a.bit = 1 << i
		for r := range 3 {
			row := vmath.Vec3{m[r], m[4+r], m[8+r]}
			if ct.n == 0 {
				ct.rot[r] = row.Normalize()
				ct.absRot[r] = vmath.Vec3{vmath.Abs32(ct.rot[r][0]), vmath.Abs32(ct.rot[r][1]), vmath.Abs32(ct.rot[r][2])}
			}
			// Clip space along this axis is scale*x + offset; the scale
			// is the row's length, so never negative.
			scale, offset := row.Dot(ct.rot[r]), m[12+r]
			clipLo := float32(-1)
			if r == 2 {
				clipLo = 0
			}
			switch {
			case scale > 0:
				a.lo[r], a.hi[r] = 2*(clipLo-offset)/scale, 2*(1-offset)/scale
			case offset >= clipLo && offset <= 1: // a flat axis: all or nothing
				a.lo[r], a.hi[r] = -inf, inf
			default:
				a.lo[r], a.hi[r] = inf, -inf
			}
		}
		// Nearer the sun than the box is no limit: the shadow pass clamps
		// depth there (shadowFrustum).
		if a.lo[2] <= a.hi[2] {
			a.lo[2] = -inf
		}
		a.start = -inf
		if !crossing {
			a.start = 2 * (forward.Dot(eye) + from[i])
		}
		ct.n++
	}
}

// touches returns the cascades (their RedrawCascades bits) that box b can
// put a shadow into. It is written out in scalars: the compiler keeps
// those in registers, where small arrays would go through the stack, and
// this runs for every shadow caster of every frame. The box's centre and
// extent are kept doubled (the sum and the difference of its corners),
// which spares six multiplications; the cascades' bounds are doubled to
// match.
func (ct *cascadeTests) touches(b *vmath.AABB) uint8 {
	if ct.n == 0 {
		return 0
	}
	cx, cy, cz := b.Min[0]+b.Max[0], b.Min[1]+b.Max[1], b.Min[2]+b.Max[2]
	ex, ey, ez := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1], b.Max[2]-b.Min[2]
	// The box's reach along each rotated axis, and along the view.
	r, a := &ct.rot, &ct.absRot
	c0, e0 := r[0][0]*cx+r[0][1]*cy+r[0][2]*cz, a[0][0]*ex+a[0][1]*ey+a[0][2]*ez
	c1, e1 := r[1][0]*cx+r[1][1]*cy+r[1][2]*cz, a[1][0]*ex+a[1][1]*ey+a[1][2]*ez
	c2, e2 := r[2][0]*cx+r[2][1]*cy+r[2][2]*cz, a[2][0]*ex+a[2][1]*ey+a[2][2]*ez
	low0, high0, low1, high1, low2, high2 := c0-e0, c0+e0, c1-e1, c1+e1, c2-e2, c2+e2
	f, af := &ct.fwd, &ct.absFwd
	along := f[0]*cx + f[1]*cy + f[2]*cz + af[0]*ex + af[1]*ey + af[2]*ez
	var mask uint8
	for i := range ct.cascades[:ct.n] {
		k := &ct.cascades[i]
		if along >= k.start &&
			high0 >= k.lo[0] && low0 <= k.hi[0] &&
			high1 >= k.lo[1] && low1 <= k.hi[1] &&
			high2 >= k.lo[2] && low2 <= k.hi[2] {
			mask |= k.bit
		}
	}
	return mask
}

// Context is shared by the render systems of one backend.
type Context struct {
	Backend backends.Backend
	Formats *formats.Registry
	Log     *slog.Logger
	Env     Environment
	// Stats is the backend's statistics of the current frame: the backend
	// counts draws and what it drops; the systems add what they cull and
	// what they drop before submitting.
	Stats  *backends.Stats
	Data   backends.FrameData
	Camera vmath.Frustum // world-space camera frustum of this frame
	// Light is the world-space shadow frustum of this frame, around the
	// whole shadow distance, and Cascade those of the shadow cascades
	// (Data.ShadowCascades), nearest first. None has a near plane: the
	// shadow pass clamps what lies nearer the sun to the nearest depth
	// (backends.Backend), where it still casts.
	Light   vmath.Frustum
	Cascade [backends.NumCascades]vmath.Frustum
	// Casters is what a shadow caster must touch to shadow the view: the
	// camera's frustum up to ShadowDistance, without the planes a shadow
	// can cross (CasterVolume).
	Casters  vmath.Frustum
	HasLight bool
	Started  time.Time // when this frame began on the CPU
	// UI is the frame's screen-space interface, drawn by systems/ui in the
	// UI pass after the composite.
	UI *ui.Canvas
	// Debug is the frame's debug lines, drawn by systems/debugpass in the
	// debug pass between the composite and the UI. It starts enabled; the
	// runner turns it off when game.toml says so.
	Debug *debugdraw.List

	// logged is the last error logged for each failing material shader;
	// the backend returns the same error until a resize retries it, so each
	// failure costs one line.
	logged map[string]error
	// lights is the frame's light list, Data.Lights, with each light's
	// distance key for the nearest-first order.
	lights []backends.Light
	// jointsOf is where each skinned mesh's palette lies in Data.Joints
	// this frame (collectJoints), for Gather to put into its draws;
	// skinFormats says, by format handle, whether any mesh of the format
	// has one, so that Gather looks up only those.
	jointsOf     map[*ecs.Mesh]backends.JointRange
	skinFormats  []bool
	sortedLights []backends.Light // the other buffer of the nearest-first reorder
	lightKeys    []lightKey
	lists        drawLists
	// cascades are what Gather tests a caster's box against: the
	// cascades redrawn this frame.
	cascades cascadeTests
	// kept is what each shadow cascade was last drawn with, so a frame can
	// keep it (Environment.CascadeInterval); keptValid says whether the
	// shadow map holds them, keptSize at which map size, and turn counts
	// the frames that took turns.
	kept      [backends.NumCascades]keptCascade
	keptValid bool
	keptSize  int
	turn      int
}

// keptCascade is a shadow cascade as last drawn: its matrix and the
// sun's direction then.
type keptCascade struct {
	m   vmath.Mat4
	dir vmath.Vec3
}

// NewContext returns a context for backend b.
func NewContext(b backends.Backend, reg *formats.Registry, log *slog.Logger) *Context {
	if log == nil {
		log = slog.Default()
	}
	fonts, err := ui.NewFonts(nil)
	if err != nil {
		// The default font is compiled in; without it text draws nothing
		// and the rest of the interface still works.
		log.Error(err.Error())
	}
	return &Context{
		Backend: b, Formats: reg, Log: log, Env: DefaultEnvironment(), Stats: b.Stats(),
		UI: ui.NewCanvas(fonts), Debug: debugdraw.New(true), logged: map[string]error{},
	}
}

// MaterialShader returns the loaded shader of a material, loading it the
// first time; 0 means "drop this draw". A failure is logged once, naming
// the backend and every file tried: the backend keeps returning the same
// error without another attempt until a resize tries the shader again.
func (c *Context) MaterialShader(m *ecs.Material) backends.ShaderID {
	if m.ShaderID != 0 {
		return m.ShaderID
	}
	id, err := c.Backend.CreateShaderWith(m.Shader, backends.ShaderOptions{TwoSided: m.TwoSided})
	if err != nil {
		if c.logged[m.Shader] == err {
			return 0
		}
		c.logged[m.Shader] = err
		c.Log.Error(fmt.Sprintf("material shader %s: %v", m.Shader, err),
			"backend", c.Backend.Kind().String(), "shader", m.Shader)
		return 0
	}
	m.ShaderID = id
	return id
}

// CustomReady reports whether draws of custom format h go ahead in stem pass
// p, counting a dropped draw when its stem is named but failed (or its main
// stem failed). An empty stem is a deliberate skip and is not counted.
func (c *Context) CustomReady(h formats.Handle, p formats.Pass) bool {
	switch c.classify(h, p) {
	case ready:
		return true
	case dropped:
		c.Stats.Drop(h, p)
	}
	return false
}

// classify is CustomReady's answer, counting nothing: ready, skipped (an
// empty stem) or dropped (an unknown format, or a stem that failed).
func (c *Context) classify(h formats.Handle, p formats.Pass) readiness {
	l, ok := c.Formats.Get(h)
	if !ok {
		return dropped
	}
	if l.Stem(p) == "" && p != formats.PassForward {
		return skipped
	}
	if c.Backend.FormatReady(h, p) {
		return ready
	}
	return dropped
}
