package ecs_test

import (
	"testing"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// PosedBounds holds the mesh in every pose of the clip: an arm from y 0 to
// 2 whose upper half bends 90 degrees about its elbow reaches out to x -1.
func TestPosedBounds(t *testing.T) {
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
	rest := vmath.AABB{Min: vmath.Vec3{-0.1, 0, -0.1}, Max: vmath.Vec3{0.1, 2, 0.1}}
	tests := []struct {
		name string
		clip *anim.Clip
		want []vmath.Vec3 // points the box must hold
	}{
		{"rest pose", nil, []vmath.Vec3{{0, 0, 0}, {0, 2, 0}}},
		{"bending", bend, []vmath.Vec3{{0, 2, 0}, {-1, 1, 0}, {-0.7, 1.7, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := ecs.PosedBounds(rest, arm, tt.clip)
			for _, p := range tt.want {
				for i := range 3 {
					if p[i] < b.Min[i] || p[i] > b.Max[i] {
						t.Errorf("bounds %v do not hold %v", b, p)
						break
					}
				}
			}
		})
	}
}
