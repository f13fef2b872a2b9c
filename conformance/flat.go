package conformance

import (
	"image"
	"image/color"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// flatGBuffer: a format with gbuffer_stage = "flat" draws through the
// engine's flat gbuffer stage what a smooth format draws through the
// standard one. The same cube, textured from one tile of an atlas that
// repeats three times across each face, with an occlusion that falls off
// towards one edge, a tint, a roughness and an emission, is drawn first by
// a smooth gbuffer stem and then by a flat one: the two pictures must be
// the same, and the flat one matches its golden.
func flatGBuffer(h *harness) {
	smooth, flat := *formats.DefaultLayout(), *formats.DefaultLayout()
	smooth.Name, smooth.Shader, smooth.GBufferShader = "tiled", "default_shader", "tiled_gbuffer"
	flat.Name, flat.Shader, flat.GBufferShader, flat.GBufferStage = "tiled_flat", "default_shader", "tiled_flat_gbuffer", formats.GBufferFlat
	hs := h.open(smooth, flat)
	h.stage()
	atlas, err := h.b.CreateTexture(gridAtlas(), backends.TextureOptions{})
	h.must(err, "CreateTexture")
	d := meshes.Cube(1)
	mat := ecs.Material{Texture: atlas, Color: vmath.Vec4{0.9, 0.55, 0.35, 1}, Roughness: 0.4, Emissive: 0.1}
	h.objects = append(h.objects, object{name: "cube", box: translate(d.Bounds, cubePos)})

	cube := h.world.Spawn(ecs.NewTransform(cubePos), h.mesh(hs[0], d.Vertices, d.Indices, d.Bounds), mat)
	h.step(2)
	want := h.pixels()
	h.expectCubeDrawn(want, "cube")
	h.world.Despawn(cube)

	h.world.Spawn(ecs.NewTransform(cubePos), h.mesh(hs[1], d.Vertices, d.Indices, d.Bounds), mat)
	h.step(2)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{gbuffer: 1, forward: 1})
	h.matchGolden(img)
	h.expectSame(want, "drawn through the flat gbuffer stage,", "the one drawn through the smooth stage")
	h.expectNoAllocations()
}

// gridAtlas is a 32x32 texture of 4x4 cells, each its own colour, so that
// a tile picked from the wrong place, or repeated wrongly, shows.
func gridAtlas() *image.RGBA {
	const n, cells = 32, 4
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			cx, cy := x*cells/n, y*cells/n
			img.SetRGBA(x, y, color.RGBA{uint8(30 + 70*cx), uint8(20 + 40*((cx+cy)%2)*cy), uint8(230 - 60*cy), 255})
		}
	}
	return img
}
