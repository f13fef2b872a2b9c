package game

import (
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
	"github.com/sleakgo/sleak/voxel/physics"
	"github.com/sleakgo/sleak/voxel/world"
)

// Mouse look: radians per pixel of cursor motion at sensitivity 1.
const lookSensitivity = 0.0025

// reach is how far the player can break and place blocks.
const reach = 6

// movePlayer runs at the fixed step: look, walk, jump, fly.
func (g *Game) movePlayer(w *ecs.World) {
	p := &g.player
	in := &w.Input
	var mv physics.Input
	mv.Yaw = p.Yaw
	if g.Paused() {
		// Nothing held moves the player under a menu; gravity still acts.
		physics.Step(&p.Body, mv, w.Time.FixedDelta.Seconds(), &p.Params, g.world.Solid)
		return
	}
	if in.Down[ecs.KeyW] {
		mv.Forward++
	}
	if in.Down[ecs.KeyS] {
		mv.Forward--
	}
	if in.Down[ecs.KeyD] {
		mv.Right++
	}
	if in.Down[ecs.KeyA] {
		mv.Right--
	}
	mv.Jump = in.Down[ecs.KeySpace]
	mv.Descend = in.Down[ecs.KeyShift]
	mv.Sprint = in.Down[ecs.KeyCtrl]
	physics.Step(&p.Body, mv, w.Time.FixedDelta.Seconds(), &p.Params, g.world.Solid)
}

// captureMouse makes a click in the window capture the mouse for looking
// while playing (Escape opens the pause menu, which frees it: menuKeys).
// Without a captured mouse, clicks only capture and the cursor turns
// nothing; the interface read its pointer before this ran. Scripted input
// counts as a captured mouse.
func (g *Game) captureMouse(w *ecs.World) {
	in := &w.Input
	if !in.MouseCaptured && !g.Paused() && in.MousePressed[ecs.MouseLeft] && !in.Pressed[ecs.KeyEscape] {
		in.CaptureMouse(true)
	}
	if !in.MouseCaptured || g.Paused() {
		in.MousePressed = [ecs.NumMouseButtons]bool{}
		in.MouseDX, in.MouseDY = 0, 0
	}
}

// look turns the player with the mouse and toggles flying, once per frame
// (presses last one frame, which may run no fixed step at all).
func (g *Game) look(w *ecs.World) {
	p := &g.player
	if g.Paused() {
		return
	}
	if w.Input.Pressed[ecs.KeyF] {
		p.Body.Flying = !p.Body.Flying
		p.Body.Vel = physics.Vec3{}
	}
	turn := lookSensitivity * g.prefs.MouseSensitivity
	dy := float64(w.Input.MouseDY)
	if g.prefs.InvertY {
		dy = -dy
	}
	p.Yaw += float64(w.Input.MouseDX) * turn
	p.Pitch = math.Max(-1.55, math.Min(1.55, p.Pitch-dy*turn))
}

// placeCamera puts the camera at the player's eye.
func (g *Game) placeCamera(w *ecs.World) {
	p := &g.player
	t, cam := g.hud.camMap.Get(g.camera)
	cam.FovY = float32(g.prefs.FOV)
	eye := p.Body.Eye(&p.Params)
	t.Position = vmath.Vec3{float32(eye.X), float32(eye.Y), float32(eye.Z)}
	t.Rotation = vmath.QuatEuler(float32(p.Pitch), float32(-p.Yaw), 0)
	g.hud.place(g, t)
	g.saver.SetPlayer(g.playerState())
}

