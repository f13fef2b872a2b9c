package model

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/gltftest"
	"github.com/sleakgo/sleak/vmath"
)

func bar(t *testing.T, o gltftest.BarOptions) []byte {
	t.Helper()
	data, err := gltftest.BarGLB(o)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The skin's joints, hierarchy and inverse bind matrices, and the clip's
// channels, come through; the clip's pose moves the bar's tip as the file
// says.
func TestDecodeSkin(t *testing.T) {
	m, err := Decode(bytes.NewReader(bar(t, gltftest.BarOptions{})), nil, "", formats.DefaultLayout())
	if err != nil {
		t.Fatal(err)
	}
	sk := m.Skeleton
	if sk == nil || len(sk.Joints) != 2 || sk.Name != "arm" {
		t.Fatalf("skeleton %+v", sk)
	}
	if sk.Joints[0].Parent != -1 || sk.Joints[1].Parent != 0 || sk.Joints[1].Name != "tip" {
		t.Errorf("joints %+v", sk.Joints)
	}
	if got := sk.Joints[1].InverseBind.MulPoint(vmath.Vec3{0, 1, 0}); got != (vmath.Vec3{}) {
		t.Errorf("tip's inverse bind takes its joint to %v", got)
	}
	if len(m.Clips) != 1 || m.Clips[0].Name != "bend" || m.Clips[0].Duration != 1 || len(m.Clips[0].Channels) != 2 {
		t.Fatalf("clips %+v", m.Clips)
	}
	c := m.Clips[0]
	if c.Channels[0].Path != anim.Rotation || c.Channels[0].Joint != 1 || c.Channels[1].Interp != anim.Step {
		t.Errorf("channels %+v", c.Channels)
	}
	pose := make([]anim.Transform, 2)
	global, palette := make([]vmath.Mat4, 2), make([]vmath.Mat4, 2)
	sk.RestPose(pose)
	c.Sample(1, pose)
	sk.Palette(pose, global, palette)
	// At 1 s the tip has turned 90 degrees about +Z at (1, 1, 0), root
	// having stepped to x = 1: the bar's top end (0, 2, 0) bound to the
	// tip lies at (0, 1, 0).
	top := palette[1].MulPoint(vmath.Vec3{0, 2, 0})
	if want := (vmath.Vec3{0, 1, 0}); top.Sub(want).Len() > 1e-5 {
		t.Errorf("top at %v, want %v", top, want)
	}
}

// A file may list a joint before its parent: the joints keep the file's
// order, which the vertices name, and the skeleton computes them parents
// first, so the bar bends as it does with its joints in the usual order.
func TestDecodeSkinChildFirst(t *testing.T) {
	m, err := Decode(bytes.NewReader(bar(t, gltftest.BarOptions{ChildFirst: true})), nil, "", formats.DefaultLayout())
	if err != nil {
		t.Fatal(err)
	}
	sk := m.Skeleton
	if sk.Joints[0].Name != "tip" || sk.Joints[0].Parent != 1 || !slices.Equal(sk.Order, []int{1, 0}) {
		t.Fatalf("joints %+v, order %v; want tip first, a child of root, computed after it", sk.Joints, sk.Order)
	}
	pose := make([]anim.Transform, 2)
	global, palette := make([]vmath.Mat4, 2), make([]vmath.Mat4, 2)
	sk.RestPose(pose)
	m.Clips[0].Sample(1, pose)
	sk.Palette(pose, global, palette)
	top := palette[0].MulPoint(vmath.Vec3{0, 2, 0}) // bound to tip, joint 0 here
	if want := (vmath.Vec3{0, 1, 0}); top.Sub(want).Len() > 1e-5 {
		t.Errorf("top at %v, want %v", top, want)
	}
}

// Bad skins and channels are refused with the skin and channel named.
func TestDecodeSkinRefusals(t *testing.T) {
	tests := []struct {
		name string
		o    gltftest.BarOptions
		want string
	}{
		{"short times", gltftest.BarOptions{ShortTimes: true}, "mesh bar: skin arm: animation bend: channel 0 (rotation of node 2): 2 values for 1 keys"},
		{"bad joint", gltftest.BarOptions{BadJoint: true}, "mesh bar: skin arm: a vertex is weighted to joint 5 of its 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(bar(t, tc.o)), nil, "", formats.DefaultLayout())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want it to contain %q", err, tc.want)
			}
		})
	}
}
