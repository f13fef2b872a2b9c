package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/vmath"
)

// skinOf fills m.Skeleton and m.Clips from the skin of the first node that
// instances mesh mi, if any, and the animations that drive its joints.
// maxJoint is the largest JOINTS_0 value the mesh's vertices weigh.
func (m *Mesh) skinOf(doc *gltf.Document, mi int, maxJoint int) error {
	si := -1
	for _, n := range doc.Nodes {
		if n != nil && n.Mesh != nil && *n.Mesh == mi && n.Skin != nil {
			si = *n.Skin
			break
		}
	}
	if si < 0 {
		return nil
	}
	if si >= len(doc.Skins) || doc.Skins[si] == nil {
		return fmt.Errorf("skin %d does not exist (the file has %d)", si, len(doc.Skins))
	}
	gs := doc.Skins[si]
	label := gs.Name
	if label == "" {
		label = fmt.Sprintf("#%d", si)
	}
	parents, err := nodeParents(doc)
	if err != nil {
		return err
	}
	sk, jointOf, err := skeleton(doc, gs, label, parents)
	if err != nil {
		return fmt.Errorf("skin %s: %w", label, err)
	}
	if maxJoint >= len(sk.Joints) {
		return fmt.Errorf("skin %s: a vertex is weighted to joint %d of its %d", label, maxJoint, len(sk.Joints))
	}
	m.Skeleton = sk
	for ai, ga := range doc.Animations {
		if ga == nil {
			continue
		}
		c, err := clip(doc, ga, ai, jointOf)
		if err != nil {
			return fmt.Errorf("skin %s: %w", label, err)
		}
		if c == nil {
			continue // it drives none of this skin's joints
		}
		if err := c.Validate(sk); err != nil {
			return fmt.Errorf("skin %s: %w", label, err)
		}
		m.Clips = append(m.Clips, c)
	}
	return nil
}

// nodeParents returns each node's parent, -1 for roots, refusing children
// out of range, a node with two parents and cycles.
func nodeParents(doc *gltf.Document) ([]int, error) {
	parents := make([]int, len(doc.Nodes))
	for i := range parents {
		parents[i] = -1
	}
	for i, n := range doc.Nodes {
		if n == nil {
			continue
		}
		for _, c := range n.Children {
			switch {
			case c < 0 || c >= len(doc.Nodes):
				return nil, fmt.Errorf("node %d: child %d does not exist (the file has %d nodes)", i, c, len(doc.Nodes))
			case parents[c] != -1 || c == i:
				return nil, fmt.Errorf("node %d: child %d already has a parent", i, c)
			}
			parents[c] = i
		}
	}
	for i := range parents {
		steps := 0
		for p := parents[i]; p >= 0; p = parents[p] {
			if steps++; steps > len(parents) {
				return nil, fmt.Errorf("node %d: its ancestors form a cycle", i)
			}
		}
	}
	return parents, nil
}

// localTransform is node n's transform as a matrix, and as translation,
// rotation and scale unless the node is placed by a matrix (byMatrix),
// which glTF forbids animating.
func localTransform(n *gltf.Node) (t anim.Transform, m vmath.Mat4, byMatrix bool) {
	if n == nil {
		return anim.Identity(), vmath.Ident(), false
	}
	for k, v := range n.MatrixOrDefault() {
		m[k] = float32(v)
	}
	if m != vmath.Ident() {
		return anim.Identity(), m, true
	}
	t = anim.Identity()
	for k, v := range n.TranslationOrDefault() {
		t.Translation[k] = float32(v)
	}
	for k, v := range n.RotationOrDefault() {
		t.Rotation[k] = float32(v)
	}
	for k, v := range n.ScaleOrDefault() {
		t.Scale[k] = float32(v)
	}
	t.Rotation = t.Rotation.Normalize()
	return t, t.Matrix(), false
}

