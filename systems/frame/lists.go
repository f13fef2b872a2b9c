package frame

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// A draw list is a slice of packed keys. The low indexBits bits of a key
// index the frame's draw records (drawLists.draws), shared by every pass
// that draws the entity; the bits above order the pass: pipeline, texture
// and then a coarse distance, near first, in the opaque passes (so that
// the depth test rejects hidden fragments before they are shaded), the
// distance far first in the transparent one. Sorting
// 8-byte keys instead of whole draws is what keeps a list cheap to order,
// and appending in entity order makes equal keys come out in a stable order.
const (
	indexBits = 24
	indexMask = 1<<indexBits - 1
	// MaxDraws is how many entities one frame draws at most; those past it
	// are left out and logged once.
	MaxDraws = indexMask

	depthShift = 32 // transparent keys: distance in the high 32 bits

	farPlane = 5 // in vmath.FrustumFromMatrix's order
)

// Group key fields above the index: format handle, then the shader's and
// the texture's pool slot (an ID's low 20 bits), then the near-first
// distance. A slot wider than its field is masked, which only groups a
// little less well; the index is exact.
const (
	nearBits   = 8
	texBits    = 12
	shaderBits = 12
	formatBits = 64 - indexBits - nearBits - texBits - shaderBits
)

func groupKey(format formats.Handle, shader backends.ShaderID, tex backends.TextureID) uint64 {
	const slot = 1<<20 - 1
	f := uint64(format) & (1<<formatBits - 1)
	s := uint64(uint32(shader)&slot) & (1<<shaderBits - 1)
	t := uint64(uint32(tex)&slot) & (1<<texBits - 1)
	return (f<<(shaderBits+texBits) | s<<texBits | t) << (nearBits + indexBits)
}

// nearKey orders near before far within a group, coarsely: the exponent
// and top three mantissa bits of the squared distance, eight steps per
// doubling, from 1 up (nearer is 0).
func nearKey(dist2 float32) uint64 {
	const one = 127 << 3 // the bits of 1.0 >> 20
	b := int(math.Float32bits(max(dist2, 1))>>20) - one
	return uint64(min(b, 1<<nearBits-1)) << indexBits
}

// depthKey orders far before near: the bits of a non-negative float32
// grow with it, so their complement falls.
func depthKey(dist2 float32) uint64 {
	return uint64(^math.Float32bits(max(dist2, 0))) << depthShift
}

// formatState is what one frame learned about a custom format, so the
// registry and the backend are asked once per format and pass, not once per
// entity.
type formatState struct {
	known    bool
	deferred bool
	ready    [formats.NumPasses]readiness
}

type readiness uint8

const (
	unasked readiness = iota
	ready
	skipped // an empty stem: a deliberate skip, not counted
	dropped // counted once per draw
)

type drawLists struct {
	draws   []backends.Draw // one record per entity drawn in any pass
	keys    [formats.NumPasses][]uint64
	order   [formats.NumPasses]passOrder
	scratch sortScratch
	formats []formatState // by handle, cleared each frame
	full    bool          // MaxDraws was reached and logged
}

