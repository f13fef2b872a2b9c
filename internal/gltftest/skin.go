package gltftest

import (
	"bytes"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// BarOptions change the skinned bar file, to test refusals and the
// orders a file may list its joints in.
type BarOptions struct {
	// ChildFirst lists the child joint before its parent (the vertices'
	// joint indices and the inverse bind matrices following), which plays
	// as the default order does.
	ChildFirst bool
	// ShortTimes gives the bend channel one key time fewer than values.
	ShortTimes bool
	// BadJoint weights a vertex to a joint the skin does not have.
	BadJoint bool
}

// BarGLB returns a GLB holding a skinned bar: a square column 0.2 wide from
// y = 0 to y = 2, its bottom ring bound to joint "root" at the origin, its
// middle ring half to each joint and its top ring to joint "tip" at y = 1
// (a child of root). Its animation "bend" turns tip about +Z from no turn
// at 0 s to 90 degrees at 1 s (linear), and steps root to x = 1 at 0.5 s.
func BarGLB(o BarOptions) ([]byte, error) {
	doc := gltf.NewDocument()
	var pos, nrm [][3]float32
	var joints [][4]uint8
	var weights [][4]float32
	corners := [4][2]float32{{-0.1, -0.1}, {0.1, -0.1}, {0.1, 0.1}, {-0.1, 0.1}}
	for ring, y := range []float32{0, 1, 2} {
		for _, c := range corners {
			pos = append(pos, [3]float32{c[0], y, c[1]})
			nrm = append(nrm, [3]float32{c[0] * 10, 0, c[1] * 10})
			switch ring {
			case 0:
				joints, weights = append(joints, [4]uint8{0, 0, 0, 0}), append(weights, [4]float32{1, 0, 0, 0})
			case 1:
				joints, weights = append(joints, [4]uint8{0, 1, 0, 0}), append(weights, [4]float32{0.5, 0.5, 0, 0})
			default:
				joints, weights = append(joints, [4]uint8{1, 0, 0, 0}), append(weights, [4]float32{1, 0, 0, 0})
			}
		}
	}
	if o.ChildFirst {
		for i := range joints {
			for k := range joints[i] {
				if weights[i][k] > 0 {
					joints[i][k] = 1 - joints[i][k]
				}
			}
		}
	}
	if o.BadJoint {
		joints[0][0] = 5
	}
	var idx []uint16
	for ring := uint16(0); ring < 2; ring++ {
		for side := uint16(0); side < 4; side++ {
			a, b := ring*4+side, ring*4+(side+1)%4
			idx = append(idx, a, b, b+4, a, b+4, a+4)
		}
	}
	attrs := gltf.PrimitiveAttributes{
		gltf.POSITION:  modeler.WritePosition(doc, pos),
		gltf.NORMAL:    modeler.WriteNormal(doc, nrm),
		gltf.JOINTS_0:  modeler.WriteJoints(doc, joints),
		gltf.WEIGHTS_0: modeler.WriteWeights(doc, weights),
	}
	prim := &gltf.Primitive{Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Attributes: attrs}
	doc.Meshes = []*gltf.Mesh{{Name: "bar", Primitives: []*gltf.Primitive{prim}}}
	ident := [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	down := ident
	down[3][1] = -1 // column 3: translation by (0, -1, 0)
	binds := [][4][4]float32{ident, down}
	root, tip := 1, 2
	jointNodes := []int{root, tip}
	if o.ChildFirst {
		binds, jointNodes = [][4][4]float32{down, ident}, []int{tip, root}
	}
	ibm := modeler.WriteInverseBindMatrices(doc, binds)
	doc.Nodes = []*gltf.Node{
		{Name: "bar", Mesh: gltf.Index(0), Skin: gltf.Index(0)},
		{Name: "root", Children: []int{tip}},
		{Name: "tip", Translation: [3]float64{0, 1, 0}},
	}
	doc.Scenes[0].Nodes = []int{0, root}
	doc.Skins = []*gltf.Skin{{Name: "arm", Joints: jointNodes, InverseBindMatrices: gltf.Index(ibm)}}
	times := []float32{0, 1}
	if o.ShortTimes {
		times = []float32{0}
	}
	const s = 0.70710678
	bendT := modeler.WriteAccessor(doc, gltf.TargetNone, times)
	bendV := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]float32{{0, 0, 0, 1}, {0, 0, s, s}})
	stepT := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 0.5})
	stepV := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	doc.Animations = []*gltf.Animation{{
		Name: "bend",
		Samplers: []*gltf.AnimationSampler{
			{Input: bendT, Output: bendV, Interpolation: gltf.InterpolationLinear},
			{Input: stepT, Output: stepV, Interpolation: gltf.InterpolationStep},
		},
		Channels: []*gltf.AnimationChannel{
			{Sampler: 0, Target: gltf.AnimationChannelTarget{Node: gltf.Index(tip), Path: gltf.TRSRotation}},
			{Sampler: 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(root), Path: gltf.TRSTranslation}},
		},
	}}
	var out bytes.Buffer
	enc := gltf.NewEncoder(&out)
	enc.AsBinary = true
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
