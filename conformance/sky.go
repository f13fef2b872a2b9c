package conformance

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// skyColor is the lighting pass's sky along dir (normalized): the fog colour
// at the horizon blending into the zenith colour, and the light's disc of
// cosine radius discCos (0: none) with its glow. It is the suite's model of
// sleakSky in the engine's shaders.
func skyColor(f *backends.FrameData, zenith vmath.Vec3, discCos float32, dir vmath.Vec3) vmath.Vec3 {
	up := min(max(dir[1], 0), 1)
	c := f.FogColor.Add(zenith.Sub(f.FogColor).Mul(up * (2 - up)))
	if discCos > 0 {
		cs := max(dir.Dot(f.LightDir.Mul(-1)), 0)
		t := min(max((cs-discCos)/max((1-discCos)*0.25, 1e-6), 0), 1)
		glow := float32(math.Pow(float64(cs), 32))
		c = c.Add(f.LightColor.Mul(t*t*(3-2*t) + 0.15*glow))
	}
	return c
}

// displayed is a linear colour as the engine's composite writes it:
// exposure (0 means 1), the ACES fit, gamma 2.2, in 0..1.
func displayed(c vmath.Vec3, exposure float32) rgb { return displayedGamma(c, exposure, 2.2) }

// displayedGamma is displayed with another gamma, as a composite shader
// edited by hot reload writes it.
func displayedGamma(c vmath.Vec3, exposure float32, gamma float64) rgb {
	if exposure == 0 {
		exposure = 1
	}
	var out rgb
	for i, x := range c {
		x *= exposure
		y := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
		out[i] = math.Pow(float64(max(0, min(1, y))), 1/gamma)
	}
	return out
}

// The sky scene's light: low in front of the camera, a little to the
// right, so its disc is in view above the horizon.
var (
	skyEye     = vmath.Vec3{0, 2, 0}
	skySource  = vmath.Vec3{0.25, 0.3, -1}.Normalize() // where the light comes from
	skyHorizon = vmath.Vec3{0.8, 0.55, 0.35}
	skyZenith  = vmath.Vec3{0.08, 0.22, 0.65}
	skyDisc    = float32(0.06) // radians
)

// sky: with a zenith colour and a sun disc set, every sky pixel is the fog
// colour at the horizon blending into the zenith colour above it, and the
// light's disc is drawn where the light comes from, on every backend, as
// the suite's model computes them pixel by pixel. Without them the sky is
// the fog colour all over (every other scene).
func sky(h *harness) {
	h.open()
	// Looking a little up: the horizon crosses the lower part of the frame.
	h.lookFrom(skyEye, skyEye.Add(vmath.Vec3{0, 0.35, -1}), 50)
	h.world.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{
		Direction: skySource.Mul(-1), Color: vmath.Vec3{1, 0.9, 0.7}, Intensity: 1.5,
	})
	env := &h.ctx.Env
	env.FogColor, env.SkyColor, env.SunDisc = skyHorizon, skyZenith, skyDisc
	h.step(2)
	img := h.pixels()
	h.noErrors()

	f := &h.ctx.Data
	discCos := float32(math.Cos(float64(skyDisc)))
	edgeNear, edgeFar := math.Cos(float64(skyDisc)*1.15), math.Cos(float64(skyDisc)*0.8)
	bad, checked, worst := 0, 0, 0.0
	var worstAt image.Point
	var inDisc []image.Point
	for py := range Height {
		for px := range Width {
			dir := pixelRay(f.InvViewProj, px, py)
			// The disc's soft edge turns fast with the angle: pixels on
			// it are left out rather than held to the tolerance.
			if c := float64(dir.Dot(skySource)); c > edgeNear && c < edgeFar {
				continue
			} else if c >= edgeFar {
				inDisc = append(inDisc, image.Pt(px, py))
			}
			want := displayed(skyColor(f, skyZenith, discCos, dir), f.Exposure)
			got := mean(img, []image.Point{{px, py}})
			checked++
			if d := got.dist(want); d > same {
				bad++
				if d > worst {
					worst, worstAt = d, image.Pt(px, py)
				}
			}
		}
	}
	if bad > 0 {
		path := h.writeFailure("sky_actual.png", img)
		h.t.Errorf("%d of %d sky pixels differ from the model by more than %.3f (worst %.3f at %v: got %v want %v); wrote %s",
			bad, checked, same, worst, worstAt, mean(img, []image.Point{worstAt}),
			displayed(skyColor(f, skyZenith, discCos, pixelRay(f.InvViewProj, worstAt.X, worstAt.Y)), f.Exposure), path)
	}
	if len(inDisc) < minRegion {
		h.t.Fatalf("the sun's disc covers %d pixels, want at least %d: the scene no longer frames it", len(inDisc), minRegion)
	}
	top, horizonRow := mean(img, []image.Point{{Width / 4, 0}}), rgb{}
	for py := Height - 1; py >= 0; py-- {
		if pixelRay(f.InvViewProj, Width/4, py)[1] >= 0 {
			horizonRow = mean(img, []image.Point{{Width / 4, py}})
			break
		}
	}
	if top[2]-horizonRow[2] < visible || horizonRow[0]-top[0] < visible {
		h.t.Errorf("the sky does not turn from the horizon colour %v to the zenith colour going up: horizon %v, top %v", skyHorizon, horizonRow, top)
	}
}

// pixelRay is the normalized world-space direction through the centre of
// pixel (px, py) of the frame, row 0 at the top.
func pixelRay(inv vmath.Mat4, px, py int) vmath.Vec3 {
	nx := (float64(px)+0.5)/Width*2 - 1
	ny := 1 - (float64(py)+0.5)/Height*2
	n := unproject(inv, nx, ny, 0)
	f := unproject(inv, nx, ny, 1)
	d := sub64(f, n)
	return vmath.Vec3{float32(d[0]), float32(d[1]), float32(d[2])}.Normalize()
}
