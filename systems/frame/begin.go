package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// ViewProj is the view-projection matrix of a camera at eye turned by rot
// (looking down its local -Z), with a vertical field of view of fov
// degrees: the matrix the frame's camera passes draw with, for a game
// that culls by the same frustum ahead of them.
func ViewProj(eye vmath.Vec3, rot vmath.Quat, fov, aspect, near, far float32) vmath.Mat4 {
	forward := rot.Rotate(vmath.Vec3{0, 0, -1})
	up := rot.Rotate(vmath.Vec3{0, 1, 0})
	return vmath.Perspective(vmath.Radians(fov), aspect, near, far).Mul(vmath.LookAt(eye, eye.Add(forward), up))
}

// Aspect is the backend's width over its height (1 with no size yet).
func Aspect(b backends.Backend) float32 {
	width, height := b.Size()
	if height > 0 {
		return float32(width) / float32(height)
	}
	return 1
}

// Begin starts a frame: it derives the camera and light matrices from the
// world's active camera and sun, hands them to the backend, and gathers the
// frame's draw lists (Gather). With no active camera it renders from the
// origin looking down -Z.
func (c *Context) Begin(w *ecs.World) error {
	c.Started = time.Now()
	if l := &c.lists; l.pool != nil && l.used > 1 && l.pool.quickPrep {
		// The last frame was gathered in parts, so, likely, is this one,
		// and was prepared quickly enough for roused workers to wait.
		l.pool.rouse()
	}
	aspect := Aspect(c.Backend)
	eye := vmath.Vec3{}
	rot := vmath.QuatIdent()
	fov, near, far := float32(60), float32(0.1), float32(1000)
	if t, cam := w.ActiveCamera(); cam != nil {
		eye, rot = t.Position, t.Rotation
		fov, near, far = cam.FovY, cam.Near, cam.Far
	}
	forward := rot.Rotate(vmath.Vec3{0, 0, -1})
	up := rot.Rotate(vmath.Vec3{0, 1, 0})
	vp := ViewProj(eye, rot, fov, aspect, near, far)

	d := &c.Data
	d.ViewProj = vp
	d.InvViewProj = vp.Inverse()
	d.CameraPos = eye
	d.Time = float32(w.Time.Elapsed.Seconds())
	d.Ambient = c.Env.Ambient
	d.FogColor = c.Env.FogColor
	d.SkyColor, d.SunDisc = c.Env.SkyColor, c.Env.SunDisc
	d.FogStart, d.FogEnd = c.Env.FogStart, c.Env.FogEnd
	d.Exposure = c.Env.Exposure
	d.Effects = c.Env.Effects
	d.Environment = c.Env.Map
	c.Camera = vmath.FrustumFromMatrix(vp)

	d.Shadows, c.HasLight = false, false
	// Without a sun the light matrix must still give every point a w the
	// shaders' shadow lookup can divide by; the zero matrix's 0 turns every
	// lit pixel into NaN on some drivers (lavapipe), shadows off or not.
	d.LightDir, d.LightColor, d.LightViewProj = vmath.Vec3{0, -1, 0}, vmath.Vec3{}, vmath.Ident()
	d.ShadowCascades = [backends.NumCascades]vmath.Mat4{}
	d.RedrawCascades = 0
	keep := c.keptValid
	c.keptValid = false
	c.cascades.n = 0
	if sun := w.Sun(); sun != nil {
		c.HasLight = true
		d.LightDir = sun.Direction.Normalize()
		d.LightColor = sun.Color.Mul(sun.Intensity)
		d.Shadows = sun.CastShadows
		shadowFar := min(far, c.Env.ShadowDistance)
		mapSize := c.Env.ShadowMapSize
		if mapSize <= 0 {
			mapSize = backends.DefaultShadowMapSize
		}
		_, _, tile := backends.CascadeTile(0, mapSize)
		whole := lightMatrix(eye, forward, up, fov, aspect, near, shadowFar, d.LightDir, tile)
		c.Light = shadowFrustum(whole)
		redraw := c.cascadeTurn(keep && d.Shadows && mapSize == c.keptSize)
		c.keptValid, c.keptSize = d.Shadows, mapSize
		from := near
		var starts [backends.NumCascades]float32
		for i, to := range CascadeSplits(near, shadowFar) {
			k := &c.kept[i]
			if redraw&(1<<i) == 0 && !k.covers(d.LightDir, eye, forward, up, fov, aspect, from, to) {
				redraw |= 1 << i
			}
			if redraw&(1<<i) != 0 {
				k.m, k.dir = lightMatrix(eye, forward, up, fov, aspect, from, to, d.LightDir, tile), d.LightDir
			}
			d.ShadowCascades[i] = k.m
			c.Cascade[i] = shadowFrustum(d.ShadowCascades[i])
			// What can shadow the points this cascade shades. Its box is
			// fitted around a sphere much larger than its slice of the
			// view, and the shaders take the first cascade whose box holds
			// a point, so the cascade also shades points of the later
			// slices (up to the shadow distance) that its box reaches: a
			// caster must reach the slice's start, not lie wholly before
			// its end, or one near such a point is left out of the cascade
			// that shades it and its shadow goes missing. The rest of what
			// can shadow the view (Casters) Gather has tested already.
			starts[i] = from
			from = to
		}
		c.cascades.set(&d.ShadowCascades, redraw, forward, eye, &starts, forward.Dot(d.LightDir) > 0)
		d.RedrawCascades = redraw
		d.LightViewProj = d.ShadowCascades[0]
		slice := vmath.FrustumFromMatrix(ViewProj(eye, rot, fov, aspect, near, shadowFar))
		c.Casters = CasterVolume(&slice, d.LightDir)
	}
	d.Lights = c.collectLights(w, eye)
	c.collectJoints(w)
	if err := c.Backend.BeginFrame(d); err != nil {
		return fmt.Errorf("%s: begin frame: %w", c.Backend.Kind(), err)
	}
	c.Stats = c.Backend.Stats() // reset by BeginFrame
	c.Gather(w)
	return nil
}

