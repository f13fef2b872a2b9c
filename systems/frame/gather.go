package frame

import (
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/park"
	"github.com/sleakgo/sleak/internal/reuse"
	"github.com/sleakgo/sleak/vmath"
)

// Gather is the one pass over the drawable entities of a frame (Begin runs
// it): it brings each entity's World and Bounds up to date, tests Bounds
// once against the camera frustum and, for shadow casters, once against the
// sun's frustum, once against what can shadow the view (Casters) and once
// against each cascade's box (the cascades it is drawn into), and
// files the entity into the draw lists of the passes that draw it: shadow,
// gbuffer (custom formats with a gbuffer stem), forward
// (other opaque meshes) or transparent. What a pass cannot draw is counted
// here, as each pass would: a failed material shader, a failed stem.
//
// A frame of many entities is gathered by several goroutines in parts,
// each a contiguous run of the entities (gatherPart), and the result is
// the same as one goroutine's: the draw records keep entity order, and
// what only the render thread may do (load a material's shader, ask the
// backend whether a format is ready) is done after the parts, in order,
// for the few entities that needed it.
func (c *Context) Gather(w *ecs.World) {
	l := &c.lists
	c.refreshFormats()
	f := &l.frame
	f.camera, f.light, f.caster = vmath.NewCuller(&c.Camera), vmath.NewCuller(&c.Light), vmath.NewCuller(&c.Casters)
	// Whether the caster volume kept the slice's far plane: then a box in
	// view that passes it is inside the slice, hence inside the sun's
	// frustum, and needs no test against it.
	f.casterFar = c.Casters[farPlane] != noPlane
	f.cascades = c.cascades
	f.shadows = c.HasLight && c.Data.Shadows
	f.eye = c.Data.CameraPos
	f.sun = c.Data.LightDir
	f.formats, f.skinFormats, f.jointsOf = l.formats, c.skinFormats, c.jointsOf

	q := w.Renderables()
	n := q.Count()
	parts := gatherParts(n)
	l.ensureParts(parts)
	for i := range l.parts[:parts] {
		l.parts[i].reset(uint64(i)<<partShift(parts), parts == l.used)
	}
	l.used = parts
	if l.pool != nil {
		l.pool.quickPrep = time.Since(c.Started) < l.pool.rouseWithin
	}
	if parts == 1 {
		l.parts[0].run(f, &q, -1)
	} else {
		if l.pool == nil {
			l.pool = newGatherPool()
			runtime.AddCleanup(c, (*gatherPool).stop, l.pool)
		}
		l.gatherParallel(w, &q, n, parts)
	}
	// A pass's list is last frame's when every part gathered the same
	// keys for it as last frame and left no entity to the render thread;
	// the list is then kept, and so is its order (passOrder.sort).
	var same [formats.NumPasses]bool
	for pass := range same {
		same[pass] = true
		for i := range l.parts[:parts] {
			same[pass] = same[pass] && l.parts[i].same[pass] && len(l.parts[i].deferred) == 0
		}
		if !same[pass] {
			l.keys[pass] = l.keys[pass][:0]
			l.order[pass].forget()
		}
	}
	// Serially, in entity order: what the parts left to the render
	// thread, then their keys into the lists of the passes not kept.
	for i := range l.parts[:parts] {
		p := &l.parts[i]
		var filed [formats.NumPasses]int // keys before the deferred entities'
		for pass := range filed {
			filed[pass] = len(p.keys[pass])
		}
		for j := range p.deferred {
			c.fileDeferred(p, &p.deferred[j])
		}
		if at := firstRecord(p.draws); at != p.recordsAt {
			p.recordsAt = at
			l.recordsMoved++
		}
		c.Stats.Culled += p.culled
		c.Stats.Occluded += p.occluded
		c.Stats.FacingCulled += p.facingCulled
		c.Stats.ShadowUnseen += p.shadowUnseen
		for h, byPass := range p.drops {
			for pass, k := range byPass {
				for range k {
					c.Stats.Drop(formats.Handle(h), formats.Pass(pass))
				}
			}
		}
		for pass := range l.keys {
			if !same[pass] {
				l.keys[pass] = appendByIndex(l.keys[pass], p.keys[pass], filed[pass])
			}
		}
	}
	if l.parts[0].full && !l.full {
		l.full = true
		c.Log.Error(fmt.Sprintf("more than %d entities to draw in one frame: the rest are left out", MaxDraws))
	}
}

