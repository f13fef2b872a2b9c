package conformance

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// normalMap: a material's tangent-space normal map turns a flat quad's
// shading per texel, on every backend, in the OpenGL convention (+Y up
// the image) and the mesh's tangent frame, in the forward pass and in the
// gbuffer pass alike. The map tilts each quarter of the quad another way:
// toward its tangent (+X) in the top left, away in the top right, up the
// image (-Z here) in the bottom left, down it in the bottom right. A sun
// low from +X and -Z then lights the first and third brightly and leaves
// the others dim, where the quad without the map is one shade all over.
// The middle quad is the left one with its tangents' handedness flipped
// (w = -1), which mirrors the map's Y: its bottom quarters swap. The right
// one is the left one in a custom format whose gbuffer stem passes its
// tangents on, drawn deferred.
func normalMap(h *harness) {
	mapped := *formats.DefaultLayout()
	mapped.Name, mapped.Shader, mapped.GBufferShader = "mapped", "default_shader", "mapped_gbuffer"
	hs := h.open(mapped)
	h.lookFrom(vmath.Vec3{0, 4, 2.6}, vmath.Vec3{0, 0, 0.1}, 20)
	h.world.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{
		Direction: mapSun, Color: vmath.Vec3{1, 1, 1}, Intensity: 1.5,
	})
	plane := meshes.Plane(mapQuad)
	flipped := meshes.Plane(mapQuad)
	for i := range flipped.VertexCount() {
		binary.LittleEndian.PutUint32(flipped.Vertices[i*meshes.VertexSize+36:], math.Float32bits(-1))
	}
	tex, err := h.b.CreateTexture(tiltMap(), backends.TextureOptions{Clamp: true})
	h.must(err, "CreateTexture")
	mat := ecs.Material{Shader: defaultShader, Color: vmath.Vec4{0.7, 0.7, 0.7, 1}}
	xs := [3]float32{-mapApart, 0, mapApart}
	quads := []ecs.Entity{
		h.world.Spawn(ecs.NewTransform(vmath.Vec3{xs[0], 0, 0}), h.mesh(formats.DefaultHandle, plane.Vertices, plane.Indices, plane.Bounds), mat),
		h.world.Spawn(ecs.NewTransform(vmath.Vec3{xs[1], 0, 0}), h.mesh(formats.DefaultHandle, flipped.Vertices, flipped.Indices, flipped.Bounds), mat),
		h.world.Spawn(ecs.NewTransform(vmath.Vec3{xs[2], 0, 0}), h.mesh(hs[0], plane.Vertices, plane.Indices, plane.Bounds), mat),
	}
	h.step(2)
	flat := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{gbuffer: 1, forward: 2})
	// The quarters' centres, image order: top left, top right, bottom
	// left, bottom right (top is -Z).
	q := mapQuad / 4
	var boxes [3][4][]image.Point
	for i, x := range xs {
		for k, c := range [4][2]float32{{-q, -q}, {q, -q}, {-q, q}, {q, q}} {
			boxes[i][k] = h.box(vmath.Vec3{x + c[0], 0, c[1]})
		}
	}
	for i := range boxes {
		for k := 1; k < 4; k++ {
			if a, b := mean(flat, boxes[i][k]), mean(flat, boxes[i][0]); a.dist(b) > same {
				h.t.Errorf("quad %d without a normal map is not one shade: quarter %d %v, quarter 0 %v", i, k, a, b)
			}
		}
	}

	materials := ecs.NewMap[ecs.Material](h.world)
	for _, e := range quads {
		materials.Get(e).NormalMap = tex
	}
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	// Bright and dim quarters: the left and right quads' tilts toward the
	// sun are their top left and bottom left; the flipped one's bottom
	// quarters swap.
	for i, lit := range [3][2]int{{0, 2}, {0, 3}, {0, 2}} {
		dim := [2]int{1, 5 - lit[1]}
		for j := range lit {
			b, d := mean(img, boxes[i][lit[j]]), mean(img, boxes[i][dim[j]])
			if b[0]-d[0] < visible {
				h.t.Errorf("quad %d: the quarter tilted toward the sun (%d, %v) is not brighter than the one tilted away (%d, %v)", i, lit[j], b, dim[j], d)
			}
		}
	}
	h.matchGolden(img)
	h.expectNoAllocations()
}

// The normal map scene's quads and sun: low (about 20 degrees up) from +X
// and -Z, so a quarter tilted toward it is much brighter than one tilted
// away.
var (
	mapSun   = vmath.Vec3{-0.65, -0.35, 0.65}
	mapQuad  = float32(1.5)
	mapApart = float32(1.7)
)

// tiltMap is the normal map of the normal map scene: each quarter one
// normal, tilted 45 degrees toward +X, -X, +Y (up the image) and -Y.
func tiltMap() *image.RGBA {
	const n = 32
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	s := float32(math.Sqrt2 / 2)
	tilts := [4]vmath.Vec3{{s, 0, s}, {-s, 0, s}, {0, s, s}, {0, -s, s}}
	for y := range n {
		for x := range n {
			t := tilts[x*2/n+2*(y*2/n)]
			enc := func(v float32) uint8 { return uint8(math.Round(float64((v*0.5 + 0.5) * 255))) }
			img.SetRGBA(x, y, color.RGBA{enc(t[0]), enc(t[1]), enc(t[2]), 255})
		}
	}
	return img
}

