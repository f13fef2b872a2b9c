package conformance

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/systems/render"
	"github.com/sleakgo/sleak/ui"
	"github.com/sleakgo/sleak/vmath"
)

// scenes run in this order; each is a subtest with its own golden.
//
// Scenes with a golden compare the whole picture; the rest pin a rule of
// the contract and check the pixels that rule is about against the
// suite's own model of the scene.
var scenes = []struct {
	name   string
	run    func(*harness)
	golden bool
}{
	{"lit_cube", litCube, true},
	{"custom_all_stems", customAllStems, true},
	{"empty_shadow_stem", emptyShadowStem, true},
	{"missing_gbuffer_variant", missingGBufferVariant, true},
	{"failed_main_stem", failedMainStem, true},
	{"variant_appears_after_resize", variantAppearsAfterResize, true},
	{"strict_mode", strictMode, true},
	{"punctual_lights", punctualLights, true},
	{"many_lights", manyLights, true},
	{"ui_layer", uiLayer, true},
	{"debug_lines", debugLines, true},
	{"ssao", ssao, true},
	{"bloom", bloomScene, true},
	{"shadow_cascades", shadowCascades, true},
	{"ssr", ssr, true},
	{"antialias", antialiasScene, true},
	{"taa", taaScene, true},
	{"skinned", skinned, true},
	{"normal_map", normalMap, true},
	{"emissive_map", emissiveMap, true},
	{"flat_gbuffer", flatGBuffer, true},
	{"ibl", iblScene, true},
	{"sky", sky, false},
	{"material_surface", materialSurface, false},
	{"two_sided", twoSided, false},
	{"skipped_shadow_pass", skippedShadowPass, false},
	{"stale_gbuffer", staleGBuffer, false},
	{"kept_cascades", keptCascades, false},
	{"far_caster", farCaster, false},
	{"read_back", readBack, false},
	{"stale_ids", staleIDs, false},
	{"destroyed_shader", destroyedShader, false},
	{"limits", limits, false},
	{"gpu_times", gpuTimes, false},
	{"hot_reload", hotReload, false},
	{"hot_reload_error", hotReloadError, false},
	{"hot_reload_engine", hotReloadEngine, false},
}

// The stage every scene shares: a 10-unit plane, a unit cube on it, a sun
// from the front right that lights the cube's top and front (+Z) faces,
// leaves its left (-X) face dark and throws its shadow back and to the
// left, where the camera, looking down at about 30 degrees from the front
// left, sees it beside the cube.
var (
	eye            = vmath.Vec3{-2.6, 2.8, 3.5}
	lookAt         = vmath.Vec3{0, 0.3, 0}
	sunDir         = vmath.Vec3{-0.6, -1, -0.5}
	cubePos        = vmath.Vec3{0, 0.5, 0}
	otherPos       = vmath.Vec3{1.9, 0.5, 0.3} // a second cube, to the right, its shadow in view
	planeColor     = vmath.Vec4{0.6, 0.6, 0.55, 1}
	cubeColor      = vmath.Vec4{0.8, 0.08, 0.05, 1}
	blobCubeRGBA   = [4]uint8{204, 20, 13, 255} // cubeColor in UByte4Norm
	blobGlassRGBA  = [4]uint8{13, 38, 230, 255}
	glassAlpha     = float32(0.5)
	glassPos       = vmath.Vec3{-0.1, 0.9, 1} // a unit quad facing +Z in front of the cube's right side
	glassSize      = float32(1)
	defaultShader  = "assets/shaders/default_shader.hlsl"
	shadowDistance = float32(15)
)

// Thresholds of the picture checks, on colours in 0..1 as stored.
const (
	// regionRadius keeps the checks off edges: a pixel counts only when
	// every pixel within this many of it shows the same thing.
	regionRadius = 2
	// minRegion is the fewest pixels a region must keep; fewer means the
	// scene no longer frames what the check looks at.
	minRegion = 6
	// shadowRatio: a shadowed plane pixel is at most this bright relative
	// to a lit one (the sun is most of the light).
	shadowRatio = 0.75
	// visible: two things that must look different differ by at least
	// this much in some channel.
	visible = 0.06
	// same: two regions that must look alike differ by at most this in
	// every channel, GoldenTolerance's 6/255.
	same = 6.0 / 255
)

// ---- the scenes ----

// litCube: default-format meshes with the engine's default shader.
func litCube(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 1, forward: 2})
	h.matchGolden(img)
	h.expectLitSides(img, "cube")
	h.expectShadow(img, true)
}

// customAllStems: a custom format through all four stems: the cube in the
// gbuffer pass casting a shadow with its shadow stem, a glass quad blended
// by its transparent stem.
func customAllStems(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", "blob_glass"))
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	h.glass(hs[0])
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 1, gbuffer: 1, forward: 1, transparent: 1})
	h.matchGolden(img)
	h.expectLitSides(img, "cube")
	h.expectShadow(img, true)
	h.expectBlend(img)
	h.expectNoAllocations()
}

// emptyShadowStem: an empty stem skips its pass by design: the cube draws,
// casts no shadow, and nothing is logged as an error or counted as a drop.
func emptyShadowStem(h *harness) {
	hs := h.open(blobLayout("blob_noshadow", "blob", "", "blob_gbuffer", "blob_glass"))
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	h.glass(hs[0])
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 0, gbuffer: 1, forward: 1, transparent: 1})
	h.matchGolden(img)
	h.expectCubeDrawn(img, "cube")
	h.expectShadow(img, false)
}

