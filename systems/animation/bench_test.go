package animation

import (
	"fmt"
	"testing"
	"time"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// chain is a skeleton of n joints, each the child of the one before, and
// a clip of ten linear rotation keys on every joint.
func chain(n int) (*anim.Skeleton, *anim.Clip) {
	sk := &anim.Skeleton{Name: "chain"}
	c := &anim.Clip{Name: "wave", Duration: 1}
	times := make([]float32, 10)
	for k := range times {
		times[k] = float32(k) / 9
	}
	for j := range n {
		rest := anim.Identity()
		rest.Translation = vmath.Vec3{0, 0.2, 0}
		sk.Joints = append(sk.Joints, anim.Joint{Parent: j - 1, Base: vmath.Ident(), Rest: rest, InverseBind: vmath.Ident()})
		var vals []float32
		for k := range times {
			q := vmath.QuatAxisAngle(vmath.Vec3{0, 0, 1}, float32(k)*0.05)
			vals = append(vals, q[:]...)
		}
		c.Channels = append(c.Channels, anim.Channel{Joint: j, Path: anim.Rotation, Times: times, Values: vals})
	}
	return sk, c
}

// BenchmarkSystem is one frame of animation: every animator advanced, its
// clip sampled and every palette computed.
func BenchmarkSystem(b *testing.B) {
	for _, tc := range []struct{ entities, joints int }{{1, 32}, {100, 32}, {100, 64}} {
		b.Run(fmt.Sprintf("%d_entities_%d_joints", tc.entities, tc.joints), func(b *testing.B) {
			w := ecs.NewWorld()
			sk, c := chain(tc.joints)
			for range tc.entities {
				w.SpawnSkinned(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{}, ecs.Material{}, ecs.NewSkin(sk),
					ecs.Animator{Clip: c, Speed: 1, Loop: true})
			}
			w.Time.Delta = 16 * time.Millisecond
			b.ReportAllocs()
			for b.Loop() {
				System{}.Update(w)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tc.entities*tc.joints), "ns/joint")
		})
	}
}