// Gather is the one pass over the drawable entities of a frame (Begin runs
// it): it brings each entity's World and Bounds up to date, tests Bounds
// once against the camera frustum and, for shadow casters, once against the
// sun's frustum, once against what can shadow the view (Casters) and once
// against each cascade's box (the cascades it is drawn into), and
// files the entity into the draw lists of the passes that draw it: shadow,
// gbuffer (custom formats with a gbuffer stem), forward
// (other opaque meshes) or transparent. What a pass cannot draw is counted
// here, as each pass would: a failed material shader, a failed stem.
func (c *Context) Gather(w *ecs.World) {
	l := &c.lists
	l.draws = l.draws[:0]
	for p := range l.keys {
		l.keys[p] = l.keys[p][:0]
	}
	clear(l.formats)
	c.camera, c.light, c.caster = vmath.NewCuller(&c.Camera), vmath.NewCuller(&c.Light), vmath.NewCuller(&c.Casters)
	// Whether the caster volume kept the slice's far plane: then a box in
	// view that passes it is inside the slice, hence inside the sun's
	// frustum, and needs no test against it.
	c.casterFar = c.Casters[farPlane] != (vmath.Vec4{0, 0, 0, 1})
	shadows := c.HasLight && c.Data.Shadows
	eye := c.Data.CameraPos
	// Counted in a local and added once: an increment through c.Stats
	// for each entity would load and store through the pointer every time.
	culled := 0
	q := w.Renderables()
	for q.Next() {
		t, m, mat := q.Get()
		if m.ID == 0 {
			continue
		}
		t.Sync(&m.Bounds)
		seen := !(c.camera.Hinted(&t.Bounds, t.CullHint[0]) || c.camera.RejectsOthers(&t.Bounds, &t.CullHint[0]))
		casts := shadows && mat.CastShadows && !mat.Transparent
		switch {
		case !casts:
		case seen:
			// In view, a box passes every plane of the caster volume but
			// its far one, at the shadow distance; within it, it also
			// touches the sun's frustum, fitted around that slice.
			casts = !c.caster.Outside(farPlane, &t.Bounds) && (c.casterFar || !c.light.Rejects(&t.Bounds, &t.CullHint[1]))
		default:
			casts = !(c.light.Hinted(&t.Bounds, t.CullHint[1]) || c.light.RejectsOthers(&t.Bounds, &t.CullHint[1])) &&
				!(c.caster.Hinted(&t.Bounds, t.CullHint[2]) || c.caster.RejectsOthers(&t.Bounds, &t.CullHint[2]))
		}
		if casts && m.ShadowUnseen {
			casts = false
			c.Stats.ShadowUnseen++
		}
		var cascades uint8
		if casts {
			// The cascades redrawn this frame whose light box it touches
			// and whose slice of the view it can shadow; the shadow pass
			// draws it into those alone.
			cascades = c.cascades.touches(&t.Bounds)
			casts = cascades != 0
		}
		if !seen {
			culled++
			if !casts {
				continue
			}
		}
		if len(l.draws) >= MaxDraws {
			if !l.full {
				l.full = true
				c.Log.Error(fmt.Sprintf("more than %d entities to draw in one frame: the rest are left out", MaxDraws))
			}
			q.Close()
			break
		}
		i := uint64(len(l.draws))
		var shader backends.ShaderID
		drawn := false
		if casts && (m.Format == formats.DefaultHandle || c.ready(m.Format, formats.PassShadow)) {
			l.keys[formats.PassShadow] = append(l.keys[formats.PassShadow], groupKey(m.Format, 0, 0)|i)
			drawn = true
		}
		if seen && m.Occluded {
			seen = false // the shadow pass, decided above, may still draw it
			c.Stats.Occluded++
		}
		if seen && m.Facing != (vmath.Vec3{}) && !mat.Transparent && !mat.TwoSided && turnedAway(&t.World, &t.Bounds, m.Facing, eye) {
			seen = false // the shadow pass, decided above, may still draw it
			c.Stats.FacingCulled++
		}
		if seen {
			pass := formats.PassForward
			switch {
			case mat.Transparent:
				pass = formats.PassTransparent
			case m.Format != formats.DefaultHandle && c.state(m.Format).deferred:
				pass = formats.PassGBuffer
			}
			ok := true
			if m.Format == formats.DefaultHandle {
				if shader = c.MaterialShader(mat); shader == 0 {
					c.Stats.DroppedMaterial++
					ok = false
				}
			} else {
				ok = c.ready(m.Format, pass)
			}
			if ok {
				b := &t.Bounds
				dx := (b.Min[0]+b.Max[0])*0.5 - eye[0]
				dy := (b.Min[1]+b.Max[1])*0.5 - eye[1]
				dz := (b.Min[2]+b.Max[2])*0.5 - eye[2]
				dist2 := dx*dx + dy*dy + dz*dz
				key := groupKey(m.Format, shader, mat.Texture) | nearKey(dist2)
				if pass == formats.PassTransparent {
					key = depthKey(dist2)
				}
				l.keys[pass] = append(l.keys[pass], key|i)
				drawn = true
			}
		}
		if drawn {
			var joints backends.JointRange
			if int(m.Format) < len(c.skinFormats) && c.skinFormats[m.Format] {
				joints = c.jointsOf[m]
			}
			// Filled in place: a composite literal would be built on the
			// stack and copied, twice the 128 bytes a visible entity costs.
			l.draws = append(l.draws, backends.Draw{})
			d := &l.draws[len(l.draws)-1]
			d.Mesh, d.Shader, d.Texture, d.NormalMap, d.EmissiveMap = m.ID, shader, mat.Texture, mat.NormalMap, mat.EmissiveMap
			d.Model, d.Color = t.World, mat.Color
			d.Surface = vmath.Vec4{mat.Roughness, mat.Metallic, mat.Emissive, mat.NormalScale}
			d.Cascades, d.Joints = cascades, joints
		}
	}
	c.Stats.Culled += culled
}