// missingGBufferVariant: a named gbuffer stem whose file is missing: one
// error naming the file, the gbuffer draws dropped and counted every frame,
// the other passes unaffected, and no retry.
func missingGBufferVariant(h *harness) {
	hs := h.open(blobLayout("blob_nogb", "blob", "blob_shadow", "blob_nogb", ""))
	missing := h.stemFiles("blob_nogb", formats.PassGBuffer).Vertex.Path
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	for range 3 {
		h.step(1)
		h.expectDropped(hs[0], formats.PassGBuffer, 1)
		h.expectDropped(hs[0], formats.PassShadow, 0)
		h.expectDraws(draws{shadow: 1, gbuffer: 0, forward: 1})
	}
	h.expectOneError(missing)
	img := h.pixels()
	h.matchGolden(img)
	h.expectShadow(img, true)
	h.step(5)
	h.expectDropped(hs[0], formats.PassGBuffer, 1)
	h.expectOneError(missing)
}

// failedMainStem: the main stem gates every pass: a format whose main stem
// is missing draws nothing anywhere, not even through its working shadow
// and gbuffer stems, and the picture is the scene without it.
func failedMainStem(h *harness) {
	hs := h.open(blobLayout("blob_nomain", "blob_nomain", "blob_shadow", "blob_gbuffer", ""))
	mainFiles := h.stemFiles("blob_nomain", formats.PassForward).Paths()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	broken := h.blobEntity(hs[0], otherPos) // deliberately not in the checks' scene copy
	h.step(3)
	h.expectDropped(hs[0], formats.PassShadow, 1)
	h.expectDropped(hs[0], formats.PassGBuffer, 1)
	h.expectDraws(draws{shadow: 1, gbuffer: 0, forward: 2})
	h.expectOneError(mainFiles...)
	with := h.pixels()
	h.matchGolden(with)

	_, m, _ := h.world.Renderable(broken)
	id := m.ID
	h.world.Despawn(broken)
	h.b.DestroyMesh(id)
	h.step(3)
	h.noDrops()
	without := h.pixels()
	d, err := Compare(with, without, GoldenTolerance)
	h.must(err, "compare")
	if !d.Within(GoldenTolerance) {
		a := h.writeFailure(h.scene+"_with_entity.png", with)
		b := h.writeFailure(h.scene+"_without_entity.png", without)
		df := h.writeFailure(h.scene+"_with_vs_without_diff.png", d.Image)
		h.t.Errorf("the format whose main stem failed changed the picture: %v; tolerance: %v\n  with:    %s\n  without: %s\n  diff:    %s",
			d, GoldenTolerance, a, b, df)
	}
	h.expectOneError(mainFiles...)
}

// variantAppearsAfterResize: failures stick until the pipelines are
// rebuilt: a variant written while the game runs is not picked up by later
// frames, only after a resize.
func variantAppearsAfterResize(h *harness) {
	hs := h.open(blobLayout("blob_late", "blob", "blob_shadow", "blob_late", ""))
	late := h.stemFiles("blob_late", formats.PassGBuffer).Vertex.Path
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	h.step(2)
	h.expectDropped(hs[0], formats.PassGBuffer, 1)
	h.expectOneError(late)
	before := h.pixels()

	h.copyFile(h.stemFiles("blob_gbuffer", formats.PassGBuffer).Vertex.Path, late)
	for range 2 {
		h.step(1)
		h.expectDropped(hs[0], formats.PassGBuffer, 1) // sticky: no retry per frame
	}
	h.must(h.b.Resize(Width, Height), "resize")
	for range 3 {
		h.step(1)
		h.expectDropped(hs[0], formats.PassGBuffer, 0)
		h.expectDraws(draws{shadow: 1, gbuffer: 1, forward: 1})
	}
	h.expectOneError(late)
	after := h.pixels()
	h.matchGolden(after)
	h.expectCubeDrawn(after, "cube")
	top := h.area("cube top face", faceOf("cube", vmath.Vec3{0, 1, 0}))
	if d := mean(after, top).dist(mean(before, top)); d < visible {
		h.t.Errorf("the cube's top face changed by %.3f after the resize, want at least %.3f: the late variant is not drawn", d, visible)
	}
}

// strictMode: the start-up check reports every missing file in one error,
// and passes once they exist.
func strictMode(h *harness) {
	hs := h.open(blobLayout("blob_strict", "blob", "blob_strict_shadow", "blob_strict_gb", ""))
	const material = "assets/shaders/strict_missing.hlsl"
	h.stage()
	h.defaultCube("cube", cubePos, material)
	h.blobCube("other", hs[0], otherPos)

	shadowFiles := h.stemFiles("blob_strict_shadow", formats.PassShadow)
	gbufferFiles := h.stemFiles("blob_strict_gb", formats.PassGBuffer)
	materialFiles, err := backends.Resolve(h.kind, material)
	h.must(err, "resolve %s", material)
	var want []string
	for _, p := range slices.Concat(shadowFiles.Paths(), gbufferFiles.Paths(), materialFiles.Paths()) {
		if !assets.Exists(p) && !slices.Contains(want, p) {
			want = append(want, p)
		}
	}

	err = render.CheckStrict(h.kind, h.reg, h.world)
	var mf *backends.MissingFilesError
	if !errors.As(err, &mf) {
		h.t.Fatalf("CheckStrict = %v, want a *backends.MissingFilesError", err)
	}
	var got []string
	for _, m := range mf.Missing {
		got = append(got, m.Path)
	}
	if !sameSet(got, want) || len(got) != len(want) {
		h.t.Errorf("CheckStrict reported %q, want every missing file once: %q", got, want)
	}
	for _, p := range []string{shadowFiles.Vertex.Path, gbufferFiles.Vertex.Path, materialFiles.Vertex.Path, materialFiles.Fragment.Path} {
		if !strings.Contains(err.Error(), p) {
			h.t.Errorf("the strict error does not name %s:\n%v", p, err)
		}
	}
	if mf.Backend != h.kind {
		h.t.Errorf("MissingFilesError.Backend = %v, want %v", mf.Backend, h.kind)
	}

	// Supply every file: working shaders under the missing names.
	h.copyFile(h.stemFiles("blob_shadow", formats.PassShadow).Vertex.Path, shadowFiles.Vertex.Path)
	h.copyFile(h.stemFiles("blob_gbuffer", formats.PassGBuffer).Vertex.Path, gbufferFiles.Vertex.Path)
	defaults, err := backends.Resolve(h.kind, defaultShader)
	h.must(err, "resolve %s", defaultShader)
	for i, f := range materialFiles.All() {
		h.copyFile(defaults.All()[i].Path, f.Path)
	}
	if err := render.CheckStrict(h.kind, h.reg, h.world); err != nil {
		h.t.Fatalf("CheckStrict with every file present = %v, want nil", err)
	}

	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 2, gbuffer: 1, forward: 2})
	h.matchGolden(img)
	h.expectLitSides(img, "cube")
	h.expectShadow(img, true)
}