// interact ray casts from the eye: the first targetable block is
// highlighted; the left button breaks it, the right button places the
// selected hotbar block against its face; 1-9 select a slot.
func (g *Game) interact(w *ecs.World) {
	p := &g.player
	in := &w.Input
	if g.Paused() {
		return
	}
	for i := 0; i < 9; i++ {
		if in.Pressed[ecs.Key1+ecs.Key(i)] {
			p.Selected = i
		}
	}
	if in.Scroll != 0 {
		p.Selected = ((p.Selected-int(math.Copysign(1, float64(in.Scroll))))%9 + 9) % 9
	}
	eye := p.Body.Eye(&p.Params)
	dir := physics.Look(p.Yaw, p.Pitch)
	hit, ok := physics.Raycast(eye, dir, reach, func(x, y, z int) bool {
		id, loaded := g.world.Block(x, y, z)
		return loaded && id.Targetable()
	})
	p.Target, p.HasTarget = hit, ok
	g.hud.target(g, hit, ok)
	if !ok {
		return
	}
	switch {
	case in.MousePressed[ecs.MouseLeft]:
		b := hit.Block
		if id, _ := g.world.Block(b[0], b[1], b[2]); id == block.Bedrock {
			return
		}
		g.setBlock(b, block.Air)
	case in.MousePressed[ecs.MouseRight]:
		at := hit.Place()
		id := p.Hotbar[p.Selected]
		if id == block.Air || at[1] < 0 || at[1] >= chunk.Height {
			return
		}
		if cur, _ := g.world.Block(at[0], at[1], at[2]); cur != block.Air && cur != block.Water {
			return
		}
		if id.Solid() && intersects(p.Body.Box(&p.Params), at) {
			return // never entomb the player
		}
		g.setBlock(at, id)
	}
}

func (g *Game) setBlock(at [3]int, id block.ID) {
	if g.world.SetBlock(at[0], at[1], at[2], id) {
		g.edits = append(g.edits, world.Edit{X: at[0], Y: at[1], Z: at[2], ID: id})
	}
}

func intersects(box physics.AABB, b [3]int) bool {
	return box.Max.X > float64(b[0]) && box.Min.X < float64(b[0]+1) &&
		box.Max.Y > float64(b[1]) && box.Min.Y < float64(b[1]+1) &&
		box.Max.Z > float64(b[2]) && box.Min.Z < float64(b[2]+1)
}

// streamChunks uploads the meshes the streamer finished (within its
// per-frame budget) and frees those that went out of range.
func (g *Game) streamChunks(w *ecs.World) {
	pos := g.player.Body.Pos
	fr := g.streamer.Update(pos.X, pos.Z)
	if len(fr.Releases) > 0 || len(fr.Uploads) > 0 {
		g.fogStale = true
	}
	for _, p := range fr.Releases {
		g.dropChunk(p)
	}
	for _, up := range fr.Uploads {
		g.dropChunk(up.Pos)
		ce := &chunkEntities{}
		x, _, z := up.Pos.Origin()
		origin := vmath.Vec3{float32(x), 0, float32(z)}
		for f := range block.Face(6) {
			n := f.Normal()
			for sec := range mesh.Sections {
				quads := up.Mesh.SectionFace(f, sec)
				if len(quads) == 0 {
					continue
				}
				id, err := g.backend.CreateInstancedMesh(g.voxelFm, nil, mesh.QuadIndices, mesh.Bytes(quads))
				if err != nil {
					g.log.Error("chunk mesh: "+err.Error(), "chunk", up.Pos, "face", f, "section", sec)
					continue
				}
				lo, hi, _ := mesh.Bounds(quads)
				// the box of these quads alone: tighter for the frustum,
				// and what decides whether they face the camera
				em := ecsMesh(id, g, vmath.AABB{Min: lo, Max: hi})
				em.Facing = vmath.Vec3{float32(n[0]), float32(n[1]), float32(n[2])}
				ce.opaqueMesh[f][sec] = id
				ce.opaque[f][sec] = w.Spawn(ecs.NewTransform(origin), em,
					ecs.Material{Texture: g.atlas, Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true})
			}
		}
		ce.conn = up.Mesh.Sections.Connectivity
		g.caves.SetChunk(up.Pos, &ce.conn)
		if m := &up.Mesh.Translucent; len(m.Quads) > 0 {
			id, err := g.backend.CreateInstancedMesh(g.voxelFm, nil, mesh.QuadIndices, mesh.Bytes(m.Quads))
			if err != nil {
				g.log.Error("chunk water mesh: "+err.Error(), "chunk", up.Pos)
			} else {
				ce.translucentMesh = id
				lo, hi, _ := mesh.Bounds(m.Quads)
				ce.translucent = w.Spawn(ecs.NewTransform(origin), ecsMesh(id, g, vmath.AABB{Min: lo, Max: hi}),
					ecs.Material{Texture: g.atlas, Color: vmath.Vec4{1, 1, 1, 1}, Transparent: true})
			}
		}
		if b, ok := g.world.Chunk(up.Pos); ok {
			ce.lights = chunkLights(nil, b, up.Pos)
		}
		g.chunks[up.Pos] = ce
		g.streamer.Recycle(up.Mesh)
	}
}