// skeleton builds the skin's joints in the file's order, which its
// vertices' bone ids name; when that order lists a joint before the joint
// above it, the skeleton's Order lists them parents first.
func skeleton(doc *gltf.Document, gs *gltf.Skin, label string, parents []int) (*anim.Skeleton, map[int]int, error) {
	if len(gs.Joints) == 0 {
		return nil, nil, errors.New("no joints")
	}
	jointOf := make(map[int]int, len(gs.Joints))
	for j, node := range gs.Joints {
		if node < 0 || node >= len(doc.Nodes) || doc.Nodes[node] == nil {
			return nil, nil, fmt.Errorf("joint %d: node %d does not exist (the file has %d nodes)", j, node, len(doc.Nodes))
		}
		if _, dup := jointOf[node]; dup {
			return nil, nil, fmt.Errorf("joint %d: node %d is already a joint of the skin", j, node)
		}
		jointOf[node] = j
	}
	ibm := make([]vmath.Mat4, len(gs.Joints))
	for j := range ibm {
		ibm[j] = vmath.Ident()
	}
	if gs.InverseBindMatrices != nil {
		acr, err := accessor(doc, *gs.InverseBindMatrices)
		if err != nil {
			return nil, nil, fmt.Errorf("inverse bind matrices: %w", err)
		}
		if acr.Type != gltf.AccessorMat4 || acr.ComponentType != gltf.ComponentFloat {
			return nil, nil, fmt.Errorf("inverse bind matrices: accessor %d holds %v of %v; want MAT4 of float", *gs.InverseBindMatrices, acr.Type, acr.ComponentType)
		}
		if acr.Count < len(gs.Joints) {
			return nil, nil, fmt.Errorf("inverse bind matrices: %d for %d joints", acr.Count, len(gs.Joints))
		}
		mats, err := modeler.ReadInverseBindMatrices(doc, acr, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("inverse bind matrices: %w", err)
		}
		for j := range ibm {
			for c := range 4 {
				for r := range 4 {
					ibm[j][c*4+r] = mats[j][c][r]
				}
			}
		}
	}
	sk := &anim.Skeleton{Name: label, Joints: make([]anim.Joint, len(gs.Joints))}
	for j, node := range gs.Joints {
		n := doc.Nodes[node]
		rest, mat, byMatrix := localTransform(n)
		// The nodes between the joint and the joint above it (or the scene
		// root) are fixed: their product is the joint's Base, and so is a
		// joint's own matrix, which no channel may drive.
		base := vmath.Ident()
		parent := -1
		for p := parents[node]; p >= 0; p = parents[p] {
			if pj, ok := jointOf[p]; ok {
				parent = pj
				break
			}
			_, pm, _ := localTransform(doc.Nodes[p])
			base = pm.Mul(base)
		}
		if byMatrix {
			base = base.Mul(mat)
		}
		sk.Joints[j] = anim.Joint{Name: n.Name, Parent: parent, Base: base, Rest: rest, InverseBind: ibm[j]}
	}
	sk.Order = parentsFirst(sk.Joints)
	if err := sk.Validate(); err != nil {
		return nil, nil, err
	}
	return sk, jointOf, nil
}

// parentsFirst returns the joints' indices with every parent before its
// children, or nil when the joints are in such an order already. The
// joints come from one node tree (nodeParents refused cycles), so every
// pass over them places at least one; were it not so, the order would be
// short, and Skeleton.Validate refuses it.
func parentsFirst(joints []anim.Joint) []int {
	ordered := true
	for i := range joints {
		ordered = ordered && joints[i].Parent < i
	}
	if ordered {
		return nil
	}
	order := make([]int, 0, len(joints))
	placed := make([]bool, len(joints))
	for len(order) < len(joints) {
		n := len(order)
		for i := range joints {
			if p := joints[i].Parent; !placed[i] && (p < 0 || placed[p]) {
				placed[i] = true
				order = append(order, i)
			}
		}
		if len(order) == n {
			break // not a tree: Skeleton.Validate refuses the short order
		}
	}
	return order
}

// clip converts the channels of animation ga that drive joints of the skin
// (jointOf maps their nodes), or returns nil when it drives none. Morph
// target weights are not animated. CUBICSPLINE keys are blended linearly
// between their values, their tangents ignored.
func clip(doc *gltf.Document, ga *gltf.Animation, ai int, jointOf map[int]int) (*anim.Clip, error) {
	name := ga.Name
	if name == "" {
		name = fmt.Sprintf("#%d", ai)
	}
	c := &anim.Clip{Name: name}
	for ci, gc := range ga.Channels {
		if gc == nil || gc.Target.Node == nil || gc.Target.Path == gltf.TRSWeights {
			continue
		}
		j, ok := jointOf[*gc.Target.Node]
		if !ok {
			continue
		}
		ch, err := channel(doc, ga, gc, j)
		if err != nil {
			return nil, fmt.Errorf("animation %s: channel %d (%v of node %d): %w", name, ci, gc.Target.Path, *gc.Target.Node, err)
		}
		c.Duration = max(c.Duration, ch.Times[len(ch.Times)-1])
		c.Channels = append(c.Channels, ch)
	}
	if len(c.Channels) == 0 {
		return nil, nil
	}
	return c, nil
}

