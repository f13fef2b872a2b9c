package conformance

import (
	"image"
	"image/color"
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ibl"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// The ibl scene's spheres, left to right: roughness, metallic, and whether
// the default material shader draws it (forward) rather than the blob
// format (deferred).
var iblSpheres = []struct {
	rough, metal float32
	forward      bool
}{
	{0.05, 1, false}, // a mirror
	{0.5, 1, false},
	{1, 0, false}, // chalk
	{0.3, 0, false},
	{0.15, 1, true},
}

const (
	iblRadius    = 0.4
	iblIntensity = 1.2
)

var (
	iblEye    = vmath.Vec3{0, 1.6, 4}
	iblTarget = vmath.Vec3{0, 0.6, 0}
	iblColor  = [4]uint8{235, 235, 235, 255}
)

func iblSphereAt(i int) vmath.Vec3 {
	return vmath.Vec3{-1.6 + 0.8*float32(i), 0.6, 0}
}

// iblPicture is the scene's environment map: a blue sky darkening upwards,
// a grey-green ground, and a warm bright band low in the sky behind the camera,
// which the glossy spheres reflect.
func iblPicture() *image.RGBA {
	const w, h = 128, 64
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			up := 1 - (float64(y)+0.5)/h*2 // the elevation, over 90 degrees
			c := color.RGBA{80, 96, 72, 255}
			if up > 0 {
				t := math.Sqrt(up)
				c = color.RGBA{uint8(200 - 150*t), uint8(220 - 110*t), 250, 255}
			}
			// Column 0 and the last face +Z, behind the camera: the band
			// spans 60 degrees either side of it, up to 36 degrees high.
			if behind := x < w/6 || x >= w-w/6; behind && up > 0 && up < 0.4 {
				c = color.RGBA{255, 190, 90, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// iblScene: five spheres lit only by an environment map the scene makes
// (no sun, the flat ambient light left on to show that the map replaces
// it), four deferred and one forward, with the map drawn as the sky
// around them, on every backend. Every sky pixel is the map as the suite's
// model reads the atlas; the chalk sphere is bluer on top, under the sky,
// than below, over the ground; the glossy metal ones, deferred and
// forward, mirror the warm band behind the camera, which the chalk does
// not; without the map the frame is the one before it was set; as an
// overlay the map is added over the procedural sky and lights nothing.
func iblScene(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.lookFrom(iblEye, iblTarget, 50)
	h.ctx.Env.Ambient = vmath.Vec3{0.5, 0.5, 0.5}
	sphere := meshes.Sphere(iblRadius, 32, 16)
	for i, s := range iblSpheres {
		at := iblSphereAt(i)
		surface := ecs.Material{Color: vmath.Vec4{1, 1, 1, 1}, Roughness: s.rough, Metallic: s.metal}
		if s.forward {
			surface.Shader, surface.Color = defaultShader, vmath.Vec4{0.92, 0.92, 0.92, 1}
			h.world.Spawn(ecs.NewTransform(at), h.mesh(formats.DefaultHandle, sphere.Vertices, sphere.Indices, sphere.Bounds), surface)
			continue
		}
		h.world.Spawn(ecs.NewTransform(at), h.mesh(hs[0], blobVertices(sphere, iblColor), sphere.Indices, sphere.Bounds), surface)
	}
	h.step(2)
	before := h.pixels()

	m, err := ibl.FromImage("ibl scene", iblPicture())
	h.must(err, "ibl.FromImage")
	env, err := m.Upload(h.b, iblIntensity)
	h.must(err, "Upload")
	h.ctx.Env.Map = env
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.matchGolden(img)

	f := &h.ctx.Data
	bad, checked, worst := 0, 0, 0.0
	var worstAt image.Point
	for py := range Height {
		for px := range Width {
			dir := pixelRay(f.InvViewProj, px, py)
			if iblNearSphere(dir) {
				continue
			}
			want := displayed(ibl.Sky(m.Atlas, dir).Mul(iblIntensity), f.Exposure)
			checked++
			if d := mean(img, []image.Point{{px, py}}).dist(want); d > same {
				bad++
				if d > worst {
					worst, worstAt = d, image.Pt(px, py)
				}
			}
		}
	}
	if checked < Width*Height/2 {
		h.t.Fatalf("only %d sky pixels checked: the scene no longer frames the sky", checked)
	}
	if bad > 0 {
		h.t.Errorf("%d of %d sky pixels differ from the environment map by more than %.3f (worst %.3f at %v); wrote %s",
			bad, checked, same, worst, worstAt, h.writeFailure("ibl_actual.png", img))
	}

	probe := func(i int, n vmath.Vec3) rgb {
		c := f.ViewProj.MulVec4(iblSphereAt(i).Add(n.Normalize().Mul(iblRadius * 0.9)).Vec4(1))
		x, y := int((c[0]/c[3]*0.5+0.5)*Width), int((0.5-c[1]/c[3]*0.5)*Height)
		return mean(img, []image.Point{{x, y}, {x + 1, y}, {x, y + 1}, {x + 1, y + 1}})
	}
	toEye := func(i int) vmath.Vec3 { return iblEye.Sub(iblSphereAt(i)) }
	if top, bottom := probe(2, vmath.Vec3{0, 1, 0.5}), probe(2, vmath.Vec3{0, -1, 0.5}); top[2]-bottom[2] < visible {
		h.t.Errorf("the chalk sphere is not bluer under the sky than over the ground: top %v, bottom %v", top, bottom)
	}
	// Only the band is warm: the sky is blue, the ground grey-green. The
	// spheres' centres face the eye, 14 degrees up, in the middle of the
	// band behind it.
	warm := func(c rgb) float64 { return c[0] - c[2] }
	for _, i := range []int{0, 4} {
		if c := probe(i, toEye(i)); warm(c) < 0.2 {
			h.t.Errorf("the glossy metal sphere %d does not mirror the warm band behind the camera at its centre: %v", i, c)
		}
	}
	if chalk, mirror := probe(2, toEye(2)), probe(0, toEye(0)); warm(mirror)-warm(chalk) < visible {
		h.t.Errorf("the chalk sphere looks as warm as the mirror at its centre: %v against %v", chalk, mirror)
	}
	h.expectNoAllocations()

	h.ctx.Env.Map = nil
	h.step(2)
	h.expectSame(before, "with the environment map taken away", "the one before it was on")

	// The same map as an overlay: added over the procedural sky, lighting
	// nothing, so the spheres look as they did without a map.
	const overlay = 0.5
	h.ctx.Env.Map = &backends.Environment{Texture: env.Texture, Intensity: overlay, Overlay: true}
	h.step(2)
	over := h.pixels()
	h.noErrors()
	zenith := h.ctx.Env.SkyColor
	if zenith == (vmath.Vec3{}) {
		zenith = f.FogColor
	}
	bad, checked = 0, 0
	for py := range Height {
		for px := range Width {
			dir := pixelRay(f.InvViewProj, px, py)
			if iblNearSphere(dir) {
				continue
			}
			want := displayed(skyColor(f, zenith, 0, dir).Add(ibl.Sky(m.Atlas, dir).Mul(overlay)), f.Exposure)
			checked++
			if mean(over, []image.Point{{px, py}}).dist(want) > same {
				bad++
			}
		}
	}
	if bad > 0 {
		h.t.Errorf("%d of %d sky pixels differ from the procedural sky with the overlay map added; wrote %s", bad, checked, h.writeFailure("ibl_overlay_actual.png", over))
	}
	for i := range iblSpheres {
		c := f.ViewProj.MulVec4(iblSphereAt(i).Vec4(1))
		pt := []image.Point{{int((c[0]/c[3]*0.5 + 0.5) * Width), int((0.5 - c[1]/c[3]*0.5) * Height)}}
		if a, b := mean(over, pt), mean(before, pt); a.dist(b) > same {
			h.t.Errorf("sphere %d changed under an overlay map, which lights nothing: %v against %v without a map", i, a, b)
		}
	}
	h.ctx.Env.Map = nil
	h.b.DestroyTexture(env.Texture)
	h.step(1)
	h.noErrors()
}

// iblNearSphere reports whether a camera ray passes within a margin of
// one of the scene's spheres (their edges are left out of the sky check).
func iblNearSphere(dir vmath.Vec3) bool {
	for i := range iblSpheres {
		oc := iblSphereAt(i).Sub(iblEye)
		t := oc.Dot(dir)
		if d := oc.Sub(dir.Mul(t)); d.Dot(d) < (iblRadius+0.08)*(iblRadius+0.08) {
			return true
		}
	}
	return false
}