// The punctual lights of punctual_lights: a green point light left of the
// cube, a red one in front of the other cube and a blue spot light
// shining straight down between the two.
var (
	greenAt, greenRange = vmath.Vec3{-1.4, 0.5, 1.2}, float32(1.6)
	redAt, redRange     = vmath.Vec3{2.6, 0.8, 1.2}, float32(1.5)
	spotAt, spotRange   = vmath.Vec3{1.2, 2.5, 1.6}, float32(5)
)

// punctualLights: point and spot lights shade the deferred blob cube (the
// lighting pass) and the default-format plane and cube (the forward pass),
// only within their range and cone; with the game's lights turned off the
// picture is the sun's alone.
func punctualLights(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	h.defaultCube("other", otherPos, defaultShader)
	h.world.SpawnPointLight(ecs.NewTransform(greenAt), ecs.PointLight{Color: vmath.Vec3{0.5, 1, 0.3}, Intensity: 4, Range: greenRange})
	h.world.SpawnPointLight(ecs.NewTransform(redAt), ecs.PointLight{Color: vmath.Vec3{1, 0.25, 0.2}, Intensity: 4, Range: redRange})
	h.world.SpawnSpotLight(ecs.NewTransform(spotAt), ecs.SpotLight{Direction: vmath.Vec3{0, -1, 0},
		Color: vmath.Vec3{0.3, 0.5, 1}, Intensity: 12, Range: spotRange, InnerAngle: 12, OuterAngle: 20})
	h.step(3)
	lit := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 2, gbuffer: 1, forward: 2})
	if got := h.ctx.Stats.Lights; got != 3 {
		h.t.Errorf("Stats.Lights = %d, want 3", got)
	}
	h.matchGolden(lit)
	h.expectNoAllocations()

	h.ctx.Env.PunctualLights = false
	h.step(2)
	sunOnly := h.pixels()
	probes := []struct {
		what    string
		at      vmath.Vec3
		surface string
		channel int // the light's main channel; -1: the picture must not change
	}{
		{"the plane under the green light", vmath.Vec3{-1.4, 0, 1.2}, "plane", 1},
		{"the blob cube's -X face beside the green light", vmath.Vec3{-0.5, 0.45, 0.45}, "cube", 0},
		{"the other cube's +Z face before the red light", vmath.Vec3{2.1, 0.6, 0.8}, "other", 0},
		{"the plane inside the spot light's cone", vmath.Vec3{1.2, 0, 1.6}, "plane", 2},
		{"the plane outside the cone, within the spot light's range", vmath.Vec3{1.2, 0, 0.1}, "plane", -1},
		{"the plane beyond every light's range", vmath.Vec3{0, 0, -3.5}, "plane", -1},
	}
	for _, p := range probes {
		pts := h.probe(p.what, p.at, p.surface)
		on, off := mean(lit, pts), mean(sunOnly, pts)
		switch {
		case p.channel < 0 && on.dist(off) > same:
			h.t.Errorf("%s changed with the lights: %v with them, %v without; want within %.3f", p.what, on, off, same)
		case p.channel >= 0 && on[p.channel]-off[p.channel] < visible:
			h.t.Errorf("%s is not lit: channel %d is %.3f with the lights, %.3f without; want %.2f more", p.what, p.channel, on[p.channel], off[p.channel], visible)
		}
	}
}

// manyLights: backends.MaxLights small lights in a grid over the plane, more
// than a cluster shades in places, so every backend clips the same lists and
// unrolls the same bounded loop.
func manyLights(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	h.defaultCube("other", otherPos, defaultShader)
	for i := range backends.MaxLights {
		x, z := float32(i%32), float32(i/32)
		c := vmath.Vec3{0.3 + 0.7*float32(i%3)/2, 0.3 + 0.7*float32(i%5)/4, 0.3 + 0.7*float32(i%7)/6}
		h.world.SpawnPointLight(ecs.NewTransform(vmath.Vec3{-4.8 + x*0.31, 0.08, -4.8 + z*0.31}),
			ecs.PointLight{Color: c, Intensity: 0.8, Range: 0.25})
	}
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	if got := h.ctx.Stats.Lights; got < backends.MaxLights/2 {
		h.t.Errorf("Stats.Lights = %d, want most of the %d lights on screen", got, backends.MaxLights)
	}
	if got := h.ctx.Stats.LightsDropped; got != 0 {
		h.t.Errorf("Stats.LightsDropped = %d, want 0", got)
	}
	h.matchGolden(img)
}

