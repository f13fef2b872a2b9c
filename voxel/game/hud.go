package game

import (
	"fmt"
	"image/color"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/physics"
)

// HUDShader is the game's unlit shader for overlay geometry, unless
// game.toml's "hud" material names another.
const HUDShader = "assets/shaders/hud.hlsl"

// hud is the overlay: a crosshair, the hotbar and the highlight around the
// targeted block. It is world geometry placed in front of the camera every
// frame and drawn in the transparent pass, so it needs nothing beyond the
// engine's passes.
type hud struct {
	cube      backends.MeshID
	bounds    vmath.AABB
	crosshair ecs.Entity
	highlight ecs.Entity
	slots     [9]ecs.Entity
	renderMap ecs.Map3[ecs.Transform, ecs.Mesh, ecs.Material]
	camMap    ecs.Map2[ecs.Transform, ecs.Camera]
}

func (h *hud) init(g *Game) error {
	data := meshes.Cube(1)
	id, err := g.backend.CreateMesh(formats.DefaultHandle, data.Vertices, data.Indices)
	if err != nil {
		return fmt.Errorf("hud mesh: %w", err)
	}
	h.cube, h.bounds = id, data.Bounds
	h.renderMap = ecs.NewMap3[ecs.Transform, ecs.Mesh, ecs.Material](g.ecs)
	h.camMap = ecs.NewMap2[ecs.Transform, ecs.Camera](g.ecs)
	shader := HUDShader
	for _, m := range g.opts.Config.Materials {
		if m.Name == "hud" && m.Shader != "" {
			shader = m.Shader
		}
	}
	overlay := func(c vmath.Vec4) ecs.Entity {
		return g.ecs.Spawn(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{ID: h.cube, Bounds: h.bounds},
			ecs.Material{Shader: shader, Color: c, Transparent: true})
	}
	h.crosshair = overlay(vmath.Vec4{0.08, 0.08, 0.08, 0.9}) // dark: the sky behind it is light
	h.highlight = overlay(vmath.Vec4{1, 1, 1, 0.22})
	atlas := Atlas()
	for i := range h.slots {
		c := tileColor(atlas, g.player.Hotbar[i])
		h.slots[i] = overlay(vmath.Vec4{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, 0.95})
	}
	return nil
}

// tileColor is the average colour of a block's side tile.
func tileColor(atlas interface{ RGBAAt(x, y int) color.RGBA }, id block.ID) color.RGBA {
	t := id.Info().Tiles[block.Face(0)]
	ox, oy := int(t)%block.AtlasColumns*TilePixels, int(t)/block.AtlasColumns*TilePixels
	var r, gr, b int
	for y := 0; y < TilePixels; y++ {
		for x := 0; x < TilePixels; x++ {
			c := atlas.RGBAAt(ox+x, oy+y)
			r, gr, b = r+int(c.R), gr+int(c.G), b+int(c.B)
		}
	}
	n := TilePixels * TilePixels
	return color.RGBA{uint8(r / n), uint8(gr / n), uint8(b / n), 255}
}

// place puts the overlay in front of the camera at cam.
func (h *hud) place(g *Game, cam *ecs.Transform) {
	at := func(e ecs.Entity, offset vmath.Vec3, size float32) {
		t, _, _ := h.renderMap.Get(e)
		t.Position = cam.Position.Add(cam.Rotation.Rotate(offset))
		t.Rotation = cam.Rotation
		t.Scale = vmath.Vec3{size, size, size}
	}
	at(h.crosshair, vmath.Vec3{0, 0, -0.12}, 0.0024)
	for i, e := range h.slots {
		size := float32(0.0075)
		y := float32(-0.062)
		if i == g.player.Selected {
			size, y = 0.0105, -0.06
		}
		at(e, vmath.Vec3{(float32(i) - 4) * 0.0135, y, -0.12}, size)
	}
}

// target moves the highlight onto the block hit, or hides it.
func (h *hud) target(g *Game, hit physics.Hit, ok bool) {
	t, m, _ := h.renderMap.Get(h.highlight)
	if !ok {
		m.ID = 0 // the render systems skip meshes with no ID
		return
	}
	m.ID = h.cube
	b := hit.Block
	t.Position = vmath.Vec3{float32(b[0]) + 0.5, float32(b[1]) + 0.5, float32(b[2]) + 0.5}
	t.Rotation = vmath.QuatIdent()
	t.Scale = vmath.Vec3{1.01, 1.01, 1.01}
}