// turnedAway reports whether every triangle whose outward normal is
// facing (in local space, transformed by world) and which lies in box b
// (world space) faces away from eye: the eye is no further along the
// normal than the box's nearest corner.
func turnedAway(world *vmath.Mat4, b *vmath.AABB, facing, eye vmath.Vec3) bool {
	w := world
	n := vmath.Vec3{
		w[0]*facing[0] + w[4]*facing[1] + w[8]*facing[2],
		w[1]*facing[0] + w[5]*facing[1] + w[9]*facing[2],
		w[2]*facing[0] + w[6]*facing[1] + w[10]*facing[2],
	}
	var low float32 // the least n.p over the box
	for i := range 3 {
		if n[i] > 0 {
			low += n[i] * b.Min[i]
		} else {
			low += n[i] * b.Max[i]
		}
	}
	return n.Dot(eye) <= low
}

// state returns what this frame knows of custom format h.
func (c *Context) state(h formats.Handle) *formatState {
	l := &c.lists
	for int(h) >= len(l.formats) {
		l.formats = append(l.formats, formatState{})
	}
	s := &l.formats[h]
	if !s.known {
		s.known = true
		if lay, ok := c.Formats.Get(h); ok {
			s.deferred = lay.GBufferShader != ""
		}
	}
	return s
}

// ready is CustomReady answered once per format and pass a frame; a
// counted drop is still counted for every draw.
func (c *Context) ready(h formats.Handle, p formats.Pass) bool {
	s := c.state(h)
	switch s.ready[p] {
	case ready:
		return true
	case skipped:
		return false
	case dropped:
		c.Stats.Drop(h, p)
		return false
	}
	before := c.Stats.DroppedIn(h, p)
	ok := c.CustomReady(h, p)
	switch {
	case ok:
		s.ready[p] = ready
	case c.Stats.DroppedIn(h, p) > before:
		s.ready[p] = dropped
	default:
		s.ready[p] = skipped
	}
	return ok
}

// Len returns how many draws pass p has this frame.
func (c *Context) Len(p formats.Pass) int { return len(c.lists.keys[p]) }

// RunPass begins pass p, submits its gathered draws in order (grouped by
// pipeline, texture and near first, or back to front in the transparent pass), ends it
// and records its CPU time. Fullscreen passes have no draws.
func (c *Context) RunPass(p formats.Pass) error {
	start := time.Now()
	if err := c.Backend.BeginPass(p); err != nil {
		return fmt.Errorf("%s: begin %s pass: %w", c.Backend.Kind(), p, err)
	}
	l := &c.lists
	keys := l.keys[p]
	low := uint(indexBits)
	if p == formats.PassTransparent {
		low = depthShift
	}
	for _, k := range l.order[p].sort(keys, &l.scratch, low) {
		c.Backend.Draw(&l.draws[k&indexMask])
	}
	if err := c.Backend.EndPass(); err != nil {
		return fmt.Errorf("%s: end %s pass: %w", c.Backend.Kind(), p, err)
	}
	c.Stats.PassTime[p] += time.Since(start)
	return nil
}

// passOrder is what a pass keeps of last frame's sort: where each key of
// the sorted list stood in the list as gathered, and the sorted list. A
// scene changes little from one frame to the next, so last frame's order,
// applied to this frame's keys, is nearly always this frame's order too,
// or a few moves from it (a key whose distance bucket changed as the
// camera moved), while sorting from scratch costs several passes over the
// keys whenever the list is not in entity order (materials interleaved).
type passOrder struct {
	pos    []int32
	sorted []uint64
}

// maxMoves bounds the insertion sort that repairs last frame's order, in
// moves per key; past it the list is sorted from scratch.
const maxMoves = 1

