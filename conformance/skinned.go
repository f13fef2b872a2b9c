package conformance

import (
	"image"
	"slices"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// The skinned scene's bars: a square column barWidth wide, its lower
// segment (y 0 to 1) bound to joint 0 at its foot, its upper one (from
// barWidth/2 below the elbow at y = 1, barArm long) to joint 1 at the
// elbow. The clip bends the elbow 90 degrees about -Z, so the upper
// segment points along +X: an L of two boxes, which the checks' scene copy
// models exactly.
const (
	barWidth = 0.4
	barArm   = 0.9
)

var (
	deferredBarPos   = vmath.Vec3{-0.7, 0, -0.2}
	forwardBarPos    = vmath.Vec3{1.1, 0, 0.4}
	deferredBarColor = vmath.Vec4{0.1, 0.6, 0.15, 1}
	forwardBarColor  = vmath.Vec4{0.1, 0.25, 0.8, 1}
)

// skinned: meshes of the skinned format posed by a clip through the
// animation system, in every pass that draws meshes: a bar bent at its
// elbow shaded deferred (formats.SkinnedLayout) and one shaded forward (the
// same format without its gbuffer stem), both casting their bent shadows.
func skinned(h *harness) {
	forward := *formats.SkinnedLayout()
	forward.Name, forward.GBufferShader = "skinned_forward", ""
	hs := h.open(*formats.SkinnedLayout(), forward)
	h.stage()
	h.skinnedBar("deferred bar", hs[0], deferredBarPos, deferredBarColor)
	forwardBar := h.skinnedBar("forward bar", hs[1], forwardBarPos, forwardBarColor)
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 2, gbuffer: 1, forward: 2})
	if st := h.ctx.Stats; st.Joints != 4 || st.JointsDropped != 0 {
		h.t.Errorf("frame %d uploaded %d joint matrices (%d dropped), want the bars' 4", h.frame, st.Joints, st.JointsDropped)
	}
	h.matchGolden(img)
	h.expectShadow(img, true)
	for _, name := range []string{"deferred bar", "forward bar"} {
		// Posed, the arm is where the bind pose has nothing: its front face
		// shows the bar, and the plane where it alone shades is in shadow.
		lit := mean(img, h.area("the sunlit plane", planeLit))
		if front := mean(img, h.area(name+" arm's +Z face", faceOf(name+" arm", vmath.Vec3{0, 0, 1}))); front.dist(lit) < visible {
			h.t.Errorf("%s is not bent: the arm's front face %v looks like the plane %v", name, front, lit)
		}
		shade := mean(img, h.shadowOf(name+" arm"))
		if shade.luma() > shadowRatio*lit.luma() {
			h.t.Errorf("%s: the plane in the bent arm's shadow has brightness %.3f, the sunlit plane %.3f: the shadow pass does not skin",
				name, shade.luma(), lit.luma())
		}
	}
	h.expectNoAllocations()

	// Made transparent, the forward bar is blended in the transparent pass
	// by the same stem, still bent: its arm's front face is neither what
	// it was opaque nor gone.
	_, _, mat := h.world.Renderable(forwardBar)
	mat.Transparent, mat.Color[3] = true, 0.5
	h.step(2)
	glass := h.pixels()
	h.noErrors()
	h.noDrops()
	h.expectDraws(draws{shadow: 1, gbuffer: 1, forward: 1, transparent: 1})
	face := h.area("forward bar arm's +Z face", faceOf("forward bar arm", vmath.Vec3{0, 0, 1}))
	if opaque, blended := mean(img, face), mean(glass, face); blended.dist(opaque) < visible {
		h.t.Errorf("the transparent bar's arm %v looks as it did opaque %v: it is not blended", blended, opaque)
	} else if blended.dist(mean(glass, h.area("the sunlit plane", planeLit))) < visible {
		h.t.Errorf("the transparent bar's arm %v looks like the plane: it is not drawn bent", blended)
	}
}

// skinnedBar spawns a bent bar of format f at foot, with its skin and an
// animator playing the bend, and adds its two posed boxes to the checks'
// scene copy.
func (h *harness) skinnedBar(name string, f formats.Handle, foot vmath.Vec3, color vmath.Vec4) ecs.Entity {
	var verts []byte
	var idx []uint32
	segment := func(y0, y1 float32, joint int32) {
		c := meshes.Cube(1)
		base := uint32(len(verts) / meshes.VertexSize)
		for i := range c.VertexCount() {
			v := meshes.ReadVertex(c.Vertices, i)
			v.Position = vmath.Vec3{v.Position[0] * barWidth, y0 + (v.Position[1]+0.5)*(y1-y0), v.Position[2] * barWidth}
			v.BoneIDs, v.BoneWeights = [4]int32{joint, 0, 0, 0}, vmath.Vec4{1, 0, 0, 0}
			verts = v.Append(verts)
		}
		for _, ix := range c.Indices {
			idx = append(idx, base+ix)
		}
	}
	segment(0, 1, 0)
	segment(1-barWidth/2, 1+barArm, 1)
	// Bounds hold every pose of the elbow, so culling never cuts the bar.
	bounds := vmath.AABB{Min: vmath.Vec3{-1 - barArm, 0, -barWidth}, Max: vmath.Vec3{1 + barArm, 1 + barArm, barWidth}}
	mesh := h.mesh(f, verts, idx, bounds)
	e := h.world.SpawnSkinned(ecs.NewTransform(foot), mesh, ecs.Material{Color: color, CastShadows: true},
		ecs.NewSkin(barSkeleton()), ecs.Animator{Clip: bendClip(), Speed: 1, Loop: true})
	half := float32(barWidth / 2)
	h.objects = append(h.objects,
		object{name: name, casts: true, box: translate(vmath.AABB{Min: vmath.Vec3{-half, 0, -half}, Max: vmath.Vec3{half, 1, half}}, foot)},
		object{name: name + " arm", casts: true, box: translate(vmath.AABB{Min: vmath.Vec3{-half, 1 - half, -half}, Max: vmath.Vec3{barArm, 1 + half, half}}, foot)},
	)
	return e
}

// barSkeleton is the bar's two joints: the foot at the origin and the
// elbow one unit up, its child.
func barSkeleton() *anim.Skeleton {
	elbow := anim.Identity()
	elbow.Translation = vmath.Vec3{0, 1, 0}
	return &anim.Skeleton{Name: "bar", Joints: []anim.Joint{
		{Name: "foot", Parent: -1, Base: vmath.Ident(), Rest: anim.Identity(), InverseBind: vmath.Ident()},
		{Name: "elbow", Parent: 0, Base: vmath.Ident(), Rest: elbow, InverseBind: vmath.Translate(vmath.Vec3{0, -1, 0})},
	}}
}

// bendClip holds the elbow bent 90 degrees about -Z, the upper segment
// turned from +Y to +X, at every time.
func bendClip() *anim.Clip {
	q := vmath.QuatAxisAngle(vmath.Vec3{0, 0, -1}, vmath.Radians(90))
	return &anim.Clip{Name: "bend", Duration: 1, Channels: []anim.Channel{
		{Joint: 1, Path: anim.Rotation, Interp: anim.Step, Times: []float32{0}, Values: q[:]},
	}}
}

// shadowOf returns the plane's pixels that the named object alone shades.
func (h *harness) shadowOf(name string) []image.Point {
	saved := h.objects
	h.objects = slices.Clone(saved)
	for i := range h.objects {
		h.objects[i].casts = h.objects[i].name == name
	}
	defer func() { h.objects = saved }()
	return h.area("the plane in the shadow of "+name, planeShadow)
}
