package conformance

import (
	"fmt"
	"image"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// blobFloorRGBA is the SSAO scene's floor, a light grey in UByte4Norm.
var blobFloorRGBA = [4]uint8{200, 200, 190, 255}

// ssaoVisible is how much darker, at least, the floor 0.1 from the cube's
// side must be with SSAO: about a quarter of its sky is hidden there, which
// in display colour is a small step.
const ssaoVisible = 0.03

// ssao: a blob cube on a blob floor, both drawn deferred and lit by the
// ambient light alone. With SSAO on, the floor darkens at the cube's foot
// and nowhere far from it, the cube's top, which nothing hides, keeps its
// colour, and turned off again the frame is the one without it.
func ssao(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.lookFrom(eye, lookAt, 50)
	h.ctx.Env.Ambient = vmath.Vec3{0.9, 0.9, 0.9}
	floor := meshes.Plane(10)
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(hs[0], blobVertices(floor, blobFloorRGBA), floor.Indices, floor.Bounds),
		ecs.Material{Color: vmath.Vec4{1, 1, 1, 1}})
	h.objects = append(h.objects, object{name: "plane", box: floor.Bounds})
	h.blobCube("cube", hs[0], cubePos)
	h.step(2)
	off := h.pixels()

	h.ctx.Env.Effects.SSAO = backends.SSAO{Radius: 0.5, Strength: 1}
	h.step(2)
	on := h.pixels()
	h.noErrors()
	h.matchGolden(on)
	// The floor just outside the two faces the camera sees (+Z and -X).
	foot := [][2]vmath.Vec3{
		{{0.1, 0, 0.6}, {0.1, 0, 1.6}},
		{{-0.6, 0, -0.1}, {-1.6, 0, -0.1}},
	}
	for _, f := range foot {
		near := mean(on, h.probe("the floor at the cube's foot", f[0], "plane")).luma()
		nearOff := mean(off, h.probe("the floor at the cube's foot", f[0], "plane")).luma()
		if nearOff-near < ssaoVisible {
			h.t.Errorf("the floor at the cube's foot (%v) is %.3f with SSAO and %.3f without: want darker by at least %.2f", f[0], near, nearOff, ssaoVisible)
		}
		if near >= mean(on, h.probe("the floor farther out", f[1], "plane")).luma() {
			h.t.Errorf("the floor at the cube's foot (%v) is no darker than farther out (%v)", f[0], f[1])
		}
	}
	for _, p := range []struct {
		what, surface string
		at            vmath.Vec3
	}{
		{"the floor far from the cube", "plane", vmath.Vec3{2.5, 0, 2.5}},
		{"the cube's top", "cube", vmath.Vec3{0, 1, 0}},
	} {
		pts := h.probe(p.what, p.at, p.surface)
		if d := mean(on, pts).dist(mean(off, pts)); d > 2*same {
			h.t.Errorf("%s changed by %.3f with SSAO on; want it as it was (nothing hides its sky)", p.what, d)
		}
	}

	h.ctx.Env.Effects.SSAO.Strength = 0
	h.step(2)
	h.expectSame(off, "with SSAO turned off again", "the one before it was on")
	h.expectNoAllocations()
}