// emissiveMap: a material's emissive map gives its emission a pattern, on
// every backend: a dark cube whose map is a white cross on black glows
// along the cross on every face, the unlit one too, and nowhere else.
// Beside it a cube of a custom format, drawn in the gbuffer pass, takes
// its emission's colour from its map there: its stem has no uvs, so it
// reads the one texel, green, and glows green only. Bloom stays off, so
// the glow is the emission alone.
func emissiveMap(h *harness) {
	hs := h.open(blobLayout("blob", "blob", "blob_shadow", "blob_gbuffer", ""))
	h.stage()
	d := meshes.Cube(1)
	dark := ecs.Material{Shader: defaultShader, Color: vmath.Vec4{0.1, 0.1, 0.12, 1}, CastShadows: true}
	cube := h.world.Spawn(ecs.NewTransform(cubePos), h.mesh(formats.DefaultHandle, d.Vertices, d.Indices, d.Bounds), dark)
	h.objects = append(h.objects, object{name: "cube", box: translate(d.Bounds, cubePos), casts: true})
	deferred := h.world.Spawn(ecs.NewTransform(otherPos), h.mesh(hs[0], blobVertices(d, [4]uint8{128, 128, 128, 255}), d.Indices, d.Bounds),
		ecs.Material{Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true})
	h.objects = append(h.objects, object{name: "deferred", box: translate(d.Bounds, otherPos), casts: true})
	cross, err := h.b.CreateTexture(crossMap(), backends.TextureOptions{Clamp: true})
	h.must(err, "CreateTexture")
	green := image.NewRGBA(image.Rect(0, 0, 1, 1))
	copy(green.Pix, []uint8{0, 255, 0, 255})
	tint, err := h.b.CreateTexture(green, backends.TextureOptions{})
	h.must(err, "CreateTexture")
	h.step(2)
	plain := h.pixels()
	h.noErrors()
	h.noDrops()
	faces := []struct {
		what    string
		on, off vmath.Vec3 // on the cross and off it, in world space
	}{
		{"+Z face", vmath.Vec3{0, 0.5, 0.5}, vmath.Vec3{-0.3, 0.8, 0.5}},
		{"top", vmath.Vec3{0, 1, 0}, vmath.Vec3{0.3, 1, 0.3}},
		{"-X face, away from the sun", vmath.Vec3{-0.5, 0.5, 0}, vmath.Vec3{-0.5, 0.8, 0.3}},
	}
	materials := ecs.NewMap[ecs.Material](h.world)
	m := materials.Get(cube)
	m.Emissive, m.EmissiveMap = 8, cross
	m = materials.Get(deferred)
	m.Emissive, m.EmissiveMap = 3, tint
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	for _, f := range faces {
		on := h.probe("the cube's "+f.what+" on the cross", f.on, "cube")
		off := h.probe("the cube's "+f.what+" off the cross", f.off, "cube")
		if a, b := mean(img, on), mean(plain, on); a[0]-b[0] < 0.3 {
			h.t.Errorf("the cube's %s does not glow on the emissive map's cross: %v, %v without emission", f.what, a, b)
		}
		if a, b := mean(img, off), mean(plain, off); a.dist(b) > same {
			h.t.Errorf("the cube's %s glows off the emissive map's cross, where the map is black: %v, %v without emission", f.what, a, b)
		}
	}
	for _, at := range []vmath.Vec3{{2.1, 0.6, 0.8}, {1.4, 0.5, 0.3}} {
		p := h.probe("the deferred cube", at, "deferred")
		a, b := mean(img, p), mean(plain, p)
		if a[1]-b[1] < 0.2 || vmath.Abs32(float32(a[0]-b[0])) > float32(same) || vmath.Abs32(float32(a[2]-b[2])) > float32(same) {
			h.t.Errorf("the deferred cube at %v does not glow green alone with its green emissive map: %v, %v without emission", at, a, b)
		}
	}
	h.matchGolden(img)
	h.expectNoAllocations()
}

// crossMap is the emissive map of the emissive map scene: a white cross
// through the middle, a fifth of the side wide, on black.
func crossMap() *image.RGBA {
	const n = 40
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			c := color.RGBA{0, 0, 0, 255}
			if (x >= 2*n/5 && x < 3*n/5) || (y >= 2*n/5 && y < 3*n/5) {
				c = color.RGBA{255, 255, 255, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// box returns the 5x5 pixels around where world point at shows.
func (h *harness) box(at vmath.Vec3) []image.Point {
	c := h.ctx.Data.ViewProj.MulVec4(at.Vec4(1))
	px, py := int((c[0]/c[3]*0.5+0.5)*Width), int((0.5-c[1]/c[3]*0.5)*Height)
	var pts []image.Point
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if x, y := px+dx, py+dy; x >= 0 && y >= 0 && x < Width && y < Height {
				pts = append(pts, image.Pt(x, y))
			}
		}
	}
	if len(pts) == 0 {
		h.t.Fatalf("%v is off screen: the scene's layout is off", at)
	}
	return pts
}
