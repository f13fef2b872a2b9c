package game

import (
	"bytes"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// Torches and the other light-giving blocks shine as point lights. Only the
// nearest few are lit, to keep the frame's light grid small, and only
// those within reach of the eye: a light's reach is ten blocks, so one
// farther than that lights nothing the player stands near.
const (
	// MaxTorchLights is how many block lights a frame shades at most.
	MaxTorchLights = 16
	// torchReach is how far from the eye, in blocks, a light-giving block
	// may be to be lit.
	torchReach = 40
)

// blockLight is one light-giving block of a chunk: the centre of the block
// in world space and its kind.
type blockLight struct {
	pos vmath.Vec3
	id  block.ID
}

// torchLights is the pool of point light entities the block lights are
// shown with: spawned once, moved to the nearest blocks every frame, the
// ones not needed given no intensity (the frame skips those).
type torchLights struct {
	entities [MaxTorchLights]ecs.Entity
	lights   ecs.Map2[ecs.Transform, ecs.PointLight]
	near     [MaxTorchLights]torchPick // this frame's nearest, nearest first
	lit      int                       // how many of near are set
}

type torchPick struct {
	d2 float32
	l  blockLight
}

func (t *torchLights) init(w *ecs.World) {
	t.lights = ecs.NewMap2[ecs.Transform, ecs.PointLight](w)
	for i := range t.entities {
		t.entities[i] = w.SpawnPointLight(ecs.NewTransform(vmath.Vec3{}), ecs.PointLight{})
	}
}

// chunkLights appends to dst the light-giving blocks of the chunk at pos.
// Block kinds are bytes, so each lit kind is found with a byte search of
// the chunk (256 KiB), which costs microseconds.
func chunkLights(dst []blockLight, b *chunk.Blocks, pos chunk.Pos) []blockLight {
	ox, _, oz := pos.Origin()
	for _, id := range block.Lit {
		for at := 0; ; at++ {
			i := bytes.IndexByte(b[at:], byte(id))
			if i < 0 {
				break
			}
			at += i
			y := at & (chunk.Height - 1)
			col := at >> chunk.HeightShift
			x, z := col&(chunk.Size-1), col>>chunk.SizeShift
			dst = append(dst, blockLight{
				pos: vmath.Vec3{float32(ox+x) + 0.5, float32(y) + 0.5, float32(oz+z) + 0.5},
				id:  id,
			})
		}
	}
	return dst
}

// lightTorches lights the light-giving blocks nearest the eye, up to
// MaxTorchLights within torchReach, through the pool's point lights.
func (g *Game) lightTorches(w *ecs.World) {
	t := &g.torches
	eye := g.player.Body.Eye(&g.player.Params)
	e := vmath.Vec3{float32(eye.X), float32(eye.Y), float32(eye.Z)}
	t.lit = 0
	for _, ce := range g.chunks {
		for _, l := range ce.lights {
			d := l.pos.Sub(e)
			d2 := d.Dot(d)
			if d2 > torchReach*torchReach || (t.lit == MaxTorchLights && d2 >= t.near[t.lit-1].d2) {
				continue
			}
			// Insert in distance order, dropping the farthest when full.
			i := min(t.lit, MaxTorchLights-1)
			for i > 0 && t.near[i-1].d2 > d2 {
				t.near[i] = t.near[i-1]
				i--
			}
			t.near[i] = torchPick{d2, l}
			t.lit = min(t.lit+1, MaxTorchLights)
		}
	}
	for i, ent := range t.entities {
		tr, pl := t.lights.Get(ent)
		if i >= t.lit {
			pl.Intensity = 0
			continue
		}
		l := &t.near[i].l
		info := l.id.Info()
		tr.Position = l.pos
		*pl = ecs.PointLight{Color: vmath.Vec3(info.LightColor), Intensity: 1, Range: info.Light}
	}
}

// TorchLights returns how many block lights the last frame lit.
func (g *Game) TorchLights() int { return g.torches.lit }