// bloomScene: a small, very bright emissive cube against the dark fog.
// With bloom on, light spreads from it onto the pixels around it, less with
// distance, the background far from it keeps its colour, and turned off
// again the frame is the one without bloom.
func bloomScene(h *harness) {
	h.open()
	h.lookFrom(vmath.Vec3{0, 0, 4}, vmath.Vec3{0, 0, 0}, 50)
	env := &h.ctx.Env
	env.Ambient, env.FogColor = vmath.Vec3{0.05, 0.05, 0.05}, vmath.Vec3{0.02, 0.02, 0.04}
	d := meshes.Cube(0.4)
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(0, d.Vertices, d.Indices, d.Bounds),
		ecs.Material{Shader: defaultShader, Color: vmath.Vec4{1, 0.8, 0.5, 1}, Emissive: 8})
	h.step(2)
	off := h.pixels()

	env.Effects.Bloom = backends.Bloom{Threshold: 1, Strength: 0.6}
	h.step(2)
	on := h.pixels()
	h.noErrors()
	h.matchGolden(on)
	// The cube covers about 6 pixels each way around the centre of the
	// 160x120 frame; glow is looked for just outside it.
	cx, cy := Width/2, Height/2
	at := func(img *image.RGBA, dx int) float64 {
		return mean(img, []image.Point{{cx + dx, cy}, {cx - dx, cy}, {cx, cy + dx}, {cx, cy - dx}}).luma()
	}
	near, nearOff := at(on, 9), at(off, 9)
	farther := at(on, 14)
	far, farOff := at(on, 50), at(off, 50)
	if near-nearOff < visible {
		h.t.Errorf("just outside the bright cube the frame is %.3f with bloom and %.3f without: want brighter by at least %.2f", near, nearOff, visible)
	}
	if farther >= near {
		h.t.Errorf("the glow does not fade with distance: %.3f at 9 pixels, %.3f at 14", near, farther)
	}
	if far-farOff > 2*same {
		h.t.Errorf("far from the cube the frame is %.3f with bloom and %.3f without: want it unchanged", far, farOff)
	}

	env.Effects.Bloom.Strength = 0
	h.step(2)
	h.expectSame(off, "with bloom turned off again", "the one before it was on")
	h.expectNoAllocations()
}

// expectSame fails the scene when the last frame differs from want beyond
// GoldenTolerance. what says when, and earlier names the frame want is.
func (h *harness) expectSame(want *image.RGBA, what, earlier string) {
	h.t.Helper()
	got := h.pixels()
	d, err := Compare(got, want, GoldenTolerance)
	if err != nil {
		h.t.Fatalf("%s: %v", what, err)
	}
	if !d.Within(GoldenTolerance) {
		h.t.Errorf("%s the frame differs from %s: %v (wrote %s)", what, earlier, d, h.writeFailure(h.scene+"_not_same.png", got))
	}
}

// shadowCascades: a long plane seen from low down, a cube near the camera
// and a big one far away, the shadow distance reaching past both. Each
// casts its shadow: the near one drawn into the first cascade at the
// finest scale, the far one into the last.
func shadowCascades(h *harness) {
	planeObj, nearObj, farObj, _ := cascadeStage(h)
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.matchGolden(img)
	if splits := h.ctx.Data.ShadowCascades; splits[0] == splits[backends.NumCascades-1] {
		h.t.Fatalf("the frame's shadow cascades are all one matrix")
	}
	for _, c := range []struct {
		what   string
		caster object
	}{{"the near cube's shadow", nearObj}, {"the far cube's shadow", farObj}} {
		if s, l := h.casterShadow(img, c.what, planeObj, c.caster); s > shadowRatio*l {
			h.t.Errorf("%s is missing: the plane there has brightness %.3f, the sunlit plane %.3f; want at most %.0f%% of it", c.what, s, l, 100*shadowRatio)
		}
	}
	h.expectNoAllocations()
}

// keptCascades: the shadowCascades stage with its far cascades taking
// turns (CascadeInterval 3). A still scene looks the same every frame as
// with every cascade redrawn, though most frames keep some cascades' tiles
// from the frame before; once the far cube stops casting, its shadow is
// gone when every cascade has had its turn, each tile cleared as it is
// redrawn.
func keptCascades(h *harness) {
	planeObj, _, farObj, far := cascadeStage(h)
	h.step(2)
	want := h.pixels()
	h.ctx.Env.CascadeInterval = 3
	kept := 0
	for i := range 6 {
		h.step(1)
		if h.ctx.Data.RedrawCascades != backends.AllCascades {
			kept++
		}
		got := h.pixels()
		d, err := Compare(got, want, GoldenTolerance)
		if err != nil {
			h.t.Fatalf("frame %d: %v", i, err)
		}
		if !d.Within(GoldenTolerance) {
			h.t.Errorf("frame %d, which redrew cascades %04b and kept the others, differs from the frame that redrew them all: %v (wrote %s)",
				i, h.ctx.Data.RedrawCascades, d, h.writeFailure(fmt.Sprintf("%s_frame%d.png", h.scene, i), got))
		}
	}
	if kept == 0 {
		h.t.Fatal("no frame kept a cascade: the scene tests nothing")
	}
	_, _, mat := h.world.Renderable(far)
	mat.CastShadows = false
	h.step(3)
	img := h.pixels()
	h.noErrors()
	if s, l := h.casterShadow(img, "the far cube's shadow", planeObj, farObj); s < 0.9*l {
		h.t.Errorf("the far cube casts no shadow now, but the plane there has brightness %.3f against the sunlit plane's %.3f: a cascade kept it", s, l)
	}
	h.expectNoAllocations()
}