func channel(doc *gltf.Document, ga *gltf.Animation, gc *gltf.AnimationChannel, joint int) (anim.Channel, error) {
	ch := anim.Channel{Joint: joint}
	switch gc.Target.Path {
	case gltf.TRSTranslation:
		ch.Path = anim.Translation
	case gltf.TRSRotation:
		ch.Path = anim.Rotation
	case gltf.TRSScale:
		ch.Path = anim.Scale
	default:
		return ch, fmt.Errorf("unknown path %v", gc.Target.Path)
	}
	if gc.Sampler < 0 || gc.Sampler >= len(ga.Samplers) || ga.Samplers[gc.Sampler] == nil {
		return ch, fmt.Errorf("sampler %d does not exist (the animation has %d)", gc.Sampler, len(ga.Samplers))
	}
	s := ga.Samplers[gc.Sampler]
	cubic := false
	switch s.Interpolation {
	case gltf.InterpolationLinear:
	case gltf.InterpolationStep:
		ch.Interp = anim.Step
	case gltf.InterpolationCubicSpline:
		cubic = true
	default:
		return ch, fmt.Errorf("unknown interpolation %v", s.Interpolation)
	}
	in, err := floats(doc, s.Input, gltf.AccessorScalar)
	if err != nil {
		return ch, fmt.Errorf("key times: %w", err)
	}
	want := gltf.AccessorVec3
	if ch.Path == anim.Rotation {
		want = gltf.AccessorVec4
	}
	out, err := floats(doc, s.Output, want)
	if err != nil {
		return ch, fmt.Errorf("key values: %w", err)
	}
	width := 3
	if want == gltf.AccessorVec4 {
		width = 4
	}
	if cubic {
		// In-tangent, value, out-tangent per key: keep the values.
		if len(out) != 3*width*len(in) {
			return ch, fmt.Errorf("%d cubic spline values for %d keys: want %d", len(out)/width, len(in), 3*len(in))
		}
		vals := make([]float32, 0, width*len(in))
		for k := range in {
			vals = append(vals, out[(3*k+1)*width:(3*k+2)*width]...)
		}
		out = vals
	}
	if len(out) != width*len(in) {
		return ch, fmt.Errorf("%d values for %d keys", len(out)/width, len(in))
	}
	if ch.Path == anim.Rotation {
		for k := 0; k < len(out); k += 4 {
			q := vmath.Quat(out[k : k+4]).Normalize()
			copy(out[k:k+4], q[:])
		}
	}
	ch.Times, ch.Values = in, out
	return ch, nil
}

// floats reads accessor i, of type want and float components, as a flat
// slice.
func floats(doc *gltf.Document, i int, want gltf.AccessorType) ([]float32, error) {
	acr, err := accessor(doc, i)
	if err != nil {
		return nil, err
	}
	if acr.Type != want || acr.ComponentType != gltf.ComponentFloat {
		return nil, fmt.Errorf("accessor %d holds %v of %v; want %v of float", i, acr.Type, acr.ComponentType, want)
	}
	if acr.Count == 0 {
		return nil, fmt.Errorf("accessor %d is empty", i)
	}
	v, err := modeler.ReadAccessor(doc, acr, nil)
	if err != nil {
		return nil, fmt.Errorf("accessor %d: %w", i, err)
	}
	var out []float32
	switch v := v.(type) {
	case []float32:
		out = v
	case [][3]float32:
		out = make([]float32, 0, 3*len(v))
		for _, e := range v {
			out = append(out, e[:]...)
		}
	case [][4]float32:
		out = make([]float32, 0, 4*len(v))
		for _, e := range v {
			out = append(out, e[:]...)
		}
	default:
		return nil, fmt.Errorf("accessor %d: unexpected data %T", i, v)
	}
	for _, x := range out {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("accessor %d holds NaN or infinity", i)
		}
	}
	return out, nil
}
