package animation_test

import (
	"fmt"
	"time"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/systems/animation"
	"github.com/sleakgo/sleak/vmath"
)

// A two-joint arm whose elbow a clip turns a quarter about +Z in a second:
// after half a second the hand, bound to the elbow one unit above it, has
// swung 45 degrees. A game loads the skeleton and clips with model.Load
// instead (docs/SKINNING.md).
func Example() {
	elbow := anim.Identity()
	elbow.Translation = vmath.Vec3{0, 1, 0}
	arm := &anim.Skeleton{Name: "arm", Joints: []anim.Joint{
		{Name: "shoulder", Parent: -1, Base: vmath.Ident(), Rest: anim.Identity(), InverseBind: vmath.Ident()},
		{Name: "elbow", Parent: 0, Base: vmath.Ident(), Rest: elbow, InverseBind: vmath.Translate(vmath.Vec3{0, -1, 0})},
	}}
	q := vmath.QuatAxisAngle(vmath.Vec3{0, 0, 1}, vmath.Radians(90))
	bend := &anim.Clip{Name: "bend", Duration: 1, Channels: []anim.Channel{
		{Joint: 1, Path: anim.Rotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, q[0], q[1], q[2], q[3]}},
	}}

	w := ecs.NewWorld()
	e := w.SpawnSkinned(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{}, ecs.Material{}, ecs.NewSkin(arm),
		ecs.Animator{Clip: bend, Speed: 1})
	w.Time.Delta = 500 * time.Millisecond
	animation.System{}.Update(w) // render.Install runs it every frame

	hand := w.Skin(e).Joints[1].MulPoint(vmath.Vec3{0, 2, 0}) // a vertex bound to the elbow
	fmt.Printf("hand at (%.2f, %.2f, %.2f)\n", hand[0], hand[1], hand[2])
	// Output: hand at (-0.71, 1.71, 0.00)
}