// farCaster: a plane seen from close by and a cube high up towards the
// sun, 30 units from the plane: farther than the boxes of the cascades
// that shade the plane in view reach towards the sun. The shadow pass
// clamps the cube's depth instead of clipping it, so its shadow falls on
// the plane in those cascades too.
func farCaster(h *harness) {
	h.open()
	h.lookFrom(vmath.Vec3{0, 2.5, 3}, vmath.Vec3{0, 0, -1}, 100)
	dir := vmath.Vec3{-1, -0.8, -0.3}
	h.world.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{
		Direction: dir, Color: vmath.Vec3{1, 1, 1}, Intensity: 1.2, CastShadows: true,
	})
	plane := meshes.Plane(40)
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(0, plane.Vertices, plane.Indices, plane.Bounds),
		ecs.Material{Shader: defaultShader, Color: planeColor})
	planeObj := object{name: "plane", box: plane.Bounds}
	cube := meshes.Cube(2)
	at := vmath.Vec3{0, 0, -1}.Add(dir.Normalize().Mul(-30))
	h.world.Spawn(ecs.NewTransform(at), h.mesh(0, cube.Vertices, cube.Indices, cube.Bounds),
		ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true})
	cubeObj := object{name: "far cube", box: translate(cube.Bounds, at), casts: true}
	h.objects = append(h.objects, planeObj, cubeObj)
	h.step(2)
	img := h.pixels()
	h.noErrors()
	if s, l := h.casterShadow(img, "the far cube's shadow", planeObj, cubeObj); s > shadowRatio*l {
		h.t.Errorf("the far cube's shadow is missing: the plane there has brightness %.3f, the sunlit plane %.3f; want at most %.0f%% of it (wrote %s)",
			s, l, 100*shadowRatio, h.writeFailure(h.scene+".png", img))
	}
	h.expectNoAllocations()
}

// casterShadow returns the brightness of the plane where caster's shadow
// falls on it and of the sunlit plane.
func (h *harness) casterShadow(img *image.RGBA, what string, plane, caster object) (shadow, lit float64) {
	h.t.Helper()
	m := classify(Width, Height, h.ctx.Data.InvViewProj, h.ctx.Data.LightDir, []object{plane, caster})
	shadowPts, litPts := m.region(regionRadius, planeShadow), m.region(regionRadius, planeLit)
	if len(shadowPts) < minRegion {
		h.t.Fatalf("the scene frames only %d pixel(s) of %s", len(shadowPts), what)
	}
	return mean(img, shadowPts).luma(), mean(img, litPts).luma()
}

// cascadeStage builds the stage of shadowCascades and returns its plane,
// its cubes and the far cube's entity.
func cascadeStage(h *harness) (planeObj, nearObj, farObj object, far ecs.Entity) {
	h.open()
	camEye := vmath.Vec3{0, 16, 10}
	h.lookFrom(camEye, vmath.Vec3{0, 0, -16}, 100)
	h.world.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{
		Direction: vmath.Vec3{-1, -0.8, -0.3}, Color: vmath.Vec3{1, 1, 1}, Intensity: 1.2, CastShadows: true,
	})
	h.ctx.Env.ShadowDistance = 60
	plane := meshes.Plane(120)
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(0, plane.Vertices, plane.Indices, plane.Bounds),
		ecs.Material{Shader: defaultShader, Color: planeColor})
	planeObj = object{name: "plane", box: plane.Bounds}
	h.objects = append(h.objects, planeObj)
	mid := meshes.Cube(2)
	nearPos := vmath.Vec3{2, 1, -2}
	h.world.Spawn(ecs.NewTransform(nearPos), h.mesh(0, mid.Vertices, mid.Indices, mid.Bounds),
		ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true})
	nearObj = object{name: "near cube", box: translate(mid.Bounds, nearPos), casts: true}
	h.objects = append(h.objects, nearObj)
	big := meshes.Cube(6)
	farPos := vmath.Vec3{10, 3, -30}
	far = h.world.Spawn(ecs.NewTransform(farPos), h.mesh(0, big.Vertices, big.Indices, big.Bounds),
		ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true})
	farObj = object{name: "far cube", box: translate(big.Bounds, farPos), casts: true}
	h.objects = append(h.objects, farObj)
	return planeObj, nearObj, farObj, far
}

