package animation

import (
	"testing"
	"time"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// arm is two joints: root at the origin and tip one unit up, its child,
// bound so that the bind pose is the rest pose.
func arm() *anim.Skeleton {
	rest := anim.Identity()
	tip := anim.Identity()
	tip.Translation = vmath.Vec3{0, 1, 0}
	return &anim.Skeleton{Name: "arm", Joints: []anim.Joint{
		{Name: "root", Parent: -1, Base: vmath.Ident(), Rest: rest, InverseBind: vmath.Ident()},
		{Name: "tip", Parent: 0, Base: vmath.Ident(), Rest: tip, InverseBind: vmath.Translate(vmath.Vec3{0, -1, 0})},
	}}
}

// bend turns tip from 0 to 90 degrees about +Z over a second (linear) and
// steps root to x = 2 at 0.75 s.
func bend() *anim.Clip {
	q := quarter()
	return &anim.Clip{Name: "bend", Duration: 1, Channels: []anim.Channel{
		{Joint: 1, Path: anim.Rotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, q[0], q[1], q[2], q[3]}},
		{Joint: 0, Path: anim.Translation, Interp: anim.Step, Times: []float32{0, 0.75}, Values: []float32{0, 0, 0, 2, 0, 0}},
	}}
}

func quarter() vmath.Quat { return vmath.QuatAxisAngle(vmath.Vec3{0, 0, 1}, vmath.Radians(90)) }

func near(a, b vmath.Vec3) bool { return a.Sub(b).Len() < 1e-4 }

// The system advances the clock, samples linear and step channels and
// carries the parent's motion down to the child: the point at the tip's
// end (0, 2, 0 in bind space) turns about the tip joint and moves with the
// root.
func TestSystemPosesTheHierarchy(t *testing.T) {
	tests := []struct {
		name  string
		after time.Duration
		loop  bool
		speed float32
		turn  float32 // how far the rotation key blend has gone, 0..1
		root  float32 // the root's x
	}{
		{"rest", 0, false, 1, 0, 0},
		{"linear halfway", 500 * time.Millisecond, false, 1, 0.5, 0},
		{"before the step", 740 * time.Millisecond, false, 1, 0.74, 0},
		{"after the step", 760 * time.Millisecond, false, 1, 0.76, 2},
		{"twice as fast", 250 * time.Millisecond, false, 2, 0.5, 0},
		{"held at the end", 3 * time.Second, false, 1, 1, 2},
		{"looped", 1500 * time.Millisecond, true, 1, 0.5, 0},
		{"backwards, held at the start", time.Second, false, -1, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := ecs.NewWorld()
			e := w.SpawnSkinned(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{}, ecs.Material{}, ecs.NewSkin(arm()),
				ecs.Animator{Clip: bend(), Speed: tc.speed, Loop: tc.loop})
			w.Time.Delta = tc.after
			System{}.Update(w)
			r := vmath.QuatIdent().Nlerp(quarter(), tc.turn)
			want := vmath.Vec3{tc.root, 1, 0}.Add(r.Rotate(vmath.Vec3{0, 1, 0}))
			skin := w.Skin(e)
			if got := skin.Joints[1].MulPoint(vmath.Vec3{0, 2, 0}); !near(got, want) {
				t.Errorf("tip end at %v, want %v (time %v)", got, want, w.Animator(e).Time)
			}
			if got := skin.Joints[0].MulPoint(vmath.Vec3{}); !near(got, vmath.Vec3{tc.root, 0, 0}) {
				t.Errorf("root at %v, want x = %v", got, tc.root)
			}
		})
	}
	// The blend is along the arc: halfway is 45 degrees.
	if h := vmath.QuatIdent().Nlerp(quarter(), 0.5).Rotate(vmath.Vec3{0, 1, 0}); !near(h, vmath.Vec3{-0.70710678, 0.70710678, 0}) {
		t.Errorf("halfway turns +Y to %v", h)
	}
}

// A skin without an animator keeps the pose the game sets.
func TestSystemUsesTheGamesPose(t *testing.T) {
	w := ecs.NewWorld()
	e := w.SpawnSkinned(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{}, ecs.Material{}, ecs.NewSkin(arm()), ecs.Animator{})
	w.Skin(e).Pose[0].Translation = vmath.Vec3{0, 0, 3}
	System{}.Update(w)
	if got := w.Skin(e).Joints[1].MulPoint(vmath.Vec3{0, 2, 0}); !near(got, vmath.Vec3{0, 2, 3}) {
		t.Errorf("tip end at %v", got)
	}
}

// A frame of animation allocates nothing.
func TestSystemAllocatesNothing(t *testing.T) {
	w := ecs.NewWorld()
	for range 50 {
		w.SpawnSkinned(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{}, ecs.Material{}, ecs.NewSkin(arm()),
			ecs.Animator{Clip: bend(), Speed: 1, Loop: true})
	}
	w.Time.Delta = 16 * time.Millisecond
	if n := testing.AllocsPerRun(100, func() { System{}.Update(w) }); n != 0 {
		t.Errorf("%v allocations a frame", n)
	}
}
