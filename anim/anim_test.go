package anim

import (
	"math"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/vmath"
)

func twoJoints() *Skeleton {
	return &Skeleton{Name: "arm", Joints: []Joint{
		{Name: "root", Parent: -1, Base: vmath.Ident(), Rest: Identity(), InverseBind: vmath.Ident()},
		{Name: "tip", Parent: 0, Base: vmath.Ident(), Rest: Identity(), InverseBind: vmath.Ident()},
	}}
}

// What Sample and Palette rely on is refused with the joint or channel
// named.
func TestValidate(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name string
		edit func(*Skeleton, *Clip)
		want string
	}{
		{"valid", func(*Skeleton, *Clip) {}, ""},
		{"parent after child", func(s *Skeleton, _ *Clip) { s.Joints[0].Parent = 1 }, "joint 0 (root): parent 1 is not an earlier joint"},
		{"child first with an order", func(s *Skeleton, _ *Clip) {
			s.Joints[0], s.Joints[1] = s.Joints[1], s.Joints[0]
			s.Joints[0].Parent, s.Joints[1].Parent = 1, -1
			s.Order = []int{1, 0}
		}, ""},
		{"order with a child first", func(s *Skeleton, _ *Clip) { s.Order = []int{1, 0} }, "joint 1 (tip): parent 0 is not a joint listed before it in the order"},
		{"order too short", func(s *Skeleton, _ *Clip) { s.Order = []int{0} }, "the order lists 1 joints of 2"},
		{"order repeats a joint", func(s *Skeleton, _ *Clip) { s.Order = []int{0, 0} }, "the order lists joint 0, which is not a joint or is listed twice"},
		{"NaN rest", func(s *Skeleton, _ *Clip) { s.Joints[1].Rest.Scale[1] = nan }, "joint 1 (tip): a transform holds NaN"},
		{"no such joint", func(_ *Skeleton, c *Clip) { c.Channels[0].Joint = 2 }, "clip wave: channel 0 (rotation): joint 2 does not exist"},
		{"short values", func(_ *Skeleton, c *Clip) { c.Channels[0].Values = c.Channels[0].Values[:7] }, "7 values for 2 keys: want 8"},
		{"times not increasing", func(_ *Skeleton, c *Clip) { c.Channels[0].Times[1] = 0 }, "key 1 at 0s does not come after key 0 at 0s"},
		{"past the duration", func(_ *Skeleton, c *Clip) { c.Duration = 0.5 }, "past the clip's duration"},
		{"no keys", func(_ *Skeleton, c *Clip) { c.Channels[0].Times, c.Channels[0].Values = nil, nil }, "no keys"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := twoJoints()
			c := &Clip{Name: "wave", Duration: 1, Channels: []Channel{
				{Joint: 1, Path: Rotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, 0, 0, 1, 0}},
			}}
			tc.edit(s, c)
			err := s.Validate()
			if err == nil {
				err = c.Validate(s)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("err = %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("err = %v; want it to contain %q", err, tc.want)
			}
		})
	}
}

// A clip Validate would refuse samples without a panic.
func TestSampleSkipsBrokenChannels(t *testing.T) {
	pose := make([]Transform, 2)
	c := &Clip{Channels: []Channel{
		{Joint: 5, Path: Translation, Times: []float32{0}, Values: []float32{1, 2, 3}},
		{Joint: 1, Path: Rotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0}},
		{Joint: 0, Path: Scale},
	}}
	c.Sample(0.5, pose)
	if pose[0] != (Transform{}) || pose[1] != (Transform{}) {
		t.Errorf("pose %v", pose)
	}
}