// ssr: a glossy blob floor, drawn deferred, with a bright red blob cube
// standing on it. With SSR on, the floor in front of the cube mirrors it
// (redder than without), the floor where no reflection ray meets anything
// on screen keeps its colour, and turned off again the frame is the one
// without it.
func ssr(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	camEye := vmath.Vec3{0, 1.6, 4.5}
	h.lookFrom(camEye, vmath.Vec3{0, 0.3, 0}, 50)
	h.ctx.Env.Ambient = vmath.Vec3{0.6, 0.6, 0.6}
	floor := meshes.Plane(10)
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(hs[0], blobVertices(floor, [4]uint8{60, 60, 70, 255}), floor.Indices, floor.Bounds),
		ecs.Material{Color: vmath.Vec4{1, 1, 1, 1}, Roughness: 0.05, Metallic: 0.8})
	h.objects = append(h.objects, object{name: "plane", box: floor.Bounds})
	h.blobCube("cube", hs[0], cubePos)
	h.step(2)
	off := h.pixels()

	h.ctx.Env.Effects.SSR = backends.SSR{Reach: 6, Strength: 1}
	h.step(2)
	on := h.pixels()
	h.noErrors()
	h.matchGolden(on)
	mirror := h.probe("the floor in front of the cube", vmath.Vec3{0, 0, 0.7}, "plane")
	got, was := mean(on, mirror), mean(off, mirror)
	if got[0]-was[0] < visible || got[0]-was[0] < got[2]-was[2] {
		h.t.Errorf("the floor in front of the cube does not mirror it: %v with SSR, %v without; want redder by at least %.2f", got, was, visible)
	}
	empty := h.probe("the floor to the side, with nothing on screen to mirror", vmath.Vec3{-1.5, 0, 2}, "plane")
	if d := mean(on, empty).dist(mean(off, empty)); d > same {
		h.t.Errorf("the floor with nothing to mirror changed by %.3f with SSR on; want it as it was", d)
	}

	h.ctx.Env.Effects.SSR.Strength = 0
	h.step(2)
	h.expectSame(off, "with SSR turned off again", "the one before it was on")
	h.expectNoAllocations()
}

// antialiasScene: a dark cube against the bright fog. With the antialias
// pass on, its silhouette gains pixels between the two colours, the sky
// and the cube's faces away from the edges keep their colour, and turned
// off again the frame is the one without it.
func antialiasScene(h *harness) {
	antialiasStage(h)
	h.step(2)
	off := h.pixels()

	env := &h.ctx.Env
	env.Effects.Antialias = true
	h.step(2)
	on := h.pixels()
	h.noErrors()
	h.matchGolden(on)
	expectSmoothed(h, on, off, "the antialias pass")

	env.Effects.Antialias = false
	h.step(2)
	h.expectSame(off, "with the antialias pass turned off again", "the one before it was on")
	h.expectNoAllocations()
}

// taaSettle is how many still frames the TAA scene gives its edges: four
// turns of the jitter, after which a still pixel moves by less than the
// golden tolerance a frame.
const taaSettle = 4 * backends.TAASamples