// sort returns keys (a pass's list, in the order gathered, which is
// ascending draw index) in sortKeys' order, leaving keys as they are.
func (o *passOrder) sort(keys []uint64, s *sortScratch, low uint) []uint64 {
	n := len(keys)
	o.sorted = slices.Grow(o.sorted[:0], n)[:n]
	out := o.sorted
	if len(o.pos) == n && o.repair(keys) {
		return out
	}
	// Sorted from scratch with positions in place of the draw indices:
	// both ascend through the list, so the order is the same, and the
	// positions come out as next frame's starting order.
	for i, k := range keys {
		out[i] = k&^indexMask | uint64(i)
	}
	sortKeys(out, s, low)
	o.pos = slices.Grow(o.pos[:0], n)[:n]
	for j, k := range out {
		p := int32(k & indexMask)
		o.pos[j] = p
		out[j] = keys[p]
	}
	return out
}

// repair lays keys out in last frame's order and insertion-sorts them by
// the whole key (the draw index in the low bits keeps equal keys in the
// order gathered, as sortKeys does), moving the positions along; it
// reports false, leaving the work undone, once that takes more than
// maxMoves moves a key.
func (o *passOrder) repair(keys []uint64) bool {
	out, pos := o.sorted, o.pos
	for j, p := range pos {
		out[j] = keys[p]
	}
	budget := maxMoves * len(out)
	for i := 1; i < len(out); i++ {
		k := out[i]
		if out[i-1] <= k {
			continue
		}
		p := pos[i]
		j := i
		for ; j > 0 && out[j-1] > k; j-- {
			out[j], pos[j] = out[j-1], pos[j-1]
		}
		out[j], pos[j] = k, p
		if budget -= i - j; budget < 0 {
			// pos is still a permutation; the next frame starts from it.
			return false
		}
	}
	return true
}

// sortScratch is sortKeys' working memory, kept from frame to frame.
type sortScratch struct {
	keys   []uint64
	counts []int32
}

// sortKeys orders keys by their bits from low up, keeping keys equal there
// in the order they came (their low bits are indices appended in order):
// nothing to do when the list is already in order, as it is frame after
// frame in a steady scene; otherwise a least-significant-digit radix sort
// over only the bits in which the keys differ.
func sortKeys(keys []uint64, s *sortScratch, low uint) {
	n := len(keys)
	if n < 2 {
		return
	}
	sorted := true
	var diff uint64
	for i := 1; i < n; i++ {
		if keys[i]>>low < keys[i-1]>>low {
			sorted = false
		}
		diff |= keys[i] ^ keys[0]
	}
	if sorted {
		return
	}
	if n <= 64 {
		// Keys are unique (their indices differ), so ordering whole keys is
		// the stable order of their high bits.
		slices.Sort(keys)
		return
	}
	// The digits are windows over the bits in which keys differ, each
	// starting at the lowest such bit left: 11 bits wide for a long list
	// (a pipeline, a texture and a distance then take two passes, not the
	// three bytes they span), 8 for a shorter one, whose counts would cost
	// more to clear than the pass they save.
	width := uint(8)
	if n >= 4096 {
		width = 11
	}
	var shifts [8]uint
	digits := 0
	for shift := low; shift < 64; shift += width {
		rest := diff >> shift
		if rest == 0 {
			break
		}
		shift += uint(bits.TrailingZeros64(rest))
		shifts[digits] = shift
		digits++
	}
	size := 1 << width
	mask := uint64(size - 1)
	if cap(s.counts) < digits*size {
		s.counts = make([]int32, digits*size)
	}
	counts := s.counts[:digits*size]
	clear(counts)
	// One read of the keys counts the values of every digit; two digits,
	// the most a long list of one format takes, without the inner loop.
	if digits == 2 {
		c0, c1 := counts[:size], counts[size:2*size]
		s0, s1 := shifts[0], shifts[1]
		for _, k := range keys {
			c0[(k>>s0)&mask]++
			c1[(k>>s1)&mask]++
		}
	} else {
		for _, k := range keys {
			for d, shift := range shifts[:digits] {
				counts[d*size+int((k>>shift)&mask)]++
			}
		}
	}
	if cap(s.keys) < n {
		s.keys = make([]uint64, n, n+n/4)
	}
	src, dst := keys, s.keys[:n]
	for d, shift := range shifts[:digits] {
		count := counts[d*size : (d+1)*size]
		var sum int32
		for b, c := range count {
			count[b] = sum
			sum += c
		}
		for _, k := range src {
			b := (k >> shift) & mask
			dst[count[b]] = k
			count[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}