// probe returns the pixels around where world point at shows, checked
// against the scene copy: every one of them must show surface.
func (h *harness) probe(what string, at vmath.Vec3, surface string) []image.Point {
	h.t.Helper()
	c := h.ctx.Data.ViewProj.MulVec4(at.Vec4(1))
	px := int((c[0]/c[3]*0.5 + 0.5) * Width)
	py := int((0.5 - c[1]/c[3]*0.5) * Height)
	m := classify(Width, Height, h.ctx.Data.InvViewProj, h.ctx.Data.LightDir, h.objects)
	var pts []image.Point
	for y := py - 1; y <= py+1; y++ {
		for x := px - 1; x <= px+1; x++ {
			if x < 0 || y < 0 || x >= Width || y >= Height || m.classes[y*Width+x].surface != surface {
				h.t.Fatalf("%s: pixel (%d, %d) does not show the %s: the scene's layout is off", what, x, y, surface)
			}
			pts = append(pts, image.Pt(x, y))
		}
	}
	return pts
}

// skippedShadowPass: a frame that does not run the shadow pass while the
// frame data still asks for shadows. The skipped pass runs empty, so the
// shadow map is cleared and nothing casts a shadow: never last frame's map.
func skippedShadowPass(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(2)
	h.expectShadow(h.pixels(), true)
	for range 2 {
		h.stepSkipping(h.sys.Shadow)
	}
	if !h.ctx.Data.Shadows {
		h.t.Fatal("the frame data no longer asks for shadows: the scene tests nothing")
	}
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 0, forward: 2})
	h.expectLitSides(img, "cube")
	h.expectShadow(img, false)
}

// staleGBuffer: the gbuffer pass clears its depth but not its colour
// targets, so a deferred cube that stood against the sky last frame and is
// gone now must leave no trace: the frame is the one before the cube came.
func staleGBuffer(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.stage()
	h.step(2)
	before := h.pixels()
	// The cube stands high over the far edge of the plane, where the
	// camera sees it against the sky.
	at := vmath.Vec3{1.5, 2.6, -2.5}
	sky := classify(Width, Height, h.ctx.Data.InvViewProj, h.ctx.Data.LightDir, h.objects)
	with := classify(Width, Height, h.ctx.Data.InvViewProj, h.ctx.Data.LightDir,
		append(slices.Clone(h.objects), object{name: "cube", box: translate(meshes.Cube(1).Bounds, at)}))
	overSky := 0
	for i, c := range with.classes {
		if c.surface == "cube" && sky.classes[i].surface == "" {
			overSky++
		}
	}
	if overSky < 100 {
		h.t.Fatalf("the cube covers %d pixels of sky, want at least 100: the scene's layout is off", overSky)
	}
	cube := h.blobEntity(hs[0], at)
	h.step(2)
	h.expectDraws(draws{shadow: 1, gbuffer: 1, forward: 1})
	if d, err := Compare(h.pixels(), before, GoldenTolerance); err != nil || d.Within(GoldenTolerance) {
		h.t.Fatalf("the cube does not show (%v, %v): the scene tests nothing", d, err)
	}
	h.world.Despawn(cube)
	h.step(1)
	h.noErrors()
	h.noDrops()
	h.expectSame(before, "with the cube gone again", "the one before it came")
}

// readBack: ReadPixels before the first frame, and after a resize until a
// frame at the new size has ended, is ErrNoFrame; otherwise it reads the
// last finished frame.
func readBack(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	if err := h.b.ReadPixels(img); !errors.Is(err, backends.ErrNoFrame) {
		h.t.Errorf("ReadPixels before the first frame: %v, want an error matching backends.ErrNoFrame", err)
	}
	h.step(1)
	h.expectCubeDrawn(h.pixels(), "cube")
	h.must(h.b.Resize(Width, Height), "resize")
	if err := h.b.ReadPixels(img); !errors.Is(err, backends.ErrNoFrame) {
		h.t.Errorf("ReadPixels after a resize, before a frame: %v, want an error matching backends.ErrNoFrame", err)
	}
	h.step(1)
	h.expectCubeDrawn(h.pixels(), "cube")
	h.noErrors()
}

// staleIDs: a destroyed mesh's or texture's ID never names another object.
// Draws naming one are dropped, counted in Stats.DroppedStale and logged
// once with the ID, while the object made after it draws under its own ID.
func staleIDs(h *harness) {
	h.open()
	h.stage()
	d := meshes.Cube(1)
	stale := h.mesh(formats.DefaultHandle, d.Vertices, d.Indices, d.Bounds)
	h.b.DestroyMesh(stale.ID)
	fresh := h.mesh(formats.DefaultHandle, d.Vertices, d.Indices, d.Bounds)
	if fresh.ID == stale.ID {
		h.t.Fatalf("a new mesh got the destroyed mesh's ID %d", stale.ID)
	}
	h.world.Spawn(ecs.NewTransform(cubePos), stale, ecs.Material{Shader: defaultShader, Color: cubeColor, CastShadows: true})
	h.objects = append(h.objects, object{name: "cube", box: translate(d.Bounds, cubePos), casts: true})
	h.step(2)
	img := h.pixels()
	if got := h.ctx.Stats.DroppedStale; got != 2 {
		h.t.Errorf("Stats.DroppedStale = %d, want 2 (the stale cube in the shadow and forward passes)", got)
	}
	h.expectOneError(fmt.Sprintf("mesh ID %d", stale.ID))
	h.expectCubeAbsent(img, "cube")
	h.expectShadow(img, false)

	tex, err := h.b.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	h.must(err, "CreateTexture")
	h.b.DestroyTexture(tex)
	h.b.DestroyMesh(stale.ID) // a second destroy of a stale ID does nothing
	h.world.Spawn(ecs.NewTransform(otherPos), fresh, ecs.Material{Shader: defaultShader, Color: cubeColor, Texture: tex})
	h.step(1)
	if got := h.ctx.Stats.DroppedStale; got != 3 {
		h.t.Errorf("Stats.DroppedStale = %d, want 3 (two stale meshes, one stale texture)", got)
	}
	if !strings.Contains(h.log.String(), fmt.Sprintf("texture ID %d", tex)) {
		h.t.Errorf("no log line names the stale texture ID %d:\n%s", tex, h.log.String())
	}
}