// taaScene: the antialias scene with the antialias pass as temporal
// antialiasing. Still, the silhouette gains pixels between the cube and
// the sky over the frames, and pixels away from every edge keep their
// colour. Moved in one frame, the cube leaves no trail: every pixel away
// from the edges of where it is now looks as it does without TAA, those it
// left among them. Turned off again, the frame is the one without it.
func taaScene(h *harness) {
	cube := antialiasStage(h)
	h.step(2)
	off := h.pixels()

	env := &h.ctx.Env
	env.Effects.TAA = true
	h.step(taaSettle)
	on := h.pixels()
	h.noErrors()
	h.matchGolden(on)
	expectSmoothed(h, on, off, "temporal antialiasing")

	tr, _, _ := h.world.Renderable(cube)
	at := tr.Position
	tr.Position = at.Add(vmath.Vec3{0.6, 0, 0})
	h.step(1)
	moved := h.pixels()
	env.Effects.TAA = false
	h.step(2)
	plain := h.pixels()
	trail, checked := 0, 0
	for y := regionRadius; y < Height-regionRadius; y++ {
		for x := regionRadius; x < Width-regionRadius; x++ {
			if !flatAround(plain, x, y) {
				continue
			}
			p := []image.Point{{x, y}}
			checked++
			if mean(moved, p).dist(mean(plain, p)) > same {
				trail++
			}
		}
	}
	// What the cube left: pixels dark before the move and sky after it.
	left := 0
	for y := range Height {
		for x := range Width {
			p := []image.Point{{x, y}}
			if mean(off, p).luma() < 0.25 && mean(plain, p).luma() > 0.75 && flatAround(plain, x, y) {
				left++
			}
		}
	}
	if left < minRegion || checked < minRegion {
		h.t.Fatalf("the move left %d pixels of sky where the cube was and %d away from every edge; the scene no longer frames the trail", left, checked)
	}
	if trail > 0 {
		h.t.Errorf("%d of %d pixels away from every edge differ, the frame after the cube moved, from the frame without TAA: a trail", trail, checked)
	}

	tr.Position = at
	h.step(2)
	h.expectSame(off, "with temporal antialiasing turned off again", "the one before it was on")
	h.expectNoAllocations()
}

// antialiasStage frames the antialias scenes: a dark cube, turned so its
// silhouette has edges at many angles, against the bright fog.
func antialiasStage(h *harness) ecs.Entity {
	h.open()
	h.lookFrom(vmath.Vec3{0, 0.4, 3}, vmath.Vec3{0, 0, 0}, 50)
	h.ctx.Env.FogColor = vmath.Vec3{0.9, 0.9, 0.9}
	tr := ecs.NewTransform(vmath.Vec3{})
	tr.Rotation = vmath.QuatAxisAngle(vmath.Vec3{0.3, 1, 0.2}.Normalize(), 0.6)
	d := meshes.Cube(1)
	return h.world.Spawn(tr, h.mesh(0, d.Vertices, d.Indices, d.Bounds), ecs.Material{Shader: defaultShader, Color: vmath.Vec4{0.02, 0.02, 0.02, 1}})
}

// expectSmoothed checks an antialiased picture of the antialias stage
// against the one without: its silhouette has at least half as many more
// pixels between the cube's colour and the sky's, and pixels away from
// every edge keep their colour.
func expectSmoothed(h *harness, on, off *image.RGBA, by string) {
	h.t.Helper()
	between := func(img *image.RGBA) int {
		n := 0
		for y := range Height {
			for x := range Width {
				if l := mean(img, []image.Point{{x, y}}).luma(); l > 0.25 && l < 0.75 {
					n++
				}
			}
		}
		return n
	}
	if a, b := between(on), between(off); a < b+b/2 || a < minRegion {
		h.t.Errorf("the silhouette has %d pixels between the cube and the sky with %s, %d without; want half as many more at least", a, by, b)
	}
	for _, p := range []image.Point{{4, 4}, {Width - 5, Height - 5}, {Width / 2, Height / 2}} {
		if d := mean(on, []image.Point{p}).dist(mean(off, []image.Point{p})); d > same {
			h.t.Errorf("pixel %v, away from every edge, changed by %.3f with %s", p, d, by)
		}
	}
}

// flatAround reports whether every pixel of img within regionRadius of
// (x, y) looks like it: the pixel is away from every edge.
func flatAround(img *image.RGBA, x, y int) bool {
	c := mean(img, []image.Point{{x, y}})
	for dy := -regionRadius; dy <= regionRadius; dy++ {
		for dx := -regionRadius; dx <= regionRadius; dx++ {
			q := image.Point{min(max(x+dx, 0), Width-1), min(max(y+dy, 0), Height-1)}
			if mean(img, []image.Point{q}).dist(c) > same {
				return false
			}
		}
	}
	return true
}