// cascadeTurn returns the cascades this frame redraws by turns
// (Environment.CascadeInterval): the nearest, and each far cascade i on
// every CascadeInterval-th frame, offset by i-1 so that they take turns.
// Without keep (the map does not hold the cascades as drawn) it is all
// of them, and the turns start again.
func (c *Context) cascadeTurn(keep bool) uint8 {
	n := c.Env.CascadeInterval
	if !keep || n <= 1 {
		c.turn = 0
		return backends.AllCascades
	}
	c.turn++
	redraw := uint8(1)
	for i := 1; i < backends.NumCascades; i++ {
		if c.turn%n == (i-1)%n {
			redraw |= 1 << i
		}
	}
	return redraw
}

// keepAngle is the cosine of the angle the sun may turn by before a kept
// shadow cascade is redrawn: a quarter of a degree.
var keepAngle = float32(math.Cos(0.25 * math.Pi / 180))

// covers reports whether the kept cascade can still shade the view's
// slice [near, far]: the sun has not turned since it was drawn, and every
// corner of the slice lies inside its light box.
func (k *keptCascade) covers(dir, eye, forward, up vmath.Vec3, fovDeg, aspect, near, far float32) bool {
	if k.dir.Dot(dir) < keepAngle {
		return false
	}
	tanY := float32(math.Tan(float64(vmath.Radians(fovDeg)) / 2))
	tanX := tanY * aspect
	right := forward.Cross(up)
	for _, dist := range [2]float32{near, far} {
		centre := eye.Add(forward.Mul(dist))
		for _, sx := range [2]float32{-1, 1} {
			for _, sy := range [2]float32{-1, 1} {
				p := centre.Add(right.Mul(sx * dist * tanX)).Add(up.Mul(sy * dist * tanY))
				q := k.m.MulPoint(p)
				if q[0] < -1 || q[0] > 1 || q[1] < -1 || q[1] > 1 || q[2] < 0 || q[2] > 1 {
					return false
				}
			}
		}
	}
	return true
}