// appendByIndex appends keys to dst in ascending index, as a pass's list
// is gathered: keys[:split] and keys[split:] (the deferred entities',
// filed after the rest) each ascend, and are merged.
func appendByIndex(dst, keys []uint64, split int) []uint64 {
	a, b := keys[:split], keys[split:]
	if len(b) == 0 {
		return append(dst, a...)
	}
	for len(a) > 0 && len(b) > 0 {
		if a[0]&indexMask < b[0]&indexMask {
			dst, a = append(dst, a[0]), a[1:]
		} else {
			dst, b = append(dst, b[0]), b[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// A frame of many entities is gathered in parts of about partSize
// entities (at most maxParts), which up to maxGoroutines goroutines, the
// render thread's among them, claim one at a time. Claiming, rather than
// handing each goroutine a fixed share, keeps the render thread from
// waiting on a worker that has not started yet: woken workers' threads
// reach a processor microseconds apart, and the earlier ones, the render
// thread first, take the parts the later ones would have had. A part's
// draw records are indexed by the low partBits bits of a key's index, the
// part by the bits above.
const (
	minParallel   = 1024
	partSize      = 256
	maxParts      = 64
	maxGoroutines = 16
	partBits      = indexBits - 6
)

// gatherParts returns how many parts a frame of n entities is gathered
// in: one when n is small, Go runs on one processor, or n is too large for
// the parts' indices (MaxDraws is one part's limit then).
func gatherParts(n int) int {
	k := min(maxParts, n/partSize)
	if n < minParallel || runtime.GOMAXPROCS(0) == 1 || (n+k-1)/k >= 1<<partBits {
		return 1
	}
	return k
}

func partShift(parts int) uint {
	if parts == 1 {
		return indexBits
	}
	return partBits
}

func (l *drawLists) ensureParts(n int) {
	for len(l.parts) < n {
		l.parts = append(l.parts, gatherPart{})
	}
}

// gatherParallel gathers the n entities of a frame in parts, on this
// goroutine and the pool's workers. Each goroutine has a query of its own,
// made here (making and closing a query changes the world's locks), which
// it steps forward to each part it claims (a goroutine's parts come in
// order) and never runs past the part's last entity, which would close it
// on the worker.
func (l *drawLists) gatherParallel(w *ecs.World, first *ecs.RenderQuery, n, parts int) {
	pool := l.pool
	goroutines := 1 + pool.workers
	for len(l.queries) < goroutines {
		l.queries = append(l.queries, ecs.RenderQuery{})
	}
	l.queries[0] = *first
	for i := 1; i < goroutines; i++ {
		l.queries[i] = w.Renderables()
	}
	pool.job = gatherJob{frame: &l.frame, parts: l.parts[:parts], queries: l.queries[:goroutines], entities: n}
	pool.done.Store(0)
	pool.generation++
	pool.claims.Store(pool.generation<<claimGenShift | uint64(parts)<<claimLimitShift)
	pool.start.Add(1)
	pool.start.Wake(park.All)
	cursor := gatherCursor{generation: ^uint64(0)}
	if !pool.work(0, &cursor) {
		pool.awaitParts(uint32(parts))
	}
	for i := range goroutines {
		l.queries[i].Close()
	}
	pool.job = gatherJob{}
}

// A claim is one word, so that one atomic add both takes a part and tells
// the claimer which frame (generation) it belongs to and how many parts
// that frame has: a worker that wakes late, or for a wake left over from
// a frame before, reads nothing else unless its claim is good.
const (
	claimGenShift   = 32
	claimLimitShift = 16
	claimIndexMask  = 1<<claimLimitShift - 1
)

// gatherPool is the goroutines that help the render thread gather a
// frame. They hold the pool, never the Context, so that a Context no
// longer used can be collected, and a cleanup on it ends them.
//
// The workers, and the render thread waiting for a worker's last part,
// sleep on park.Words, which the kernel wakes, rather than on channels: a
// goroutine woken through a channel waits in the waker's run slot until
// an idle processor's thread comes for it, 75 to 100 µs on a 2-core
// virtual machine, a fifth to a half of a 10,000-entity frame's gather.
// A sleeping worker holds its thread, so a Context that has gathered in
// parts keeps up to maxGoroutines-1 threads until it is collected. Begin
// rouses the workers before it prepares a frame, and they spin, awake,
// until the job comes (rouse).
type gatherPool struct {
	workers     int           // goroutines besides the render thread
	start       park.Word     // moved on to wake the workers for a generation
	stopped     atomic.Bool   // the workers end when next woken
	claims      atomic.Uint64 // generation, parts, next part
	done        park.Word     // parts of this generation finished
	generation  uint64        // the render thread's own count
	job         gatherJob     // this generation's; read after a good claim
	quickPrep   bool          // the last frame's Begin reached Gather within rouseWithin
	rouseWithin time.Duration // rouseSpin, but for tests
}

// gatherJob is what a frame's parts need besides their own records.
type gatherJob struct {
	frame    *gatherFrame
	parts    []gatherPart
	queries  []ecs.RenderQuery // one a goroutine, the render thread's first
	entities int
}

// gatherCursor is where a goroutine's query stands in a generation.
type gatherCursor struct {
	generation uint64
	entity     int // the entity the query stands on; -1 before the first
}

func newGatherPool() *gatherPool {
	p := &gatherPool{workers: min(runtime.GOMAXPROCS(0), maxGoroutines) - 1, rouseWithin: rouseSpin}
	for i := range p.workers {
		go func() {
			cursor := &gatherCursor{generation: ^uint64(0)}
			seen := p.start.Load()
			worked := p.claimedGeneration()
			for {
				seen = p.start.WaitChange(seen)
				if p.stopped.Load() {
					return
				}
				if p.claimedGeneration() == worked {
					// Roused ahead of the job: stay awake for it a while.
					var ok bool
					if seen, ok = p.start.SpinChange(seen, rouseSpin); !ok || p.stopped.Load() {
						continue
					}
				}
				worked = p.claimedGeneration()
				if p.work(i+1, cursor) {
					p.done.Wake(1)
				}
			}
		}()
	}
	return p
}

// rouse wakes the workers ahead of a frame's gather, so that the kernel
// wakes their threads while the render thread prepares the frame rather
// than while it gathers: the wake takes 15 to 25 µs on a 2-core virtual
// machine, a quarter of a culled 10,000-entity gather. Woken with no job
// yet, a worker spins for it up to rouseSpin before it sleeps again.
//
// Begin rouses them only while its frames reach Gather within rouseSpin
// (quickPrep, rouseWithin): a frame whose BeginFrame waits for the GPU, as a
// GPU-bound game's does, would keep every worker spinning in vain.
func (p *gatherPool) rouse() {
	p.start.Add(1)
	p.start.Wake(park.All)
}

// rouseSpin is how long a roused worker stays awake for the job: more
// than Begin takes to prepare a frame before its gather.
const rouseSpin = 50 * time.Microsecond

// claimedGeneration is the generation whose parts the claims hand out.
func (p *gatherPool) claimedGeneration() uint64 { return p.claims.Load() >> claimGenShift }

// work gathers parts for goroutine g (0 is the render thread) while the
// claims last, reporting whether it finished the generation's last part.
func (p *gatherPool) work(g int, cursor *gatherCursor) (last bool) {
	for {
		claim := p.claims.Add(1) - 1
		part, limit := int(claim&claimIndexMask), int(claim>>claimLimitShift&claimIndexMask)
		if part >= limit {
			return last
		}
		if gen := claim >> claimGenShift; gen != cursor.generation {
			cursor.generation, cursor.entity = gen, -1
		}
		job := &p.job
		from, to := part*job.entities/limit, (part+1)*job.entities/limit
		q := &job.queries[g]
		if !q.Step(from - cursor.entity) {
			panic("frame: a gather part starts past the query's entities") // Count said otherwise
		}
		job.parts[part].run(job.frame, q, to-from)
		cursor.entity = to - 1
		last = p.done.Add(1) == uint32(limit)
	}
}

// awaitParts returns once the generation's parts are done, the last of
// them on a worker. That part is usually microseconds from done, less than
// the kernel takes to wake a sleeping thread, so the render thread spins
// for it a while (spinWait) before it sleeps.
func (p *gatherPool) awaitParts(parts uint32) {
	deadline := time.Now().Add(spinWait)
	for d := p.done.Load(); d != parts; d = p.done.Load() {
		if _, moved := p.done.SpinChange(d, time.Until(deadline)); !moved {
			p.done.Wait(d)
		}
	}
}

// spinWait is about the time a worker takes to gather one part of visible
// entities, 256 of them at 50 to 60 ns each.
const spinWait = 20 * time.Microsecond

// stop ends the pool's goroutines.
func (p *gatherPool) stop() {
	p.stopped.Store(true)
	p.start.Add(1)
	p.start.Wake(park.All)
}

// gatherFrame is what every part reads and none writes: the frame's
// volumes and what the frame knows of formats and skins.
type gatherFrame struct {
	camera, light, caster vmath.Culler
	cascades              cascadeTests
	casterFar, shadows    bool
	eye                   vmath.Vec3
	sun                   vmath.Vec3 // the direction the sunlight travels
	formats               []formatState
	skinFormats           []bool
	jointsOf              map[*ecs.Mesh]backends.JointRange
}

// casts reports whether an entity of material mat casts a shadow this
// frame, wherever it stands.
func (f *gatherFrame) casts(mat *ecs.Material) bool {
	return f.shadows && mat.CastShadows && !mat.Transparent
}

// gatherPart is one part's draw records, keys and counts.
type gatherPart struct {
	draws []backends.Draw
	keys  [formats.NumPasses][]uint64
	// last are the keys the part gathered last frame, which stand for
	// its lists if it was a part of as many then (lastValid), and same
	// says which passes' keys came out the same again: compared, and
	// copied when not, on the gathering goroutine, so that the render
	// thread need neither compare nor merge a steady scene's lists.
	last      [formats.NumPasses][]uint64
	lastValid bool
	same      [formats.NumPasses]bool
	recordsAt *backends.Draw // where draws' array began last frame (firstRecord)
	base      uint64         // of the indices of its draws in keys
	deferred  []deferredEntity
	drops     [][formats.NumPasses]int // by format handle and pass
	full      bool                     // MaxDraws reached (the single part only)

	culled, occluded, facingCulled, shadowUnseen int
}

// firstRecord returns the first element of draws' array, nil if it has
// none: it moves when the array grows, and every pointer into it with it.
func firstRecord(draws []backends.Draw) *backends.Draw {
	if cap(draws) == 0 {
		return nil
	}
	return &draws[:1][0]
}

// deferredEntity is an entity a worker tested but could not file, because
// filing it needs the render thread: its material's shader is not loaded,
// or a format's readiness is not known this frame. Its draw record is
// reserved at slot, so that it keeps its place in entity order.
type deferredEntity struct {
	t    *ecs.Transform
	m    *ecs.Mesh
	mat  *ecs.Material
	v    verdict
	slot uint64
}

// verdict is what the tests said of an entity: whether a camera pass may
// draw it, and the cascades a shadow caster is drawn into (0: none).
type verdict struct {
	seen     bool
	cascades uint8
}

// reset readies the part for a frame, its draws indexed from base;
// lastValid says whether it was a part of as many last frame.
func (p *gatherPart) reset(base uint64, lastValid bool) {
	// Last frame's keys stand for the part's lists only if the render
	// thread filed none after it (deferred).
	p.lastValid = lastValid && len(p.deferred) == 0
	p.draws = p.draws[:0]
	for i := range p.keys {
		p.keys[i] = p.keys[i][:0]
	}
	p.base = base
	p.deferred = p.deferred[:0]
	clear(p.drops)
	p.full = false
	p.culled, p.occluded, p.facingCulled, p.shadowUnseen = 0, 0, 0, 0
}

// run gathers count entities of q from where it stands (it has been
// stepped onto the first), or every entity of a fresh query with count
// -1.
//
// The loop itself only brings each entity up to date and counts the ones
// that stay culled: outside the camera's frustum by the plane that
// rejected them last frame and, for a shadow caster, outside the sun's
// frustum likewise. Those are most of a large world, and a loop this
// small keeps its values in registers; every other entity is the work of
// entity.
func (p *gatherPart) run(f *gatherFrame, q *ecs.RenderQuery, count int) {
	limit := MaxDraws
	if count >= 0 {
		limit = 1 << partBits
	}
	// Counted in a local and added once: an increment through p for each
	// entity would load and store through the pointer every time.
	culled := 0
	for i := 0; ; i++ {
		if count < 0 {
			if !q.Next() {
				break
			}
		} else if i == count || (i > 0 && !q.Next()) {
			break
		}
		// The components one at a time and Stale before Sync: each is
		// inlined, and the loop makes no call for an entity that stays
		// culled.
		m := q.Mesh()
		if m.ID == 0 {
			continue
		}
		t, mat := q.Transform(), q.Material()
		if t.Stale(&m.Bounds) {
			t.Sync(&m.Bounds)
		}
		if f.camera.Hinted(&t.Bounds, t.CullHint[0]) && (!f.casts(mat) || f.light.Hinted(&t.Bounds, t.CullHint[1])) {
			culled++
			continue
		}
		if !p.entity(f, t, m, mat, limit) {
			if count < 0 {
				q.Close()
			}
			break
		}
	}
	p.culled += culled
	for pass, keys := range p.keys {
		p.same[pass] = p.lastValid && slices.Equal(keys, p.last[pass])
		if !p.same[pass] {
			p.last[pass] = append(p.last[pass][:0], keys...)
		}
	}
}

// entity tests and files one entity that run did not find culled,
// reporting false when the part is full. It tests the camera's hinted
// plane again rather than take run's answer: passing that answer in made
// run's loop dearer for a culled entity (12.1 against 10.5 ns on one
// goroutine), and the test is six multiply-adds.
func (p *gatherPart) entity(f *gatherFrame, t *ecs.Transform, m *ecs.Mesh, mat *ecs.Material, limit int) bool {
	seen := !(f.camera.Hinted(&t.Bounds, t.CullHint[0]) || f.camera.RejectsOthers(&t.Bounds, &t.CullHint[0]))
	casts := f.casts(mat)
	switch {
	case !casts:
	case seen:
		// In view, a box passes every plane of the caster volume but
		// its far one, at the shadow distance; within it, it also
		// touches the sun's frustum, fitted around that slice.
		casts = !f.caster.Outside(farPlane, &t.Bounds) && (f.casterFar || !f.light.Rejects(&t.Bounds, &t.CullHint[1]))
	default:
		casts = !(f.light.Hinted(&t.Bounds, t.CullHint[1]) || f.light.RejectsOthers(&t.Bounds, &t.CullHint[1])) &&
			!(f.caster.Hinted(&t.Bounds, t.CullHint[2]) || f.caster.RejectsOthers(&t.Bounds, &t.CullHint[2]))
	}
	if casts && m.ShadowUnseen {
		casts = false
		p.shadowUnseen++
	}
	var v verdict
	if casts {
		// The cascades redrawn this frame whose light box it touches
		// and whose slice of the view it can shadow; the shadow pass
		// draws it into those alone.
		v.cascades = f.cascades.touches(&t.Bounds)
	}
	if !seen {
		p.culled++
		if v.cascades == 0 {
			return true
		}
	}
	if len(p.draws) >= limit {
		p.full = true
		return false
	}
	if seen && m.Occluded {
		seen = false // the shadow pass, decided above, may still draw it
		p.occluded++
	}
	if seen && m.Facing != (vmath.Vec3{}) && !mat.Transparent && !mat.TwoSided && turnedAway(&t.World, &t.Bounds, m.Facing, f.eye) {
		seen = false // the shadow pass, decided above, may still draw it
		p.facingCulled++
	}
	v.seen = seen
	if !p.file(f, nil, t, m, mat, v, uint64(len(p.draws))) {
		p.deferred = append(p.deferred, deferredEntity{t: t, m: m, mat: mat, v: v, slot: uint64(len(p.draws))})
		p.draws = append(p.draws, backends.Draw{})
	}
	return true
}

// file puts an entity with verdict v into the lists of the passes that
// draw it, its draw record at slot (the next one, or one reserved), and
// reports true; or, with c nil (a part on a worker), reports false when
// that needs what only the render thread may do. c resolves a material's
// shader and a format's readiness the first time the frame needs them.
func (p *gatherPart) file(f *gatherFrame, c *Context, t *ecs.Transform, m *ecs.Mesh, mat *ecs.Material, v verdict, slot uint64) bool {
	custom := m.Format != formats.DefaultHandle
	var st *formatState
	if custom {
		if int(m.Format) >= len(f.formats) || !f.formats[m.Format].known {
			if c == nil {
				return false
			}
			st = c.state(m.Format)
			f.formats = c.lists.formats // state may have grown the slice
		} else {
			st = &f.formats[m.Format]
		}
	}
	// Which pass a seen entity goes to, and whether that pass can draw it.
	pass := formats.PassForward
	var shader backends.ShaderID
	if v.seen {
		switch {
		case mat.Transparent:
			pass = formats.PassTransparent
		case custom && st.deferred:
			pass = formats.PassGBuffer
		}
		if !custom {
			if shader = mat.ShaderID; shader == 0 && c == nil {
				return false
			}
		} else if st.ready[pass] == unasked && c == nil {
			return false
		}
	}
	if v.cascades != 0 && custom && st.ready[formats.PassShadow] == unasked && c == nil {
		return false
	}
	i := p.base | slot
	drawn := false
	// The box's centre from the eye, which both passes' keys order by.
	b := &t.Bounds
	dx := (b.Min[0]+b.Max[0])*0.5 - f.eye[0]
	dy := (b.Min[1]+b.Max[1])*0.5 - f.eye[1]
	dz := (b.Min[2]+b.Max[2])*0.5 - f.eye[2]
	if v.cascades != 0 && (!custom || p.ready(c, st, m.Format, formats.PassShadow)) {
		sun := dx*f.sun[0] + dy*f.sun[1] + dz*f.sun[2]
		p.keys[formats.PassShadow] = append(p.keys[formats.PassShadow], groupKey(m.Format, 0, 0)|sunKey(sun)|i)
		drawn = true
	}
	if v.seen {
		ok := true
		if !custom {
			if shader == 0 {
				if shader = c.MaterialShader(mat); shader == 0 {
					c.Stats.DroppedMaterial++
					ok = false
				}
			}
		} else {
			ok = p.ready(c, st, m.Format, pass)
		}
		if ok {
			dist2 := dx*dx + dy*dy + dz*dz
			key := groupKey(m.Format, shader, mat.Texture) | nearKey(dist2)
			if pass == formats.PassTransparent {
				key = depthKey(dist2)
			}
			p.keys[pass] = append(p.keys[pass], key|i)
			drawn = true
		}
	}
	if !drawn {
		return true
	}
	var joints backends.JointRange
	if int(m.Format) < len(f.skinFormats) && f.skinFormats[m.Format] {
		joints = f.jointsOf[m]
	}
	if slot == uint64(len(p.draws)) { // else reserved by a part
		// Every field is set below, so a record left from an earlier
		// frame is reused without being cleared first.
		p.draws, _ = reuse.Next(p.draws)
	}
	// Filled in place: a composite literal would be built on the stack
	// and copied, twice the 128 bytes a visible entity costs.
	d := &p.draws[slot]
	d.Mesh, d.Shader, d.Texture, d.NormalMap, d.EmissiveMap = m.ID, shader, mat.Texture, mat.NormalMap, mat.EmissiveMap
	d.Model, d.Color = t.World, mat.Color
	d.Surface = vmath.Vec4{mat.Roughness, mat.Metallic, mat.Emissive, mat.NormalScale}
	d.Cascades, d.Joints = v.cascades, joints
	return true
}

// ready reports whether custom format h (its state st) is drawn in pass
// pass, counting a dropped draw; the render thread (c) resolves a pass
// the frame has not asked about yet.
func (p *gatherPart) ready(c *Context, st *formatState, h formats.Handle, pass formats.Pass) bool {
	switch st.ready[pass] {
	case ready:
		return true
	case skipped:
		return false
	case dropped:
		for int(h) >= len(p.drops) {
			p.drops = append(p.drops, [formats.NumPasses]int{})
		}
		p.drops[h][pass]++
		return false
	}
	return c.ready(h, pass)
}

// fileDeferred files an entity a part left to the render thread, in the
// slot it reserved.
func (c *Context) fileDeferred(p *gatherPart, d *deferredEntity) {
	p.file(&c.lists.frame, c, d.t, d.m, d.mat, d.v, d.slot)
}