// destroyedShader: DestroyShader frees a material shader; a draw still
// naming it is dropped and counted, and loading the file again gives a new
// ID that draws.
func destroyedShader(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(1)
	id, err := h.b.CreateShader(defaultShader)
	h.must(err, "CreateShader")
	h.b.DestroyShader(id)
	h.step(1)
	if got := h.ctx.Stats.DroppedMaterial; got != 2 {
		h.t.Errorf("Stats.DroppedMaterial = %d after DestroyShader, want 2 (the plane and the cube)", got)
	}
	again, err := h.b.CreateShader(defaultShader)
	h.must(err, "CreateShader after DestroyShader")
	if again == id {
		h.t.Errorf("the shader loaded again has the destroyed shader's ID %d", id)
	}
	q := h.world.Renderables()
	for q.Next() {
		_, _, mat := q.Get()
		mat.ShaderID = 0 // forget the stale ID: the systems load the shader again
	}
	h.step(1)
	h.noDrops()
	h.expectCubeDrawn(h.pixels(), "cube")
	h.noErrors()
}

// limits: every backend refuses the same out-of-range input with an error,
// before anything reaches the driver.
func limits(h *harness) {
	h.open()
	wide := &image.RGBA{Pix: make([]byte, (backends.MaxTextureSize+1)*4), Stride: (backends.MaxTextureSize + 1) * 4,
		Rect: image.Rect(0, 0, backends.MaxTextureSize+1, 1)}
	short := &image.RGBA{Pix: make([]byte, 4), Stride: 8, Rect: image.Rect(0, 0, 2, 2)}
	for _, tt := range []struct {
		name string
		img  *image.RGBA
	}{{"nil", nil}, {"empty", image.NewRGBA(image.Rect(0, 0, 0, 4))}, {"too wide", wide}, {"too short a buffer", short}} {
		if _, err := h.b.CreateTexture(tt.img, backends.TextureOptions{}); err == nil {
			h.t.Errorf("CreateTexture(%s image) succeeded", tt.name)
		} else if !strings.HasPrefix(err.Error(), h.kind.String()+":") {
			h.t.Errorf("CreateTexture(%s image): %q does not name the backend", tt.name, err)
		}
	}
	for _, size := range [][2]int{{0, Height}, {Width, -1}, {backends.MaxTargetSize + 1, Height}} {
		if err := h.b.Resize(size[0], size[1]); err == nil {
			h.t.Errorf("Resize(%d, %d) succeeded", size[0], size[1])
		}
	}
	if w, hh := h.b.Size(); w != Width || hh != Height {
		h.t.Errorf("after refused resizes Size() = %dx%d, want %dx%d", w, hh, Width, Height)
	}
	if _, err := h.b.CreateMesh(formats.DefaultHandle, nil, []uint32{0}); err == nil {
		h.t.Error("CreateMesh with no vertices succeeded")
	}
}

// gpuTimes: a frame's statistics carry the GPU time of each pass of an
// earlier frame, GPUFrame, which trails the current frame by the frames
// the backend keeps in flight (at most two) and never names one that has
// not ended; once frames have finished, the passes took time.
func gpuTimes(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	for range 6 {
		h.step(1)
		st := h.ctx.Stats
		switch {
		case st.GPUFrame >= st.Frame:
			h.t.Errorf("frame %d carries the GPU times of frame %d, which has not ended", st.Frame, st.GPUFrame)
		case h.s.o.NoGPUTimes:
			if st.GPUFrame != 0 || st.GPUTotal() != 0 {
				h.t.Errorf("frame %d: GPU times %v of frame %d from a backend without timestamps", st.Frame, st.GPUTime, st.GPUFrame)
			}
		case st.Frame > 3 && st.GPUFrame+2 < st.Frame:
			h.t.Errorf("frame %d carries the GPU times of frame %d: more than two frames back", st.Frame, st.GPUFrame)
		case st.Frame > 3 && st.GPUTotal() <= 0:
			h.t.Errorf("frame %d: GPU times %v: no pass took time", st.Frame, st.GPUTime)
		}
	}
}

// ---- building the stage ----

// stage adds the camera, the sun and the plane.
func (h *harness) stage() {
	h.lookFrom(eye, lookAt, 50)
	h.world.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{
		Direction: sunDir, Color: vmath.Vec3{1, 1, 1}, Intensity: 1.2, CastShadows: true,
	})
	plane := meshes.Plane(10)
	// The plane casts nothing: it has nothing below it to shadow.
	h.world.Spawn(ecs.NewTransform(vmath.Vec3{}), h.mesh(formats.DefaultHandle, plane.Vertices, plane.Indices, plane.Bounds),
		ecs.Material{Shader: defaultShader, Color: planeColor})
	h.objects = append(h.objects, object{name: "plane", box: plane.Bounds})
}