// collectJoints lays the palettes of the world's skinned meshes (ecs.Skin,
// posed by systems/animation) end to end into Data.Joints, which the
// backend uploads with the frame, and remembers each one's range for its
// draws. The backend checks the ranges against its limits. It allocates
// nothing once the palette and the map have grown to the scene's size.
func (c *Context) collectJoints(w *ecs.World) {
	d := &c.Data
	d.Joints = d.Joints[:0]
	clear(c.jointsOf)
	clear(c.skinFormats)
	q := w.Skinned()
	for q.Next() {
		m, s := q.Get()
		if len(s.Joints) == 0 {
			continue
		}
		if c.jointsOf == nil {
			c.jointsOf = map[*ecs.Mesh]backends.JointRange{}
		}
		for int(m.Format) >= len(c.skinFormats) {
			c.skinFormats = append(c.skinFormats, false)
		}
		c.skinFormats[m.Format] = true
		c.jointsOf[m] = backends.JointRange{First: uint32(len(d.Joints)), Count: uint32(len(s.Joints))}
		d.Joints = append(d.Joints, s.Joints...)
	}
}

type lightKey struct {
	dist float32
	i    int32
}

// collectLights gathers the point and spot lights of w into the frame's
// reused list: nothing at all when the game turned them off, at most
// Env.MaxLights, the nearest to eye first when there are more lights than
// one cluster shades (so a full cluster keeps the nearest). It allocates
// nothing once the list has grown to the scene's size.
func (c *Context) collectLights(w *ecs.World, eye vmath.Vec3) []backends.Light {
	list := c.lights[:0]
	if !c.Env.PunctualLights {
		return list
	}
	pq := w.PointLights()
	for pq.Next() {
		t, l := pq.Get()
		if l.Intensity <= 0 || l.Range <= 0 {
			continue
		}
		list = append(list, backends.Light{Position: t.World.MulPoint(vmath.Vec3{}), Range: l.Range, Color: l.Color.Mul(l.Intensity)})
	}
	sq := w.SpotLights()
	for sq.Next() {
		t, l := sq.Get()
		if l.Intensity <= 0 || l.Range <= 0 {
			continue
		}
		dir := l.Direction
		if dir == (vmath.Vec3{}) {
			dir = vmath.Vec3{0, 0, -1}
		}
		m := &t.World
		dir = vmath.Vec3{
			m[0]*dir[0] + m[4]*dir[1] + m[8]*dir[2],
			m[1]*dir[0] + m[5]*dir[1] + m[9]*dir[2],
			m[2]*dir[0] + m[6]*dir[1] + m[10]*dir[2],
		}.Normalize()
		outer := min(max(l.OuterAngle, 0.1), 89.9)
		inner := min(max(l.InnerAngle, 0), outer)
		list = append(list, backends.Light{
			Position: m.MulPoint(vmath.Vec3{}), Range: l.Range, Color: l.Color.Mul(l.Intensity), Direction: dir,
			InnerCos: float32(math.Cos(float64(vmath.Radians(inner)))),
			OuterCos: float32(math.Cos(float64(vmath.Radians(outer)))),
		})
	}
	limit := c.Env.MaxLights
	if limit <= 0 || limit > backends.MaxLights {
		limit = backends.MaxLights
	}
	if len(list) > min(limit, backends.MaxClusterLights) {
		keys := c.lightKeys[:0]
		for i := range list {
			d := list[i].Position.Sub(eye)
			keys = append(keys, lightKey{d.Dot(d), int32(i)})
		}
		slices.SortFunc(keys, func(a, b lightKey) int { return cmp.Compare(a.dist, b.dist) })
		keys = keys[:min(len(keys), limit)]
		// Reorder in place through a second list kept for the purpose.
		sorted := c.sortedLights[:0]
		for _, k := range keys {
			sorted = append(sorted, list[k.i])
		}
		c.lightKeys, c.sortedLights, list = keys, list, sorted
	}
	c.lights = list
	return list
}

// CasterVolume returns the planes a shadow caster must pass to cast a shadow
// into view, the frustum slice the shadow map covers: a box wholly outside a
// plane whose normal does not face the light's direction stays outside it
// however far its shadow reaches along dir, so it shadows nothing there.
// The other planes, which a shadow can cross, are replaced by planes that
// pass everything.
func CasterVolume(view *vmath.Frustum, dir vmath.Vec3) vmath.Frustum {
	out := *view
	for i, p := range out {
		if p[0]*dir[0]+p[1]*dir[1]+p[2]*dir[2] > 0 {
			out[i] = noPlane
		}
	}
	return out
}

