package world

import (
	"cmp"
	"runtime"
	"slices"
	"sync"

	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

// StreamConfig configures a Streamer. Zero fields take the defaults.
type StreamConfig struct {
	// RenderDistance is the radius, in chunks, within which chunks are
	// meshed (default 8), measured between chunk positions. Their
	// neighbours are loaded too, as meshing reads them. Meshes are
	// released beyond RenderDistance+1 and chunk data beyond
	// RenderDistance+3, so a viewer walking back and forth over a chunk
	// border does not churn.
	RenderDistance int
	// UploadBudget is the most meshes one Update hands out (default 4).
	UploadBudget int
	// Workers is the number of generation and meshing goroutines
	// (default: one less than the number of CPUs, at least one).
	Workers int
	// Mesh selects the meshing mode.
	Mesh mesh.Options
	// CoarseDistance, when above 0, meshes the chunks farther than it
	// from the viewer (in chunks, measured as RenderDistance is) at half
	// resolution and those farther than twice it at a quarter
	// ([mesh.Coarsen]): far terrain draws fewer quads. A chunk turns
	// coarser beyond such a distance + 1 and finer again within it, so
	// that a viewer walking back and forth over a chunk border does not
	// re-mesh. Each chunk is meshed against its neighbours at their own
	// resolutions, and re-meshed when one of them changes, so the faces
	// along every border close.
	CoarseDistance int
}

// Upload is a finished mesh for the caller to upload to the GPU, replacing
// the chunk's previous mesh if it has one. The mesh is drawn at the
// chunk's origin (Pos.Origin). Mesh belongs to the caller; handing it back
// with Streamer.Recycle after the upload lets the streamer reuse its
// storage. An empty mesh (Mesh.Empty) means the chunk draws nothing.
type Upload struct {
	Pos  chunk.Pos
	Mesh *mesh.MeshData
}

// Frame is what one Update hands out. Its slices are reused by the next
// Update.
type Frame struct {
	// Uploads are at most UploadBudget meshes, those changed by edits first,
	// then nearest first.
	Uploads []Upload
	// Releases are chunks whose meshes the caller should free: they went
	// out of range. A released chunk that comes back gets a new Upload.
	Releases []chunk.Pos
}

// StreamStats counts what a Streamer holds.
type StreamStats struct {
	Resident int // chunks whose data is loaded
	Meshed   int // chunks whose mesh the caller holds
	Ready    int // finished meshes waiting for upload budget
	InFlight int // jobs being worked on
	Coarse   int // chunks within the render distance at a lower resolution, meshed or still to be
}

// Streamer keeps the chunks around a moving viewer loaded and meshed. The
// caller calls Update once per frame with the viewer's position; Update
// never waits for generation or meshing, which run on worker goroutines:
// it hands out the meshes that are ready (within the upload budget) and
// the chunks to release, and queues more work, nearest chunks first.
//
// A chunk is meshed once it and its eight neighbours are loaded, so faces
// on chunk borders are culled against the real neighbours. If a neighbour
// is loaded again later, the chunks around it are re-meshed. Edits through
// World.SetBlock re-mesh the edited chunk and the neighbours sharing the
// edited block's border, ahead of other work.
//
// Update, Recycle, Stats and Close must be called from one goroutine (the
// game loop).
type Streamer struct {
	w   *World
	cfg StreamConfig

	jobs    chan job
	results chan result
	wg      sync.WaitGroup
	closed  bool

	entries  map[chunk.Pos]*entry
	center   chunk.Pos
	started  bool
	offsets  []chunk.Pos // within the load radius, nearest first
	inFlight int
	maxJobs  int
	urgent   []chunk.Pos
	changes  []chunk.Pos
	ready    []*entry
	free     []*mesh.MeshData
	frame    Frame
	idle     bool // the last scan found nothing to do and nothing changed since
	resized  bool // SetRenderDistance changed the radius since the last Update

	meshR2, keepMeshR2, keepR2 int64
}

// maxLevel is the coarsest resolution a chunk is meshed at: level k has
// cells of 2^k voxels a side.
const maxLevel = 2

type entry struct {
	pos      chunk.Pos
	loaded   bool
	gen      uint64 // bumped whenever the mesh goes stale
	needMesh bool   // no mesh of the current gen exists or is coming
	meshing  bool
	ready    *mesh.MeshData // finished, not yet handed out
	uploaded bool           // the caller holds a mesh
	urgent   bool
	dist     int64
	level    uint8  // the resolution it is meshed at, now and by jobs from now on (maxLevel)
	levels   uint32 // bits 2i, 2i+1: neighbour i's level (as in mesh.Neighborhood) in its latest mesh
}

type jobKind uint8

const (
	jobLoad jobKind = iota
	jobMesh
)

type job struct {
	kind   jobKind
	pos    chunk.Pos
	gen    uint64
	nb     mesh.Neighborhood
	mk     mesh.MaskNeighborhood
	levels uint32 // bits 2i, 2i+1: neighbour i's level
	dst    *mesh.MeshData
}

type result struct {
	kind   jobKind
	pos    chunk.Pos
	gen    uint64
	col    *column
	mesh   *mesh.MeshData
	levels uint32
}

// coarseScratch is a worker's room for the coarse copies of the chunks it
// meshes, allocated on its first coarse job: the middle chunk's blocks
// and masks, and its neighbours' blocks, of which only the cells along the
// middle chunk are made (the mesher reads no more of them; with no masks
// it classifies those columns from the blocks).
type coarseScratch struct {
	blocks [9]chunk.Blocks
	masks  mesh.Masks
}

// apply replaces the chunks of nb and mk that levels makes coarse by
// their coarse copies.
func (c *coarseScratch) apply(nb *mesh.Neighborhood, mk *mesh.MaskNeighborhood, levels uint32) {
	const n = chunk.Size
	for i := range nb {
		cell := 1 << (levels >> (2 * i) & 3)
		if cell == 1 || nb[i] == nil {
			continue
		}
		if i == 4 {
			mesh.Coarsen(&c.blocks[i], nb[i], cell, SeaLevel)
			c.masks.Build(&c.blocks[i])
			nb[i], mk[i] = &c.blocks[i], &c.masks
			continue
		}
		// the neighbour's columns next to the middle chunk: its last
		// two along an axis it lies before the middle on, its first two
		// along one it lies after, all of them along one it shares
		x0, x1 := 0, n
		switch i % 3 {
		case 0:
			x0 = n - 2
		case 2:
			x1 = 2
		}
		z0, z1 := 0, n
		switch i / 3 {
		case 0:
			z0 = n - 2
		case 2:
			z1 = 2
		}
		mesh.CoarsenColumns(&c.blocks[i], nb[i], cell, SeaLevel, x0, z0, x1, z1)
		nb[i], mk[i] = &c.blocks[i], nil
	}
}

// NewStreamer starts a streamer and its workers over w; a world has at
// most one streamer at a time. Close stops it.
func NewStreamer(w *World, cfg StreamConfig) *Streamer {
	if cfg.RenderDistance <= 0 {
		cfg.RenderDistance = 8
	}
	if cfg.UploadBudget <= 0 {
		cfg.UploadBudget = 4
	}
	if cfg.Workers <= 0 {
		cfg.Workers = max(1, runtime.NumCPU()-1)
	}
	s := &Streamer{
		w:       w,
		cfg:     cfg,
		entries: map[chunk.Pos]*entry{},
		maxJobs: 2 * cfg.Workers,
	}
	s.setRadius(cfg.RenderDistance)
	s.jobs = make(chan job, s.maxJobs)
	s.results = make(chan result, s.maxJobs)
	w.setTracking(true)
	for range cfg.Workers {
		s.wg.Add(1)
		go s.work()
	}
	return s
}

// setRadius sets the render distance and the chunks it loads: those within
// it and their neighbours, nearest first.
func (s *Streamer) setRadius(rd int) {
	s.cfg.RenderDistance = rd
	r := int64(rd)
	s.meshR2, s.keepMeshR2, s.keepR2 = r*r, (r+1)*(r+1), (r+3)*(r+3)
	in := map[chunk.Pos]bool{}
	s.offsets = s.offsets[:0]
	for dz := -rd - 1; dz <= rd+1; dz++ {
		for dx := -rd - 1; dx <= rd+1; dx++ {
			p := chunk.Pos{X: int32(dx), Z: int32(dz)}
			for i := 0; i < 9 && !in[p]; i++ {
				if p.Add(i%3-1, i/3-1).DistSq(chunk.Pos{}) <= s.meshR2 {
					in[p] = true
					s.offsets = append(s.offsets, p)
				}
			}
		}
	}
	slices.SortStableFunc(s.offsets, func(a, b chunk.Pos) int {
		return cmp.Compare(a.DistSq(chunk.Pos{}), b.DistSq(chunk.Pos{}))
	})
}

// SetRenderDistance changes the render distance while streaming: the next
// Update releases the meshes and chunk data now out of range, as if the
// viewer had moved, and queues what came into range (nearest first). rd <= 0 is left as
// it is.
func (s *Streamer) SetRenderDistance(rd int) {
	if rd <= 0 || rd == s.cfg.RenderDistance {
		return
	}
	s.setRadius(rd)
	s.resized = true
}

// RenderDistance is the render distance in chunks.
func (s *Streamer) RenderDistance() int { return s.cfg.RenderDistance }

// work is one worker goroutine.
func (s *Streamer) work() {
	defer s.wg.Done()
	m := mesh.NewMesher()
	var coarse *coarseScratch
	for j := range s.jobs {
		switch j.kind {
		case jobLoad:
			s.results <- result{kind: jobLoad, pos: j.pos, col: s.w.produce(j.pos)}
		case jobMesh:
			if j.levels != 0 {
				if coarse == nil {
					coarse = new(coarseScratch)
				}
				coarse.apply(&j.nb, &j.mk, j.levels)
			}
			j.dst.Reset()
			m.MeshChunkMasks(j.dst, &j.nb, &j.mk, s.cfg.Mesh)
			if j.mk[4] != nil {
				// cave culling draws the mesh by sections, by the
				// connectivity of the blocks it was meshed from
				m.Sections(j.dst, j.mk[4])
			}
			s.results <- result{kind: jobMesh, pos: j.pos, gen: j.gen, mesh: j.dst, levels: j.levels}
		}
	}
}

// Update moves the viewer to world position (x, z) (blocks) and returns
// what changed since the last call; the Frame is valid until the next
// call. It does not block: it takes finished work, queues more, and hands
// out at most UploadBudget meshes.
func (s *Streamer) Update(x, z float64) *Frame {
	s.frame.Uploads = s.frame.Uploads[:0]
	s.frame.Releases = s.frame.Releases[:0]
	if s.closed {
		return &s.frame
	}
	c := chunk.PosOf(floor(x), floor(z))
	if !s.started || c != s.center || s.resized {
		s.started, s.resized = true, false
		s.center = c
		s.recenter()
		s.idle = false
	}
	s.collect()
	s.changes = s.w.takeChanges(s.changes[:0])
	for _, p := range s.changes {
		if e := s.entries[p]; e != nil && e.loaded {
			s.invalidate(e, true)
		}
	}
	s.schedule()
	s.handOut()
	return &s.frame
}

func floor(v float64) int {
	i := int(v)
	if float64(i) > v {
		i--
	}
	return i
}

// recenter recomputes distances and drops what is now out of range.
func (s *Streamer) recenter() {
	for p, e := range s.entries {
		e.dist = p.DistSq(s.center)
		if l := s.levelAt(e.dist, e.level); l != e.level {
			e.level = l
			// it and the neighbours that border it are meshed anew
			for i := range 9 {
				if n := s.entries[p.Add(i%3-1, i/3-1)]; n != nil && n.loaded {
					s.invalidate(n, false)
				}
			}
		}
		if e.dist > s.keepMeshR2 {
			s.dropMesh(e)
		}
		if e.dist > s.keepR2 && e.loaded && !e.meshing {
			s.unload(e)
		}
	}
}

// levelAt is the level a chunk at squared distance dist, at level now, is
// meshed at.
func (s *Streamer) levelAt(dist int64, now uint8) uint8 {
	d := int64(s.cfg.CoarseDistance)
	level := uint8(0)
	for k := int64(1); d > 0 && k <= maxLevel; k++ {
		b := k * d
		if dist > (b+1)*(b+1) || dist > b*b && now >= uint8(k) {
			level = uint8(k)
		}
	}
	return level
}

// unload drops e and its chunk data.
func (s *Streamer) unload(e *entry) {
	s.dropMesh(e)
	s.w.Unload(e.pos)
	delete(s.entries, e.pos)
	s.idle = false
}

// dropMesh forgets e's mesh, telling the caller if it holds one.
func (s *Streamer) dropMesh(e *entry) {
	if e.uploaded {
		s.frame.Releases = append(s.frame.Releases, e.pos)
		e.uploaded = false
	}
	if e.ready != nil {
		s.free = append(s.free, e.ready)
		e.ready = nil
	}
	e.gen++
	e.needMesh = true
	e.urgent = false
}

// invalidate marks e's mesh stale if it has or is getting one.
func (s *Streamer) invalidate(e *entry, urgent bool) {
	if e.needMesh && !e.meshing {
		return // not meshed yet; the scan will get to it
	}
	e.gen++
	e.needMesh = true
	if e.ready != nil {
		s.free = append(s.free, e.ready)
		e.ready = nil
	}
	if urgent && !e.urgent {
		e.urgent = true
		s.urgent = append(s.urgent, e.pos)
	}
	s.idle = false
}

// collect takes finished jobs.
func (s *Streamer) collect() {
	for {
		select {
		case r := <-s.results:
			s.inFlight--
			s.idle = false
			e := s.entries[r.pos]
			switch r.kind {
			case jobLoad:
				s.w.insert(r.pos, r.col)
				if e == nil { // cannot happen: entries loading are kept
					continue
				}
				e.loaded = true
				if e.dist > s.keepR2 { // the viewer moved away meanwhile
					s.unload(e)
					continue
				}
				// a neighbour that arrives after a chunk was meshed
				// changes its border faces
				for dz := -1; dz <= 1; dz++ {
					for dx := -1; dx <= 1; dx++ {
						if n := s.entries[r.pos.Add(dx, dz)]; n != nil && n != e && n.loaded {
							s.invalidate(n, false)
						}
					}
				}
			case jobMesh:
				if e == nil {
					s.free = append(s.free, r.mesh)
					continue
				}
				e.meshing = false
				if r.gen != e.gen || e.dist > s.keepMeshR2 {
					s.free = append(s.free, r.mesh)
					if e.dist > s.keepR2 {
						s.unload(e)
					}
					continue
				}
				e.needMesh = false
				e.levels = r.levels
				if e.ready != nil {
					s.free = append(s.free, e.ready)
				} else {
					s.ready = append(s.ready, e)
				}
				e.ready = r.mesh
			}
		default:
			return
		}
	}
}

// meshable reports whether e can be meshed now: it and all its neighbours
// are loaded.
func (s *Streamer) meshable(e *entry) bool {
	if !e.loaded || e.meshing || !e.needMesh {
		return false
	}
	for dz := -1; dz <= 1; dz++ {
		for dx := -1; dx <= 1; dx++ {
			n := s.entries[e.pos.Add(dx, dz)]
			if n == nil || !n.loaded {
				return false
			}
		}
	}
	return true
}

func (s *Streamer) startMesh(e *entry) {
	j := job{kind: jobMesh, pos: e.pos, gen: e.gen}
	for i := range j.nb {
		p := e.pos.Add(i%3-1, i/3-1)
		j.nb[i], j.mk[i] = s.w.chunkMasks(p)
		if n := s.entries[p]; n != nil {
			j.levels |= uint32(n.level) << (2 * i)
		}
	}
	if n := len(s.free); n > 0 {
		j.dst = s.free[n-1]
		s.free = s.free[:n-1]
	} else {
		j.dst = new(mesh.MeshData)
	}
	e.meshing = true
	s.inFlight++
	s.jobs <- j
}

// schedule queues jobs until maxJobs are in flight: re-meshes after edits
// first, then loads and meshes nearest first.
func (s *Streamer) schedule() {
	if s.idle {
		return
	}
	keep := s.urgent[:0]
	for _, p := range s.urgent {
		e := s.entries[p]
		if e == nil || !e.urgent {
			continue
		}
		if s.inFlight < s.maxJobs && s.meshable(e) {
			s.startMesh(e)
			continue
		}
		keep = append(keep, p)
	}
	s.urgent = keep
	pending := false
	for _, off := range s.offsets {
		if s.inFlight >= s.maxJobs {
			return
		}
		p := s.center.Add(int(off.X), int(off.Z))
		e := s.entries[p]
		if e == nil {
			e = &entry{pos: p, needMesh: true, dist: p.DistSq(s.center)}
			e.level = s.levelAt(e.dist, 0)
			s.entries[p] = e
			s.inFlight++
			s.jobs <- job{kind: jobLoad, pos: p}
			pending = true
			continue
		}
		if e.dist > s.meshR2 || !e.needMesh {
			continue
		}
		pending = true
		if s.meshable(e) {
			s.startMesh(e)
		}
	}
	s.idle = !pending && len(s.urgent) == 0
}

// handOut moves up to UploadBudget ready meshes into the frame.
func (s *Streamer) handOut() {
	if len(s.ready) == 0 {
		return
	}
	slices.SortFunc(s.ready, func(a, b *entry) int {
		if a.urgent != b.urgent {
			if a.urgent {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(a.dist, b.dist); c != 0 {
			return c
		}
		if c := cmp.Compare(a.pos.X, b.pos.X); c != 0 {
			return c
		}
		return cmp.Compare(a.pos.Z, b.pos.Z)
	})
	n := 0
	for _, e := range s.ready {
		if e.ready == nil {
			continue
		}
		if n == s.cfg.UploadBudget {
			break
		}
		s.frame.Uploads = append(s.frame.Uploads, Upload{Pos: e.pos, Mesh: e.ready})
		e.ready = nil
		e.uploaded = true
		if !e.needMesh {
			e.urgent = false
		}
		n++
	}
	keep := s.ready[:0]
	for _, e := range s.ready {
		if e.ready != nil {
			keep = append(keep, e)
		}
	}
	clear(s.ready[len(keep):])
	s.ready = keep
}

// Recycle gives back the storage of a mesh from an Upload once the caller
// has uploaded it. Optional, but it makes steady-state streaming free of
// allocations. The mesh must not be used afterwards.
func (s *Streamer) Recycle(m *mesh.MeshData) {
	if m != nil && len(s.free) < 4*s.maxJobs {
		s.free = append(s.free, m)
	}
}

// Stats counts what the streamer holds.
func (s *Streamer) Stats() StreamStats {
	st := StreamStats{InFlight: s.inFlight, Ready: len(s.ready)}
	for _, e := range s.entries {
		if e.loaded {
			st.Resident++
		}
		if e.uploaded {
			st.Meshed++
		}
		if e.level > 0 && e.dist <= s.meshR2 {
			st.Coarse++
		}
	}
	return st
}

// Close stops the workers, waiting for the jobs in flight; chunks they
// loaded are kept in the world so that nothing unsaved is lost. The world
// stays usable (for a final save). Close is idempotent.
func (s *Streamer) Close() {
	if s.closed {
		return
	}
	s.closed = true
	close(s.jobs)
	s.wg.Wait()
	close(s.results)
	for r := range s.results {
		if r.kind == jobLoad {
			s.w.insert(r.pos, r.col)
		}
	}
	s.w.setTracking(false)
	s.inFlight = 0
}
