package ecs

import (
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/vmath"
)

// Skin makes a drawable entity's mesh skinned: each vertex blends up to
// four of the skeleton's joint matrices by its bone ids and weights (the
// default vertex's bone_ids and bone_weights). Make one with NewSkin.
//
// Pose is the joints' local transforms; the animation system
// (systems/animation) samples the entity's Animator into it, and a game may
// set it itself for an entity without one. Joints is the palette computed
// from it each frame, one model-space matrix per joint, that the render
// systems hand to the backend with the entity's draws.
type Skin struct {
	Skeleton *anim.Skeleton
	Pose     []anim.Transform
	Joints   []vmath.Mat4
	global   []vmath.Mat4 // scratch of Update
}

// posedSamples is how many poses along a clip PosedBounds takes.
const posedSamples = 64

// PosedBounds returns culling bounds (Mesh.Bounds) for a mesh of skeleton
// s, with rest-pose bounds rest, that hold it in every pose of clip (nil:
// the rest pose alone). Each vertex is a weighted mean of its joints'
// images of it, so it lies in the box of rest carried by every joint; the
// box is taken over 65 poses evenly along the clip and the rest pose, and
// widened by a tenth for what falls between them. It allocates, so call it
// once, when the entity is made:
//
//	bounds := ecs.PosedBounds(m.Bounds, m.Skeleton, m.Clips[0])
//	world.SpawnSkinned(t, ecs.Mesh{ID: id, Format: h, Bounds: bounds}, mat, ecs.NewSkin(m.Skeleton), animator)
func PosedBounds(rest vmath.AABB, s *anim.Skeleton, clip *anim.Clip) vmath.AABB {
	skin := NewSkin(s)
	out := rest
	grow := func() {
		for _, m := range skin.Joints {
			out = out.Union(rest.Transform(m))
		}
	}
	grow()
	if clip != nil {
		for i := range posedSamples + 1 {
			clip.Sample(clip.Duration*float32(i)/posedSamples, skin.Pose)
			skin.Update()
			grow()
		}
	}
	pad := out.Max.Sub(out.Min).Mul(0.05)
	return vmath.AABB{Min: out.Min.Sub(pad), Max: out.Max.Add(pad)}
}

// NewSkin returns a skin of s in its rest pose, its palette computed.
func NewSkin(s *anim.Skeleton) Skin {
	n := len(s.Joints)
	k := Skin{Skeleton: s, Pose: make([]anim.Transform, n), Joints: make([]vmath.Mat4, n), global: make([]vmath.Mat4, n)}
	s.RestPose(k.Pose)
	k.Update()
	return k
}

// Update computes Joints from Pose. It allocates nothing.
func (k *Skin) Update() {
	if k.Skeleton == nil {
		return
	}
	n := len(k.Skeleton.Joints)
	if len(k.Pose) < n || len(k.Joints) < n {
		return // not made by NewSkin: nothing consistent to compute
	}
	if len(k.global) < n {
		k.global = make([]vmath.Mat4, n)
	}
	k.Skeleton.Palette(k.Pose, k.global, k.Joints)
}

// Animator plays a clip on the entity's Skin.
type Animator struct {
	Clip *anim.Clip
	// Time is how far into the clip the pose is, in seconds.
	Time float32
	// Speed scales the clock: 1 plays the clip as authored, 0 holds the
	// pose, a negative speed plays it backwards.
	Speed float32
	// Loop wraps Time around the clip's duration; otherwise it stops at
	// either end.
	Loop bool
}

// Advance moves Time on by dt seconds times Speed, wrapping or stopping
// at the clip's ends.
func (a *Animator) Advance(dt float32) {
	if a.Clip == nil {
		return
	}
	d := a.Clip.Duration
	t := a.Time + dt*a.Speed
	switch {
	case d <= 0:
		t = 0
	case a.Loop:
		for t >= d {
			t -= d
		}
		for t < 0 {
			t += d
		}
	default:
		t = min(max(t, 0), d)
	}
	a.Time = t
}

// skinAccess is the World's access to skinned entities.
type skinAccess struct {
	spawn     generic.Map5[Transform, Mesh, Material, Skin, Animator]
	skins     Map[Skin]
	animators Map[Animator]
	meshF     *Filter2[Mesh, Skin]
	animF     *Filter2[Animator, Skin]
}

func newSkinAccess(w *arche.World) skinAccess {
	s := skinAccess{
		spawn:     generic.NewMap5[Transform, Mesh, Material, Skin, Animator](w),
		skins:     generic.NewMap[Skin](w),
		animators: generic.NewMap[Animator](w),
		meshF:     generic.NewFilter2[Mesh, Skin](),
		animF:     generic.NewFilter2[Animator, Skin](),
	}
	s.meshF.Register(w)
	s.animF.Register(w)
	return s
}

// SpawnSkinned creates a drawable entity with a skin and an animator (a nil
// Clip plays nothing).
func (w *World) SpawnSkinned(t Transform, m Mesh, mat Material, s Skin, a Animator) Entity {
	return w.skin.spawn.NewWith(&t, &m, &mat, &s, &a)
}

// Skin returns the entity's Skin, or nil.
func (w *World) Skin(e Entity) *Skin {
	if !w.w.Alive(e) || !w.skin.skins.Has(e) {
		return nil
	}
	return w.skin.skins.Get(e)
}

// Animator returns the entity's Animator, or nil.
func (w *World) Animator(e Entity) *Animator {
	if !w.w.Alive(e) || !w.skin.animators.Has(e) {
		return nil
	}
	return w.skin.animators.Get(e)
}

// Skinned iterates the entities with Mesh and Skin; it allocates nothing.
func (w *World) Skinned() Query2[Mesh, Skin] { return w.skin.meshF.Query(&w.w) }

// Animated iterates the entities with Animator and Skin; it allocates
// nothing.
func (w *World) Animated() Query2[Animator, Skin] { return w.skin.animF.Query(&w.w) }
