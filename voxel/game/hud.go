package game

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/physics"
)

// HUDShader is the game's unlit shader for overlay geometry, unless
// game.toml's "hud" material names another.
const HUDShader = "assets/shaders/hud.hlsl"

// outlineWidth is the thickness of the targeted block's outline, in blocks.
const outlineWidth = 0.018

// hud is what of the overlay lives in the world: the outline of the
// targeted block, twelve thin boxes along its edges, drawn unlit in the
// transparent pass so it reads on every block. The crosshair, hotbar and
// text are screen-space (ui.go).
type hud struct {
	cube      backends.MeshID
	bounds    vmath.AABB
	edges     [12]ecs.Entity
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
	for i := range h.edges {
		h.edges[i] = g.ecs.Spawn(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{Bounds: h.bounds},
			ecs.Material{Shader: shader, Color: vmath.Vec4{0.03, 0.03, 0.04, 0.85}, Transparent: true})
	}
	return nil
}

// place is kept for the camera hook: the outline follows the target, not
// the camera.
func (h *hud) place(*Game, *ecs.Transform) {}

// target puts the outline on the block hit, or hides it.
func (h *hud) target(g *Game, hit physics.Hit, ok bool) {
	b := hit.Block
	c := vmath.Vec3{float32(b[0]) + 0.5, float32(b[1]) + 0.5, float32(b[2]) + 0.5}
	const l, w = 1 + outlineWidth, outlineWidth
	const o = 0.5 + outlineWidth/4
	i := 0
	for axis := 0; axis < 3; axis++ {
		for _, s := range [4][2]float32{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			t, m, _ := h.renderMap.Get(h.edges[i])
			i++
			if !ok {
				m.ID = 0 // the render systems skip meshes with no ID
				continue
			}
			m.ID = h.cube
			var pos, scale vmath.Vec3
			a, bAxis := (axis+1)%3, (axis+2)%3
			pos[a], pos[bAxis] = s[0]*o, s[1]*o
			scale[axis], scale[a], scale[bAxis] = l, w, w
			t.Position = c.Add(pos)
			t.Rotation = vmath.QuatIdent()
			t.Scale = scale
		}
	}
}
