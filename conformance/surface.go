package conformance

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// materialSurface: a material's emissive, roughness and metallic factors
// reach the default shader on every backend. The right-hand cube, under a
// red point light, is drawn plain, then emissive (brighter everywhere, its
// unlit side included), then smooth and metallic (its lit face changes);
// the other cube, plain throughout, never changes. The suite's reference
// tracer shades the same GGX the engine's shaders do.
func materialSurface(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	d := meshes.Cube(1)
	other := h.world.Spawn(ecs.NewTransform(otherPos), h.mesh(formats.DefaultHandle, d.Vertices, d.Indices, d.Bounds),
		ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true})
	h.objects = append(h.objects, object{name: "other", box: translate(d.Bounds, otherPos), casts: true})
	h.world.SpawnPointLight(ecs.NewTransform(redAt), ecs.PointLight{Color: vmath.Vec3{1, 0.25, 0.2}, Intensity: 4, Range: redRange})
	materials := ecs.NewMap[ecs.Material](h.world)
	set := func(m ecs.Material) {
		*materials.Get(other) = m
		h.step(2)
	}
	plain := ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true}
	set(plain)
	before := h.pixels()
	h.noErrors()
	h.noDrops()

	litFace := h.probe("the right cube's +Z face before the red light", vmath.Vec3{2.1, 0.6, 0.8}, "other")
	darkFace := h.probe("the right cube's -X face, away from the sun", vmath.Vec3{1.4, 0.5, 0.3}, "other")
	unchanged := h.probe("the left cube's +Z face", vmath.Vec3{0.1, 0.5, 0.5}, "cube")

	glowing := plain
	glowing.Emissive = 1.5
	set(glowing)
	emissive := h.pixels()
	for _, p := range []struct {
		what string
		pts  []image.Point
	}{{"unlit", darkFace}} { // the lit face's red is near 1 already
		on, off := mean(emissive, p.pts), mean(before, p.pts)
		if on[0]-off[0] < visible {
			h.t.Errorf("the emissive cube's %s face does not glow: red %.3f emissive, %.3f plain; want %.2f more", p.what, on[0], off[0], visible)
		}
	}

	metal := plain
	metal.Roughness, metal.Metallic = 0.2, 1
	set(metal)
	shiny := h.pixels()
	if on, off := mean(shiny, litFace), mean(before, litFace); on.dist(off) < visible {
		h.t.Errorf("a smooth metallic face under the red light looks as a rough dielectric one: %v against %v; want %.2f apart", on, off, visible)
	}
	for _, img := range []struct {
		what string
		pic  *image.RGBA
	}{{"emissive", emissive}, {"metallic", shiny}} {
		if a, b := mean(img.pic, unchanged), mean(before, unchanged); a.dist(b) > same {
			h.t.Errorf("the plain cube changed when the other became %s: %v against %v", img.what, a, b)
		}
	}
	h.noErrors()
	h.expectNoAllocations()
}

// twoSided: a quad seen from behind is culled by a one-sided material and
// drawn by a two-sided one, on every backend; changing the material's
// TwoSided (and clearing its loaded ShaderID) switches between the two.
func twoSided(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(2)
	without := h.pixels()

	// A unit plane turned over, between the camera and the stage: the
	// camera above sees its back.
	q := meshes.Plane(1)
	tr := ecs.NewTransform(quadAt)
	tr.Rotation = vmath.QuatAxisAngle(vmath.Vec3{1, 0, 0}, math.Pi)
	quad := h.world.Spawn(tr, h.mesh(formats.DefaultHandle, q.Vertices, q.Indices, q.Bounds),
		ecs.Material{Shader: defaultShader, Color: quadColor})
	materials := ecs.NewMap[ecs.Material](h.world)
	c := h.ctx.Data.ViewProj.MulVec4(quadAt.Vec4(1))
	px, py := int((c[0]/c[3]*0.5+0.5)*Width), int((0.5-c[1]/c[3]*0.5)*Height)
	var at []image.Point
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			at = append(at, image.Pt(px+dx, py+dy))
		}
	}
	h.step(2)
	oneSided := h.pixels()
	h.noErrors()
	if a, b := mean(oneSided, at), mean(without, at); a.dist(b) > same {
		h.t.Errorf("a one-sided quad seen from behind is drawn: %v where the scene without it has %v", a, b)
	}
	m := materials.Get(quad)
	m.TwoSided, m.ShaderID = true, 0
	h.step(2)
	both := h.pixels()
	h.noErrors()
	h.noDrops()
	if got := mean(both, at); got[2]-got[0] < visible || got.dist(mean(without, at)) < visible {
		h.t.Errorf("a two-sided quad seen from behind is not drawn: %v at its centre (%d, %d), %v without it", got, px, py, mean(without, at))
	}
	h.expectNoAllocations()
}

var (
	quadAt    = vmath.Vec3{-1.2, 1.6, 1.6}
	quadColor = vmath.Vec4{0.1, 0.2, 0.9, 1}
)