// shadowFrustum is the world-space frustum of a shadow projection as the
// shadow pass draws into it: without its near plane, since the pass
// clamps the depth of what lies nearer the sun instead of clipping it
// (backends.Backend), and a caster there still shadows what lies behind.
func shadowFrustum(m vmath.Mat4) vmath.Frustum {
	f := vmath.FrustumFromMatrix(m)
	f[nearPlane] = noPlane
	return f
}

// CascadeSplits returns where each shadow cascade's slice of the view ends,
// in distance along the camera's axis: from near to far, each slice ending
// between the even split and the logarithmic one (weighted 3 to 7), so the
// nearest cascades, where a texel shows largest, get the most of the map.
// The logarithmic split starts at 1, not at near, which would make the first
// slice a few centimetres deep.
func CascadeSplits(near, far float32) (ends [backends.NumCascades]float32) {
	n := max(near, min(1, far/16))
	for i := range ends {
		t := float64(i+1) / backends.NumCascades
		log := float64(n) * math.Pow(float64(far/n), t)
		even := float64(near) + float64(far-near)*t
		ends[i] = float32(0.7*log + 0.3*even)
	}
	ends[backends.NumCascades-1] = far
	return ends
}

// lightMatrix fits an orthographic shadow projection around the bounding
// sphere of the camera frustum's slice [near, far], so the shadow map's
// resolution is spent where the camera looks, and it does not swim when the
// camera turns; it moves in whole texels of a tile texels wide.
func lightMatrix(eye, forward, up vmath.Vec3, fovDeg, aspect, near, far float32, dir vmath.Vec3, texels int) vmath.Mat4 {
	tanY := float32(math.Tan(float64(vmath.Radians(fovDeg)) / 2))
	tanX := tanY * aspect
	// The sphere through the far corners, centred on the view axis.
	farHalfDiag := far * float32(math.Sqrt(float64(tanX*tanX+tanY*tanY)))
	centerDist := (far + near) / 2
	center := eye.Add(forward.Mul(centerDist))
	radius := float32(math.Sqrt(float64((far-centerDist)*(far-centerDist) + farHalfDiag*farHalfDiag)))
	radius = float32(math.Ceil(float64(radius)))
	lightUp := vmath.Vec3{0, 1, 0}
	if math.Abs(float64(dir[1])) > 0.99 {
		lightUp = vmath.Vec3{0, 0, 1}
	}
	view := vmath.LookAt(center.Sub(dir.Mul(radius*2)), center, lightUp)
	// Snap the centre to whole texels so edges do not shimmer as the
	// camera moves.
	texel := 2 * radius / float32(texels)
	cx := view.MulPoint(center)
	view[12] -= cx[0] - float32(math.Floor(float64(cx[0]/texel)))*texel
	view[13] -= cx[1] - float32(math.Floor(float64(cx[1]/texel)))*texel
	proj := vmath.Ortho(-radius, radius, -radius, radius, 0.01, radius*4)
	return proj.Mul(view)
}

// End finishes the frame: Composite, then Finish. A frame with a UI runs
// the UI pass between the two (systems/ui).
func (c *Context) End() error {
	if err := c.Composite(); err != nil {
		return err
	}
	return c.Finish()
}

// Composite runs the composite pass and records its CPU time.
func (c *Context) Composite() error {
	start := time.Now()
	if err := c.Backend.BeginPass(formats.PassComposite); err != nil {
		return fmt.Errorf("%s: begin composite pass: %w", c.Backend.Kind(), err)
	}
	if err := c.Backend.EndPass(); err != nil {
		return fmt.Errorf("%s: end composite pass: %w", c.Backend.Kind(), err)
	}
	c.Stats.PassTime[formats.PassComposite] += time.Since(start)
	return nil
}

// Finish ends the frame (present or read back) and records its CPU time;
// a UI pass the frame skipped runs empty first.
func (c *Context) Finish() error {
	if err := c.Backend.EndFrame(); err != nil {
		return fmt.Errorf("%s: end frame: %w", c.Backend.Kind(), err)
	}
	c.Stats.CPUTime = time.Since(c.Started)
	return nil
}