// lookFrom spawns the scene's camera at eye looking at target: a 60-degree
// field of view from 0.1 to far.
func (h *harness) lookFrom(eye, target vmath.Vec3, far float32) {
	h.world.SpawnCamera(
		ecs.Transform{Position: eye, Rotation: lookRotation(eye, target), Scale: vmath.Vec3{1, 1, 1}},
		ecs.Camera{FovY: 60, Near: 0.1, Far: far, Active: true},
	)
}

// defaultCube spawns a default-format unit cube with a material shader.
func (h *harness) defaultCube(name string, at vmath.Vec3, shader string) {
	d := meshes.Cube(1)
	h.world.Spawn(ecs.NewTransform(at), h.mesh(formats.DefaultHandle, d.Vertices, d.Indices, d.Bounds),
		ecs.Material{Shader: shader, Color: cubeColor, CastShadows: true})
	h.objects = append(h.objects, object{name: name, box: translate(d.Bounds, at), casts: true})
}

// blobCube spawns a unit cube of a blob format, coloured by its vertices.
func (h *harness) blobCube(name string, format formats.Handle, at vmath.Vec3) {
	h.blobEntity(format, at)
	h.objects = append(h.objects, object{name: name, box: translate(meshes.Cube(1).Bounds, at), casts: true})
}

// blobEntity spawns a blob cube that the checks' scene copy does not know.
func (h *harness) blobEntity(format formats.Handle, at vmath.Vec3) ecs.Entity {
	d := meshes.Cube(1)
	return h.world.Spawn(ecs.NewTransform(at), h.mesh(format, blobVertices(d, blobCubeRGBA), d.Indices, d.Bounds),
		ecs.Material{Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true})
}

// glass spawns the transparent blob quad: the plane mesh turned to face +Z.
func (h *harness) glass(format formats.Handle) {
	d := meshes.Plane(glassSize)
	tr := ecs.NewTransform(glassPos)
	tr.Rotation = vmath.QuatAxisAngle(vmath.Vec3{1, 0, 0}, math.Pi/2)
	h.world.Spawn(tr, h.mesh(format, blobVertices(d, blobGlassRGBA), d.Indices, d.Bounds),
		ecs.Material{Color: vmath.Vec4{1, 1, 1, glassAlpha}, Transparent: true})
	half := glassSize / 2
	h.objects = append(h.objects, object{name: "glass", glass: true, box: vmath.AABB{
		Min: glassPos.Sub(vmath.Vec3{half, half, 0}), Max: glassPos.Add(vmath.Vec3{half, half, 0}),
	}})
}

func (h *harness) mesh(format formats.Handle, vertices []byte, indices []uint32, bounds vmath.AABB) ecs.Mesh {
	h.t.Helper()
	id, err := h.b.CreateMesh(format, vertices, indices)
	h.must(err, "CreateMesh")
	return ecs.Mesh{ID: id, Format: format, Bounds: bounds}
}

// lookRotation turns the camera's -Z toward target, with no roll.
func lookRotation(from, target vmath.Vec3) vmath.Quat {
	f := target.Sub(from).Normalize()
	pitch := float32(math.Asin(float64(f[1])))
	yaw := float32(math.Atan2(float64(-f[0]), float64(-f[2])))
	return vmath.QuatEuler(pitch, yaw, 0)
}

func translate(b vmath.AABB, by vmath.Vec3) vmath.AABB {
	return vmath.AABB{Min: b.Min.Add(by), Max: b.Max.Add(by)}
}

// stemFiles resolves a stem of a smooth-gbuffer format for the backend
// under test; the suite never spells a backend's file names itself.
func (h *harness) stemFiles(stem string, p formats.Pass) backends.ShaderFiles {
	h.t.Helper()
	f, err := backends.ResolveStem(h.kind, stem, p, formats.GBufferSmooth)
	h.must(err, "resolve stem %s", stem)
	return f
}

// copyFile writes the shader at from (the working directory or the
// engine's embedded copy) under the name to.
func (h *harness) copyFile(from, to string) {
	h.t.Helper()
	data, err := assets.ReadFile(from)
	h.must(err, "read %s", from)
	h.must(os.WriteFile(to, data, 0o644), "write %s", to)
}

// ---- checks ----

// draws is the expected number of draws per pass of the last frame.
type draws struct{ shadow, gbuffer, forward, transparent int }

func (h *harness) expectDraws(want draws) {
	h.t.Helper()
	s := h.ctx.Stats
	got := draws{s.Draws[formats.PassShadow], s.Draws[formats.PassGBuffer], s.Draws[formats.PassForward], s.Draws[formats.PassTransparent]}
	if got != want {
		h.t.Errorf("frame %d draws (shadow, gbuffer, forward, transparent) = %v, want %v", h.frame, got, want)
	}
}

func (h *harness) noDrops() {
	h.t.Helper()
	if n := h.ctx.Stats.TotalDropped(); n != 0 {
		h.t.Errorf("frame %d dropped %d draw(s) (per format and pass: %v, material: %d), want none",
			h.frame, n, h.ctx.Stats.Dropped, h.ctx.Stats.DroppedMaterial)
	}
}

func (h *harness) expectDropped(f formats.Handle, p formats.Pass, want int) {
	h.t.Helper()
	if got := h.ctx.Stats.DroppedIn(f, p); got != want {
		h.t.Errorf("frame %d: Stats.DroppedIn(format %d, %s) = %d, want %d", h.frame, f, p, got, want)
	}
}

