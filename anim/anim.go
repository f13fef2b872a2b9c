// Package anim is the data of skeletal animation: a Skeleton (joints, their
// hierarchy, rest pose and inverse bind matrices), Clips of keyframed
// translation, rotation and scale channels, and the two steps a frame
// takes with them: Clip.Sample writes a clip's pose at a time into a
// joint pose, and Skeleton.Palette turns a pose into the joint matrices a
// skinned vertex shader blends (docs/SKINNING.md).
//
// Both steps allocate nothing: the caller owns the pose and palette
// slices (ecs.Skin holds them for an entity), so a frame of animation
// costs arithmetic only.
package anim

import (
	"errors"
	"fmt"
	"math"

	"github.com/sleakgo/sleak/vmath"
)

// Transform is a joint's local transform: translation, rotation, scale,
// applied scale first.
type Transform struct {
	Translation vmath.Vec3
	Rotation    vmath.Quat
	Scale       vmath.Vec3
}

// Identity is the transform that changes nothing.
func Identity() Transform {
	return Transform{Rotation: vmath.QuatIdent(), Scale: vmath.Vec3{1, 1, 1}}
}

// Matrix returns the transform as a matrix (translate * rotate * scale).
func (t *Transform) Matrix() vmath.Mat4 { return vmath.TRS(t.Translation, t.Rotation, t.Scale) }

// Joint is one joint of a skeleton.
type Joint struct {
	Name string
	// Parent is the index of the parent joint, always below the joint's
	// own, or -1 for a root.
	Parent int
	// Base is the fixed transform between the parent joint (or, for a
	// root, the model's origin) and the joint's own: the nodes in between,
	// which no channel animates. Usually the identity.
	Base vmath.Mat4
	// Rest is the joint's local transform when no clip moves it.
	Rest Transform
	// InverseBind takes the mesh's bind space to the joint's space.
	InverseBind vmath.Mat4
}

// Skeleton is the joints that skin a mesh. Vertex bone id i names
// Joints[i].
type Skeleton struct {
	Name   string
	Joints []Joint
	// Order lists every joint's index once, each after its parent's: the
	// order Palette computes them in. nil is Joints' own order, which must
	// then list parents first. (A glTF file may list a skin's joints in
	// any order; the model loader keeps the file's, which the vertices'
	// bone ids name, and sets Order.)
	Order []int
}

// Validate checks what Palette relies on: every parent computed before its
// children, finite matrices and transforms.
func (s *Skeleton) Validate() error {
	if len(s.Joints) == 0 {
		return errors.New("the skeleton has no joints")
	}
	if s.Order != nil {
		if len(s.Order) != len(s.Joints) {
			return fmt.Errorf("the order lists %d joints of %d", len(s.Order), len(s.Joints))
		}
		done := make([]bool, len(s.Joints))
		for _, i := range s.Order {
			if i < 0 || i >= len(s.Joints) || done[i] {
				return fmt.Errorf("the order lists joint %d, which is not a joint or is listed twice", i)
			}
			if p := s.Joints[i].Parent; p < -1 || p >= len(s.Joints) || (p >= 0 && !done[p]) {
				return fmt.Errorf("joint %d (%s): parent %d is not a joint listed before it in the order", i, s.Joints[i].Name, p)
			}
			done[i] = true
		}
	}
	for i := range s.Joints {
		j := &s.Joints[i]
		if s.Order == nil && (j.Parent < -1 || j.Parent >= i) {
			return fmt.Errorf("joint %d (%s): parent %d is not an earlier joint", i, j.Name, j.Parent)
		}
		if !finite(j.Base[:]) || !finite(j.InverseBind[:]) || !finite(j.Rest.Translation[:]) ||
			!finite(j.Rest.Rotation[:]) || !finite(j.Rest.Scale[:]) {
			return fmt.Errorf("joint %d (%s): a transform holds NaN or infinity", i, j.Name)
		}
	}
	return nil
}

// RestPose writes the skeleton's rest transforms into pose, which has a
// transform per joint.
func (s *Skeleton) RestPose(pose []Transform) {
	for i := range s.Joints {
		pose[i] = s.Joints[i].Rest
	}
}

// Palette computes the joint matrices of a pose: for joint i,
// global(i) * InverseBind(i), where global(i) is global(parent) * Base *
// pose[i] up the hierarchy, computed in Order. global is scratch space of a matrix per joint; pose, global and
// out all have len(s.Joints) entries.
func (s *Skeleton) Palette(pose []Transform, global, out []vmath.Mat4) {
	ident := vmath.Ident()
	for k := range s.Joints {
		i := k
		if s.Order != nil {
			i = s.Order[k]
		}
		j := &s.Joints[i]
		g := pose[i].Matrix()
		if j.Base != ident { // usually it is: skip a product
			g = j.Base.Mul(g)
		}
		if j.Parent >= 0 {
			g = global[j.Parent].Mul(g)
		}
		global[i] = g
		out[i] = global[i].Mul(j.InverseBind)
	}
}

// Path is the part of a joint's transform a channel drives.
type Path uint8

// The paths a channel can drive.
const (
	Translation Path = iota
	Rotation
	Scale
)

