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
// distance along the sunlight, nearest the sun first, in the shadow pass
// (sunKey), the distance far first in the transparent one. Sorting
// 8-byte keys instead of whole draws is what keeps a list cheap to order,
// and appending in entity order makes equal keys come out in a stable order.
const (
	indexBits = 24
	indexMask = 1<<indexBits - 1
	// MaxDraws is how many entities one frame draws at most; those past it
	// are left out and logged once.
	MaxDraws = indexMask

	depthShift = 32 // transparent keys: distance in the high 32 bits

	nearPlane, farPlane = 4, 5 // in vmath.FrustumFromMatrix's order
)

// noPlane stands in a frustum for a plane left out: every point passes it.
var noPlane = vmath.Vec4{0, 0, 0, 1}

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

// sunKey orders shadow casters nearest the sun first, so that the depth
// test rejects what lies under them in the shadow map before it is
// written: the shadow pass writes depth alone, and its cost on a GPU short
// of raster units is the texels it writes. s is the caster's distance
// along the sunlight from the camera, negative towards the sun, kept
// coarsely as the nearKey bits of 1+|s| (eight steps per doubling) on
// either side of the middle of the field.
func sunKey(s float32) uint64 {
	const one = 127 << 3 // the bits of 1.0 >> 20
	const mid = 1 << (nearBits - 1)
	v := min(int(math.Float32bits(1+vmath.Abs32(s))>>20)-one, mid-1)
	// Towards the sun (the sign bit set) the key is mid-1-v, which is mid
	// plus v with its bits flipped: a branch here would be mispredicted
	// wherever casters lie on both sides of the camera.
	towards := -int(math.Float32bits(s) >> 31)
	return uint64(mid+(v^towards)) << indexBits
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
	// parts are the frame's parts of the gather (Gather), used of them,
	// each with the draw records of its entities drawn in any pass.
	parts   []gatherPart
	used    int
	frame   gatherFrame
	queries []ecs.RenderQuery // the gathering goroutines' queries
	pool    *gatherPool       // started by the first frame gathered in parts
	keys    [formats.NumPasses][]uint64
	order   [formats.NumPasses]passOrder
	scratch sortScratch
	formats []formatState // by handle, asked again each frame (refreshFormats)
	// recordsMoved counts the frames in which a part's draw records moved
	// to a larger array, leaving pointers to them stale.
	recordsMoved uint64
	full         bool // MaxDraws was reached and logged
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

// refreshFormats asks again, for this frame, what the last frame asked of
// each format: its gbuffer stem and, for each pass asked about, whether
// it is ready. Readiness changes (a shader reloaded, a resize retried)
// and has to be asked every frame; asking at the start, only what the
// last frame needed, lets the parts of a gather read it without the
// backend, and counts nothing, as no draw was dropped yet.
func (c *Context) refreshFormats() {
	for i := range c.lists.formats {
		s := &c.lists.formats[i]
		if !s.known {
			continue
		}
		h := formats.Handle(i)
		s.deferred = false
		if lay, ok := c.Formats.Get(h); ok {
			s.deferred = lay.GBufferShader != ""
		}
		for p := range s.ready {
			if s.ready[p] != unasked {
				s.ready[p] = c.classify(h, formats.Pass(p))
			}
		}
	}
}

// ready is CustomReady answered once per format and pass a frame; a
// counted drop is still counted for every draw.
func (c *Context) ready(h formats.Handle, p formats.Pass) bool {
	s := c.state(h)
	if s.ready[p] == unasked {
		s.ready[p] = c.classify(h, p)
	}
	switch s.ready[p] {
	case ready:
		return true
	case dropped:
		c.Stats.Drop(h, p)
	}
	return false
}

// Len returns how many draws pass p has this frame.
func (c *Context) Len(p formats.Pass) int { return len(c.lists.keys[p]) }

// RunPass begins pass p, submits its gathered draws in order (grouped by
// pipeline, texture and near first; nearest the sun first in the shadow
// pass; back to front in the transparent pass), ends it and records its
// CPU time. Fullscreen passes have no draws.
func (c *Context) RunPass(p formats.Pass) error {
	start := time.Now()
	if err := c.Backend.BeginPass(p); err != nil {
		return fmt.Errorf("%s: begin %s pass: %w", c.Backend.Kind(), p, err)
	}
	l := &c.lists
	for _, d := range l.ordered(p) {
		c.Backend.Draw(d)
	}
	if err := c.Backend.EndPass(); err != nil {
		return fmt.Errorf("%s: end %s pass: %w", c.Backend.Kind(), p, err)
	}
	c.Stats.PassTime[p] += time.Since(start)
	return nil
}

// ordered returns pass p's draw records in the order its keys sort in.
// The list of pointers is kept while the pass's list and the records'
// arrays stay as they are, as a still scene's do, so that submitting a
// draw is one load.
func (l *drawLists) ordered(p formats.Pass) []*backends.Draw {
	o := &l.order[p]
	if o.last != nil && o.recordsMoved == l.recordsMoved {
		return o.records
	}
	low := uint(indexBits)
	if p == formats.PassTransparent {
		low = depthShift
	}
	parts, shift := l.parts[:l.used], partShift(l.used)
	mask := uint64(1)<<shift - 1
	o.records = o.records[:0]
	for _, k := range o.sort(l.keys[p], &l.scratch, low) {
		i := k & indexMask
		o.records = append(o.records, &parts[i>>shift].draws[i&mask])
	}
	o.recordsMoved = l.recordsMoved
	return o.records
}

// passOrder is what a pass keeps of last frame's sort: where each key of
// the sorted list stood in the list as gathered, and the sorted list. A
// scene changes little from one frame to the next, so last frame's order,
// applied to this frame's keys, is nearly always this frame's order too,
// or that order with a few keys out of place (keys whose distance bucket
// changed as the camera moved), while sorting from scratch costs several passes over the
// keys whenever the list is not in entity order (materials interleaved).
type passOrder struct {
	pos    []int32
	sorted []uint64
	moved  []uint64 // repair's keys out of place, positions for indices
	// last is what sort returned last, keys themselves (a list in order)
	// or sorted, while it stands: nil before the first sort and once the
	// list changed (forget).
	last []uint64
	// records are the draw records of last, in its order, as ordered
	// found them when drawLists.recordsMoved was recordsMoved.
	records      []*backends.Draw
	recordsMoved uint64
}

// forget says the pass's list changed since the last sort: Gather keeps a
// list that comes out the same as last frame's, as a still camera over a
// still scene's does, and its order with it.
func (o *passOrder) forget() { o.last = nil }

// sort returns keys (a pass's list, in the order gathered, which is
// ascending draw index) in sortKeys' order, leaving keys as they are; a
// list unchanged since the last sort (no forget) keeps that order.
func (o *passOrder) sort(keys []uint64, s *sortScratch, low uint) []uint64 {
	if o.last != nil {
		return o.last
	}
	o.last = o.order(keys, s, low)
	return o.last
}

// order is sort for a list that may have changed.
func (o *passOrder) order(keys []uint64, s *sortScratch, low uint) []uint64 {
	n := len(keys)
	// A list gathered in order is its own order; the first key out of
	// place, usually near the front, ends the check. Next frame then
	// starts from the check again.
	if slices.IsSorted(keys) {
		o.pos = o.pos[:0]
		return keys
	}
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

// maxMovedShift bounds the keys a repair of last frame's order takes out
// and puts back, to a sixteenth of the list (n>>maxMovedShift): sorting
// more of them, and merging, costs about what sorting the whole list
// from scratch does.
const maxMovedShift = 4

// repair lays keys out in last frame's order and mends it: the keys out
// of place (moved) are taken out, leaving the rest in order, then sorted
// and merged back by the whole key (the draw index in the low bits keeps
// equal keys in the order gathered, as sortKeys does), the positions
// following. It reports false, leaving pos to be made again, when more
// keys moved than maxMovedShift allows.
//
// A key below the last one kept has moved towards the front, or the last
// one kept has moved towards the back: the last one kept is taken out
// when it is also above the key after this one and the keys kept before
// it stay in order without it, this key otherwise. A camera moving a
// little changes the distance bucket of a few keys, each of which then
// belongs hundreds of places from where it stood: taking them out costs
// one pass over the list, however far they go.
func (o *passOrder) repair(keys []uint64) bool {
	out, pos := o.sorted, o.pos
	n := len(out)
	for j, p := range pos {
		out[j] = keys[p]
	}
	moved := o.moved[:0]
	limit := n >> maxMovedShift
	kept := 0
	for j, k := range out {
		if kept > 0 && out[kept-1] > k {
			if (kept < 2 || out[kept-2] <= k) && j+1 < n && out[kept-1] > out[j+1] {
				kept--
				moved = append(moved, out[kept]&^indexMask|uint64(pos[kept]))
			} else {
				moved = append(moved, k&^indexMask|uint64(pos[j]))
				if len(moved) > limit {
					break
				}
				continue
			}
		}
		out[kept], pos[kept] = k, pos[j]
		kept++
	}
	o.moved = moved
	if len(moved) > limit {
		return false
	}
	// The moved keys carry their positions in the gathered list in place
	// of their draw indices: both ascend through the list, so they sort
	// the same.
	slices.Sort(moved)
	// Merged from the back, where the moved keys left room.
	i, w := kept-1, n-1
	for m := len(moved) - 1; m >= 0; w-- {
		if i >= 0 && out[i] > keys[moved[m]&indexMask] {
			out[w], pos[w] = out[i], pos[i]
			i--
			continue
		}
		p := moved[m] & indexMask
		out[w], pos[w] = keys[p], int32(p)
		m--
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