// expectOneError checks that the log holds exactly one ERROR line and that
// it names one of paths.
func (h *harness) expectOneError(paths ...string) {
	h.t.Helper()
	lines := h.errorLines()
	if len(lines) != 1 {
		h.t.Errorf("after frame %d: %d error line(s) in the log, want exactly 1 naming %s:\n%s",
			h.frame, len(lines), strings.Join(paths, " or "), strings.Join(lines, "\n"))
		return
	}
	if !slices.ContainsFunc(paths, func(p string) bool { return strings.Contains(lines[0], p) }) {
		h.t.Errorf("the error line does not name %s:\n%s", strings.Join(paths, " or "), lines[0])
	}
}

// area returns the pixels the checks' scene copy classifies as keep, or
// fails when the camera no longer frames enough of them.
func (h *harness) area(what string, keep func(class) bool) []image.Point {
	h.t.Helper()
	m := classify(Width, Height, h.ctx.Data.InvViewProj, h.ctx.Data.LightDir, h.objects)
	pts := m.region(regionRadius, keep)
	if len(pts) < minRegion {
		h.t.Fatalf("the scene frames only %d pixel(s) of %s, want at least %d: the scene's layout is off", len(pts), what, minRegion)
	}
	return pts
}

func faceOf(name string, n vmath.Vec3) func(class) bool {
	return func(c class) bool { return c.surface == name && c.face == n && !c.glass }
}

func planeLit(c class) bool    { return c.surface == "plane" && !c.glass && !c.shadow }
func planeShadow(c class) bool { return c.surface == "plane" && !c.glass && c.shadow }

// expectLitSides: the faces the sun reaches are brighter than the face it
// does not.
func (h *harness) expectLitSides(img *image.RGBA, name string) {
	h.t.Helper()
	dark := mean(img, h.area(name+" -X face", faceOf(name, vmath.Vec3{-1, 0, 0})))
	for _, f := range []struct {
		what string
		n    vmath.Vec3
	}{{"top", vmath.Vec3{0, 1, 0}}, {"+Z", vmath.Vec3{0, 0, 1}}} {
		lit := mean(img, h.area(name+" "+f.what+" face", faceOf(name, f.n)))
		if lit.luma() < dark.luma()+visible {
			h.t.Errorf("%s: the sunlit %s face (brightness %.3f) is not brighter than the unlit -X face (%.3f) by %.2f",
				name, f.what, lit.luma(), dark.luma(), visible)
		}
	}
}

// expectShadow compares the plane where the cube's shadow falls with the
// plane in the sun.
func (h *harness) expectShadow(img *image.RGBA, want bool) {
	h.t.Helper()
	lit := mean(img, h.area("the sunlit plane", planeLit))
	shadow := mean(img, h.area("the plane in the cube's shadow", planeShadow))
	switch {
	case want && shadow.luma() > shadowRatio*lit.luma():
		h.t.Errorf("no shadow: the plane in the cube's shadow has brightness %.3f, the sunlit plane %.3f; want at most %.0f%% of it",
			shadow.luma(), lit.luma(), 100*shadowRatio)
	case !want && shadow.dist(lit) > same:
		h.t.Errorf("a shadow where none is cast: the plane where the cube's shadow would fall is %v, the sunlit plane %v; want within %.3f",
			shadow, lit, same)
	}
}

// expectCubeAbsent: where the cube's top face would be, the plane shows.
func (h *harness) expectCubeAbsent(img *image.RGBA, name string) {
	h.t.Helper()
	top := mean(img, h.area(name+" top face", faceOf(name, vmath.Vec3{0, 1, 0})))
	plane := mean(img, h.area("the sunlit plane", planeLit))
	if top.dist(plane) > visible {
		h.t.Errorf("%s is drawn: its top face %v differs from the plane %v", name, top, plane)
	}
}

// expectCubeDrawn: the cube's top face does not show the plane behind it.
func (h *harness) expectCubeDrawn(img *image.RGBA, name string) {
	h.t.Helper()
	top := mean(img, h.area(name+" top face", faceOf(name, vmath.Vec3{0, 1, 0})))
	plane := mean(img, h.area("the sunlit plane", planeLit))
	if top.dist(plane) < visible {
		h.t.Errorf("%s is not drawn: its top face %v looks like the plane %v", name, top, plane)
	}
}

// expectBlend: where the glass covers the red cube the colour lies between
// the two (bluer and less red than the bare cube), and the glass over the
// plane differs both from the bare plane (it is drawn) and from the glass
// over the cube (what is behind shows through: it is not opaque).
func (h *harness) expectBlend(img *image.RGBA) {
	h.t.Helper()
	front := vmath.Vec3{0, 0, 1}
	bareCube := mean(img, h.area("the cube's +Z face", faceOf("cube", front)))
	overCube := mean(img, h.area("the glass over the cube", func(c class) bool {
		return c.surface == "cube" && c.face == front && c.glass
	}))
	barePlane := mean(img, h.area("the sunlit plane", planeLit))
	overPlane := mean(img, h.area("the glass over the sunlit plane", func(c class) bool {
		return c.surface == "plane" && c.glass && !c.shadow
	}))
	check := func(ok bool, format string, args ...any) {
		if !ok {
			h.t.Errorf("transparency: "+format, args...)
		}
	}
	check(overCube[2] > bareCube[2]+visible, "blue behind the glass %.3f, bare cube %.3f: the blue glass does not tint the cube", overCube[2], bareCube[2])
	check(overCube[0] < bareCube[0]-visible, "red behind the glass %.3f, bare cube %.3f: the cube's red is not reduced by the blend", overCube[0], bareCube[0])
	check(overPlane.dist(barePlane) > visible, "the glass over the plane %v looks like the bare plane %v: the glass is not drawn", overPlane, barePlane)
	check(overPlane.dist(overCube) > visible, "the glass looks the same over the plane %v and over the cube %v: it is opaque", overPlane, overCube)
}