func (p Path) String() string {
	switch p {
	case Translation:
		return "translation"
	case Rotation:
		return "rotation"
	case Scale:
		return "scale"
	}
	return fmt.Sprintf("path(%d)", p)
}

// width is how many floats a key of the path holds.
func (p Path) width() int {
	if p == Rotation {
		return 4
	}
	return 3
}

// Interpolation is how a channel goes from one key to the next.
type Interpolation uint8

// The interpolations: Linear blends (rotations along the shorter arc),
// Step holds each key until the next.
const (
	Linear Interpolation = iota
	Step
)

func (i Interpolation) String() string {
	if i == Step {
		return "step"
	}
	return "linear"
}

// Channel is the keys of one path of one joint.
type Channel struct {
	Joint  int
	Path   Path
	Interp Interpolation
	// Times are the keys' times in seconds, increasing.
	Times []float32
	// Values are the keys, Path's width of floats each (xyz, or a
	// rotation's xyzw).
	Values []float32
}

// Clip is an animation: channels over a span of Duration seconds.
type Clip struct {
	Name     string
	Duration float32 // the last key's time
	Channels []Channel
}

// Validate checks the clip against the skeleton it animates: each
// channel's joint exists, its times are finite and increasing, and it has a
// value of its path's width for every time. Errors name the channel.
func (c *Clip) Validate(s *Skeleton) error {
	for i := range c.Channels {
		ch := &c.Channels[i]
		if err := ch.validate(len(s.Joints)); err != nil {
			return fmt.Errorf("clip %s: channel %d (%s): %w", c.Name, i, ch.Path, err)
		}
		if ch.Times[len(ch.Times)-1] > c.Duration {
			return fmt.Errorf("clip %s: channel %d (%s): a key at %gs is past the clip's duration %gs", c.Name, i, ch.Path, ch.Times[len(ch.Times)-1], c.Duration)
		}
	}
	return nil
}

func (ch *Channel) validate(joints int) error {
	if ch.Joint < 0 || ch.Joint >= joints {
		return fmt.Errorf("joint %d does not exist (the skeleton has %d)", ch.Joint, joints)
	}
	if ch.Path > Scale {
		return fmt.Errorf("unknown path %d", ch.Path)
	}
	if ch.Interp > Step {
		return fmt.Errorf("unknown interpolation %d", ch.Interp)
	}
	if len(ch.Times) == 0 {
		return errors.New("no keys")
	}
	if want := len(ch.Times) * ch.Path.width(); len(ch.Values) != want {
		return fmt.Errorf("%d values for %d keys: want %d", len(ch.Values), len(ch.Times), want)
	}
	if !finite(ch.Times) || !finite(ch.Values) {
		return errors.New("a key holds NaN or infinity")
	}
	if ch.Times[0] < 0 {
		return fmt.Errorf("the first key is at %gs, before the start", ch.Times[0])
	}
	for k := 1; k < len(ch.Times); k++ {
		if ch.Times[k] <= ch.Times[k-1] {
			return fmt.Errorf("key %d at %gs does not come after key %d at %gs", k, ch.Times[k], k-1, ch.Times[k-1])
		}
	}
	return nil
}

// Sample writes the clip's pose at time t (seconds, clamped to the clip)
// into pose, over what is there: joints and paths no channel drives keep
// their transforms, so a caller starts from the rest pose.
func (c *Clip) Sample(t float32, pose []Transform) {
	for i := range c.Channels {
		ch := &c.Channels[i]
		if ch.Joint < 0 || ch.Joint >= len(pose) || len(ch.Times) == 0 || len(ch.Values) < len(ch.Times)*ch.Path.width() {
			continue // a clip Validate would refuse: nothing safe to sample
		}
		p := &pose[ch.Joint]
		switch ch.Path {
		case Translation:
			p.Translation = ch.vec3(t)
		case Scale:
			p.Scale = ch.vec3(t)
		case Rotation:
			p.Rotation = ch.quat(t)
		}
	}
}

// keys returns the keys around t and how far t is from the first to the
// second (0 for Step, and outside the keys).
func (ch *Channel) keys(t float32) (a, b int, f float32) {
	n := len(ch.Times)
	if t <= ch.Times[0] {
		return 0, 0, 0
	}
	if t >= ch.Times[n-1] {
		return n - 1, n - 1, 0
	}
	// Binary search for the last key at or before t.
	lo, hi := 0, n-1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if ch.Times[mid] <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	if ch.Interp == Step {
		return lo, lo, 0
	}
	return lo, hi, (t - ch.Times[lo]) / (ch.Times[hi] - ch.Times[lo])
}

func (ch *Channel) vec3(t float32) vmath.Vec3 {
	a, b, f := ch.keys(t)
	va := vmath.Vec3(ch.Values[3*a : 3*a+3])
	vb := vmath.Vec3(ch.Values[3*b : 3*b+3])
	return va.Lerp(vb, f)
}

func (ch *Channel) quat(t float32) vmath.Quat {
	a, b, f := ch.keys(t)
	qa := vmath.Quat(ch.Values[4*a : 4*a+4])
	qb := vmath.Quat(ch.Values[4*b : 4*b+4])
	return qa.Nlerp(qb, f)
}

func finite(v []float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}
