package world

import (
	"slices"
	"sync"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

// Source supplies chunks that were saved. LoadChunk returns nil and no
// error for a chunk that has no saved copy (it is then generated). An error
// means the saved copy is unusable (corrupt, unreadable); the world reports
// it and generates the chunk instead. LoadChunk is called from worker
// goroutines, concurrently.
type Source interface {
	LoadChunk(pos chunk.Pos) (*chunk.Blocks, error)
}

// Config configures a World.
type Config struct {
	Seed   int64
	Source Source      // saved chunks; nil: everything is generated
	Report func(error) // receives errors of Source, from worker goroutines; nil: ignored
}

// World is the set of resident chunks of one world, their edits, and where
// missing chunks come from (the save, else the generator).
//
// Chunk data is copy-on-write: a *chunk.Blocks handed out by the world is
// never written again, so meshing workers and the autosaver read it without
// locks while the game keeps editing; an edit copies the chunk (256 KiB,
// about 20 µs) and publishes the copy. Use SetBlocks to make many edits with
// one copy per chunk.
//
// All methods are safe for concurrent use.
type World struct {
	gen    *Generator
	src    Source
	report func(error)

	mu      sync.Mutex
	chunks  map[chunk.Pos]*column
	parked  map[chunk.Pos]*column // unloaded with unsaved edits
	changes []chunk.Pos           // chunks whose meshes edits made stale
	track   bool                  // record changes (a Streamer is attached)
}

// column is one resident chunk.
type column struct {
	blocks *chunk.Blocks // immutable once published
	masks  *mesh.Masks   // the blocks' mesh masks, copied and updated with them
	rev    uint64        // edits so far
	saved  uint64        // rev that the save holds
}

// New returns an empty world.
func New(cfg Config) *World {
	return &World{
		gen:    NewGenerator(cfg.Seed),
		src:    cfg.Source,
		report: cfg.Report,
		chunks: map[chunk.Pos]*column{},
		parked: map[chunk.Pos]*column{},
	}
}

// Generator is the world's terrain generator.
func (w *World) Generator() *Generator { return w.gen }

// Seed is the world's seed.
func (w *World) Seed() int64 { return w.gen.seed }

// Chunk returns the blocks of a resident chunk. The array must not be
// written; it stays valid (as a snapshot) after later edits.
func (w *World) Chunk(pos chunk.Pos) (*chunk.Blocks, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := w.chunks[pos]
	if c == nil {
		return nil, false
	}
	return c.blocks, true
}

// chunkMasks returns the blocks and mesh masks of a resident chunk, a
// consistent pair; neither must be written.
func (w *World) chunkMasks(pos chunk.Pos) (*chunk.Blocks, *mesh.Masks) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := w.chunks[pos]
	if c == nil {
		return nil, nil
	}
	return c.blocks, c.masks
}

// Loaded reports whether chunk pos is resident.
func (w *World) Loaded(pos chunk.Pos) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.chunks[pos] != nil
}

// Len is the number of resident chunks.
func (w *World) Len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.chunks)
}

// Block returns the block at world position (x, y, z); ok is false when its
// chunk is not resident. Above and below the world is air.
func (w *World) Block(x, y, z int) (id block.ID, ok bool) {
	if y < 0 || y >= chunk.Height {
		return block.Air, true
	}
	w.mu.Lock()
	c := w.chunks[chunk.PosOf(x, z)]
	w.mu.Unlock()
	if c == nil {
		return block.Air, false
	}
	return c.blocks.At(chunk.Local(x), y, chunk.Local(z)), true
}

// Solid reports whether the player collides with the block at (x, y, z).
// Chunks that are not resident are solid, so nobody falls through terrain
// that has not arrived yet; below the world is solid too.
func (w *World) Solid(x, y, z int) bool {
	if y < 0 {
		return true
	}
	id, ok := w.Block(x, y, z)
	return !ok || id.Solid()
}

// Edit is one block change.
type Edit struct {
	X, Y, Z int
	ID      block.ID
}

// SetBlock sets the block at world position (x, y, z). It reports false,
// changing nothing, when y is outside the world, the ID is invalid, or the
// chunk is not resident. The chunk's mesh and those of neighbours that
// share the changed block's border (and corner, for ambient occlusion) are
// re-made by an attached Streamer.
func (w *World) SetBlock(x, y, z int, id block.ID) bool {
	e := [1]Edit{{x, y, z, id}}
	return w.SetBlocks(e[:]) == 1
}

