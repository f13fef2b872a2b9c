// Package animation plays skeletal animation: each frame it advances every
// entity's ecs.Animator by the frame's time, samples its clip into the
// entity's ecs.Skin pose over the skeleton's rest pose, and computes the
// joint palette of every skinned mesh, which the render systems then hand
// to the backend with its draws (docs/SKINNING.md).
//
// render.Install adds the System to the LateUpdate stage, after the game's
// own systems have chosen clips and set poses, and before the frame is
// drawn. It allocates nothing.
package animation

import "github.com/sleakgo/sleak/ecs"

// System advances animators and writes each skinned entity's joints.
type System struct{}

// Update advances every animator by the frame's Time.Delta, then
// recomputes every skinned mesh's palette: the posed ones and the ones
// whose Pose the game set.
func (System) Update(w *ecs.World) {
	dt := float32(w.Time.Delta.Seconds())
	q := w.Animated()
	for q.Next() {
		a, s := q.Get()
		if a.Clip == nil || s.Skeleton == nil || len(s.Pose) < len(s.Skeleton.Joints) {
			continue
		}
		a.Advance(dt)
		s.Skeleton.RestPose(s.Pose)
		a.Clip.Sample(a.Time, s.Pose)
	}
	sq := w.Skinned()
	for sq.Next() {
		_, s := sq.Get()
		s.Update()
	}
}