func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// ---- the UI pass ----

// uiCorners are the four boxes uiLayer anchors in the corners, and their
// colours, one pure channel each so a swapped channel shows.
var uiCorners = []struct {
	anchor ui.Anchor
	dx, dy float32
	color  ui.Color
}{
	{ui.TopLeft, 4, 4, ui.RGBA(1, 0, 0, 1)},
	{ui.TopRight, -4, 4, ui.RGBA(0, 1, 0, 1)},
	{ui.BottomLeft, 4, -4, ui.RGBA(0, 0, 1, 1)},
	{ui.BottomRight, -4, -4, ui.RGBA(1, 1, 0, 1)},
}

// uiLayer: the UI pass draws screen-space quads over the composited image
// on whole pixels: opaque boxes in the four corners keep their exact
// colours, a half-transparent panel blends with the scene beneath it, text
// from the font atlas covers some of its box and leaves the rest, and a
// sprite samples its own texture. The 3D image under the interface is the
// one the frame had without it.
func uiLayer(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	h.step(2)
	bare := h.pixels()
	checker := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for i, c := range [][4]uint8{{255, 255, 255, 255}, {40, 40, 40, 255}, {40, 40, 40, 255}, {255, 255, 255, 255}} {
		copy(checker.Pix[i*4:], c[:])
	}
	tex, err := h.b.CreateTexture(checker, backends.TextureOptions{Nearest: true, Clamp: true})
	if err != nil {
		h.t.Fatal(err)
	}
	c := h.ctx.UI
	var panel, text, sprite ui.Rect
	quads := 0
	// The runner begins the canvas each frame; a game system fills it.
	fill := func(*ecs.World) {
		s := c.Screen()
		for _, k := range uiCorners {
			c.Rect(s.Place(k.anchor, 24, 16, k.dx, k.dy), k.color)
		}
		panel = s.Place(ui.Center, 120, 40, 0, 0)
		c.Rect(panel, ui.RGBA(0, 0, 0, 0.5))
		text = c.TextIn(c.Fonts.Face(16), panel, ui.AlignCenter, "Sleak 42", ui.White)
		sprite = s.Place(ui.BottomCenter, 32, 32, 0, -4)
		c.Sprite(sprite, tex, [4]float32{0, 0, 1, 1}, ui.White)
		quads = len(c.Quads())
	}
	h.r.Scheduler.Add(ecs.Update, ecs.SystemFunc(fill))
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	if got := h.ctx.Stats.Draws[formats.PassUI]; got != quads || quads < 8 {
		h.t.Errorf("UI pass drew %d quads, want the canvas's %d (4 boxes, a panel, a sprite and the glyphs)", got, quads)
	}
	h.matchGolden(img)
	at := func(im *image.RGBA, x, y float32) [4]uint8 {
		c := im.RGBAAt(int(x), int(y))
		return [4]uint8{c.R, c.G, c.B, c.A}
	}
	near := func(a, b [4]uint8, tol int) bool {
		for i := range 3 {
			if d := int(a[i]) - int(b[i]); d > tol || d < -tol {
				return false
			}
		}
		return true
	}
	for _, k := range uiCorners {
		r := c.Screen().Place(k.anchor, 24, 16, k.dx, k.dy)
		want := [4]uint8{uint8(k.color[0] * 255), uint8(k.color[1] * 255), uint8(k.color[2] * 255), 255}
		for _, p := range [][2]float32{{r.X + 0.5, r.Y + 0.5}, {r.X + r.W - 0.5, r.Y + r.H - 0.5}, {r.X + r.W/2, r.Y + r.H/2}} {
			if got := at(img, p[0], p[1]); !near(got, want, 1) {
				h.t.Errorf("corner box at %v: pixel (%v, %v) is %v, want %v", k.anchor, p[0], p[1], got, want)
			}
		}
		// One pixel outside the box is the scene, untouched.
		if got, was := at(img, r.X+r.W+0.5, r.Y+r.H/2), at(bare, r.X+r.W+0.5, r.Y+r.H/2); !near(got, was, 2) {
			h.t.Errorf("beside the %v box the scene changed from %v to %v: a box covers more than its pixels", k.anchor, was, got)
		}
	}
	// The panel's corner (no glyph there) is the scene at half brightness.
	px, py := panel.X+1.5, panel.Y+1.5
	was, got := at(bare, px, py), at(img, px, py)
	half := [4]uint8{was[0] / 2, was[1] / 2, was[2] / 2, 255}
	if !near(got, half, 3) {
		h.t.Errorf("half-transparent panel: pixel %v over scene %v, want about %v", got, was, half)
	}
	// Text: some pixels of its box are (nearly) white, some keep the panel.
	white, panelled := 0, 0
	for y := int(text.Y); y < int(text.Y+text.H); y++ {
		for x := int(text.X); x < int(text.X+text.W); x++ {
			p := img.RGBAAt(x, y)
			if p.R > 230 && p.G > 230 && p.B > 230 {
				white++
			} else if b := bare.RGBAAt(x, y); near([4]uint8{p.R, p.G, p.B}, [4]uint8{b.R / 2, b.G / 2, b.B / 2}, 3) {
				panelled++
			}
		}
	}
	if white < 20 || panelled < 20 {
		h.t.Errorf("text %v: %d white and %d panel pixels in its box, want glyphs with gaps between them", text, white, panelled)
	}
	h.expectNoAllocations()
	h.b.DestroyTexture(tex)
}