// SetBlocks applies edits in order, copying each affected chunk once. It
// returns how many were applied (see SetBlock for the ones that are not).
func (w *World) SetBlocks(edits []Edit) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	applied := 0
	var copied []chunk.Pos // chunks copied by this call
	for _, e := range edits {
		if e.Y < 0 || e.Y >= chunk.Height || !e.ID.Valid() {
			continue
		}
		p := chunk.PosOf(e.X, e.Z)
		c := w.chunks[p]
		if c == nil {
			continue
		}
		lx, lz := chunk.Local(e.X), chunk.Local(e.Z)
		if c.blocks.At(lx, e.Y, lz) == e.ID {
			applied++
			continue
		}
		if !slices.Contains(copied, p) {
			nb := new(chunk.Blocks)
			*nb = *c.blocks
			c.blocks = nb
			nm := new(mesh.Masks)
			*nm = *c.masks
			c.masks = nm
			copied = append(copied, p)
		}
		c.blocks.Set(lx, e.Y, lz, e.ID)
		c.masks.Set(lx, e.Y, lz, e.ID)
		c.rev++
		applied++
		if w.track {
			w.changes = append(w.changes, p)
			dx, dz := 0, 0
			switch lx {
			case 0:
				dx = -1
			case chunk.Size - 1:
				dx = 1
			}
			switch lz {
			case 0:
				dz = -1
			case chunk.Size - 1:
				dz = 1
			}
			if dx != 0 {
				w.changes = append(w.changes, p.Add(dx, 0))
			}
			if dz != 0 {
				w.changes = append(w.changes, p.Add(0, dz))
			}
			if dx != 0 && dz != 0 {
				w.changes = append(w.changes, p.Add(dx, dz))
			}
		}
	}
	return applied
}

// takeChanges moves the recorded changes into buf.
func (w *World) takeChanges(buf []chunk.Pos) []chunk.Pos {
	w.mu.Lock()
	defer w.mu.Unlock()
	buf = append(buf, w.changes...)
	w.changes = w.changes[:0]
	return buf
}

func (w *World) setTracking(on bool) {
	w.mu.Lock()
	w.track = on
	w.changes = w.changes[:0]
	w.mu.Unlock()
}

// produce makes chunk pos: from the unsaved chunks unloaded earlier, else
// the Source, else the generator. It runs on worker goroutines.
func (w *World) produce(pos chunk.Pos) *column {
	w.mu.Lock()
	if c := w.parked[pos]; c != nil {
		delete(w.parked, pos)
		w.mu.Unlock()
		return c
	}
	w.mu.Unlock()
	if w.src != nil {
		b, err := w.src.LoadChunk(pos)
		if err != nil {
			if w.report != nil {
				w.report(err)
			}
		} else if b != nil {
			return &column{blocks: b, masks: mesh.NewMasks(b)}
		}
	}
	b := new(chunk.Blocks)
	w.gen.Generate(b, pos)
	return &column{blocks: b, masks: mesh.NewMasks(b)}
}

// Load makes chunk pos resident, the way a Streamer does (the save, else
// the generator), and returns its blocks. It blocks while generating; it is
// meant for tools and tests, and for the chunks under the player at start.
func (w *World) Load(pos chunk.Pos) *chunk.Blocks {
	if b, ok := w.Chunk(pos); ok {
		return b
	}
	c := w.produce(pos)
	w.insert(pos, c)
	b, _ := w.Chunk(pos)
	return b
}

// insert makes c resident at pos, unless a chunk is already there.
func (w *World) insert(pos chunk.Pos, c *column) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.chunks[pos] == nil {
		w.chunks[pos] = c
	}
}

// Unload drops chunk pos. A chunk with unsaved edits is kept aside until the
// next save has written it (or until it is loaded again).
func (w *World) Unload(pos chunk.Pos) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := w.chunks[pos]
	if c == nil {
		return
	}
	delete(w.chunks, pos)
	if c.rev != c.saved {
		w.parked[pos] = c
	}
}

// Snapshot is the state of one chunk with unsaved edits, taken for saving.
type Snapshot struct {
	Pos    chunk.Pos
	Blocks *chunk.Blocks // immutable
	Rev    uint64
}

// Dirty appends to buf a snapshot of every chunk with unsaved edits,
// resident or unloaded. It only copies pointers: edits made afterwards go
// to new arrays and do not disturb the snapshot.
func (w *World) Dirty(buf []Snapshot) []Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	for p, c := range w.chunks {
		if c.rev != c.saved {
			buf = append(buf, Snapshot{p, c.blocks, c.rev})
		}
	}
	for p, c := range w.parked {
		buf = append(buf, Snapshot{p, c.blocks, c.rev})
	}
	return buf
}

// MarkSaved records that the snapshots were written. Chunks edited since a
// snapshot stay dirty; unloaded chunks that are now saved are dropped.
func (w *World) MarkSaved(snaps []Snapshot) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range snaps {
		if c := w.chunks[s.Pos]; c != nil && c.saved < s.Rev {
			c.saved = s.Rev
		}
		if c := w.parked[s.Pos]; c != nil {
			if c.saved < s.Rev {
				c.saved = s.Rev
			}
			if c.saved == c.rev {
				delete(w.parked, s.Pos)
			}
		}
	}
}