func ecsMesh(id backends.MeshID, g *Game, bounds vmath.AABB) ecs.Mesh {
	return ecs.Mesh{ID: id, Format: g.voxelFm, Bounds: bounds}
}

func (g *Game) dropChunk(p chunk.Pos) {
	ce, ok := g.chunks[p]
	if !ok {
		return
	}
	for f := range ce.opaqueMesh {
		for sec, id := range ce.opaqueMesh[f] {
			if id != 0 {
				g.ecs.Despawn(ce.opaque[f][sec])
				g.backend.DestroyMesh(id)
			}
		}
	}
	g.caves.ForgetChunk(p)
	if ce.translucentMesh != 0 {
		g.ecs.Despawn(ce.translucent)
		g.backend.DestroyMesh(ce.translucentMesh)
	}
	delete(g.chunks, p)
}

// casts reports whether section sec has opaque meshes, which cast shadows.
func (ce *chunkEntities) casts(sec int) bool {
	for f := range ce.opaqueMesh {
		if ce.opaqueMesh[f][sec] != 0 {
			return true
		}
	}
	return false
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// cavesRadius is the cave search's radius for a render distance: every
// chunk the streamer keeps, with a margin.
func cavesRadius(renderDistance int) int { return renderDistance + 2 }

// cullCaves marks the chunk sections that terrain hides from the camera
// this frame (ecs.Mesh.Occluded): the camera passes skip them. Of those,
// it marks the ones whose shadow can fall on no section the camera sees
// (ecs.Mesh.ShadowUnseen): the shadow pass skips them too. It runs once
// the camera is placed and the sun set, and allocates nothing.
func (g *Game) cullCaves(w *ecs.World) {
	if g.opts.NoCaveCulling {
		return
	}
	if r := cavesRadius(g.streamer.RenderDistance()); g.caves.Radius() != r {
		g.caves.SetRadius(r)
		for p, ce := range g.chunks {
			g.caves.SetChunk(p, &ce.conn)
		}
	}
	t, cam := g.hud.camMap.Get(g.camera)
	vp := frame.ViewProj(t.Position, t.Rotation, cam.FovY, frame.Aspect(g.backend), cam.Near, cam.Far)
	view := vmath.FrustumFromMatrix(vp)
	g.caves.Run(t.Position, &view)
	var light vmath.Vec3
	if sun := w.Sun(); sun != nil && sun.CastShadows {
		light = sun.Direction
	}
	// Only sections near the camera are asked whether their shadows are
	// seen: farther ones the shadow pass's own tests leave out, but for
	// what a low sun stretches across the shadow distance, which they keep.
	eye := chunk.PosOf(int(math.Floor(float64(t.Position[0]))), int(math.Floor(float64(t.Position[2]))))
	reach := int32(g.ctx.Env.ShadowDistance/chunk.Size) + 2
	for p, ce := range g.chunks {
		near := light != (vmath.Vec3{}) && abs32(p.X-eye.X) <= reach && abs32(p.Z-eye.Z) <= reach
		for sec := range mesh.Sections {
			hidden := !g.caves.Visible(p, sec)
			unseen := hidden && near && ce.casts(sec) && !g.caves.Shades(p, sec, light)
			if hidden == ce.occluded[sec] && unseen == ce.shadowUnseen[sec] {
				continue
			}
			ce.occluded[sec], ce.shadowUnseen[sec] = hidden, unseen
			for f := range ce.opaque {
				if ce.opaqueMesh[f][sec] != 0 {
					_, m, _ := w.Renderable(ce.opaque[f][sec])
					m.Occluded, m.ShadowUnseen = hidden, unseen
				}
			}
		}
	}
}
