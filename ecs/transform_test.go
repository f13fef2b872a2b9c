package ecs

import (
	"math"
	"testing"

	"github.com/sleakgo/sleak/vmath"
)

// Sync derives World and Bounds again exactly when an input or the local
// bounds changed since the last Sync, and Stale says so beforehand: every
// word of the eight Stale compares is changed in turn.
func TestStaleAndSync(t *testing.T) {
	local := vmath.AABB{Min: vmath.Vec3{-1, -2, -3}, Max: vmath.Vec3{1, 2, 3}}
	tests := []struct {
		name   string
		change func(*Transform, *vmath.AABB)
	}{
		{"position x", func(t *Transform, _ *vmath.AABB) { t.Position[0] += 1 }},
		{"position z", func(t *Transform, _ *vmath.AABB) { t.Position[2] -= 2 }},
		{"rotation", func(t *Transform, _ *vmath.AABB) { t.Rotation = vmath.QuatAxisAngle(vmath.Vec3{0, 1, 0}, 0.5) }},
		{"rotation w", func(t *Transform, _ *vmath.AABB) { t.Rotation[3] = 0.5 }},
		{"scale x", func(t *Transform, _ *vmath.AABB) { t.Scale[0] = 2 }},
		{"scale z", func(t *Transform, _ *vmath.AABB) { t.Scale[2] = 3 }},
		{"local min", func(_ *Transform, b *vmath.AABB) { b.Min[0] = -5 }},
		{"local max z", func(_ *Transform, b *vmath.AABB) { b.Max[2] = 7 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, b := NewTransform(vmath.Vec3{4, 5, 6}), local
			if !tr.Stale(&b) {
				t.Fatal("a Transform never synced is not stale")
			}
			tr.Sync(&b)
			if tr.Stale(&b) {
				t.Fatal("stale right after Sync")
			}
			tc.change(&tr, &b)
			if !tr.Stale(&b) {
				t.Fatal("not stale after the change")
			}
			tr.Sync(&b)
			if tr.Stale(&b) {
				t.Fatal("stale after the change's Sync")
			}
			if want := vmath.TRS(tr.Position, tr.Rotation, tr.Scale); tr.World != want {
				t.Errorf("World %v, want %v", tr.World, want)
			}
			if want := b.Transform(tr.World); tr.Bounds != want {
				t.Errorf("Bounds %v, want %v", tr.Bounds, want)
			}
		})
	}
}

// A NaN input counts as unchanged once synced, rather than as a change
// every frame (NaN != NaN).
func TestStaleWithANaNInput(t *testing.T) {
	tr, b := NewTransform(vmath.Vec3{float32(math.NaN()), 0, 0}), vmath.AABB{Max: vmath.Vec3{1, 1, 1}}
	tr.Sync(&b)
	if tr.Stale(&b) {
		t.Fatal("a synced Transform with a NaN position is stale")
	}
}
