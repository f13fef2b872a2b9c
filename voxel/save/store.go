package save

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/sleakgo/sleak/internal/atomicfile"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

// Store is a save directory:
//
//	<dir>/world.json          the WorldInfo
//	<dir>/regions/r.X.Z.vxr   region files, 8x8 chunks each
//
// Only chunks with edits are saved; the others are regenerated from the
// seed, which keeps saves small and fast. Every file is replaced
// atomically (temporary file, fsync, rename, directory fsync), so a crash
// or kill at any moment leaves each file either as it was or as it became;
// a save that spans several region files can be cut between two of them,
// leaving some regions at the new state and the rest at the previous one,
// each of them consistent.
//
// A Store implements world.Source. It is safe for concurrent use.
type Store struct {
	dir, regions string

	mu    sync.Mutex // guards cache; held while rewriting a region
	cache map[RegionPos]*cached
	tick  uint64
}

type cached struct {
	r    *Region // nil: no file
	err  error
	used uint64
}

const cacheRegions = 16

// Open opens or creates the save directory dir and removes temporary
// files an interrupted save left behind.
func Open(dir string) (*Store, error) {
	s := &Store{dir: dir, regions: filepath.Join(dir, "regions"), cache: map[RegionPos]*cached{}}
	if err := os.MkdirAll(s.regions, 0o755); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	if err := atomicfile.RemoveTemps(dir); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	if err := atomicfile.RemoveTemps(s.regions); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	return s, nil
}

// Dir is the save directory.
func (s *Store) Dir() string { return s.dir }

// RegionPath is the file of region r.
func (s *Store) RegionPath(r RegionPos) string {
	return filepath.Join(s.regions, fmt.Sprintf("r.%d.%d.vxr", r.X, r.Z))
}

func (s *Store) worldPath() string { return filepath.Join(s.dir, "world.json") }

// region returns region r, reading it if it is not cached. s.mu is held.
func (s *Store) region(rp RegionPos) (*Region, error) {
	s.tick++
	if c := s.cache[rp]; c != nil {
		c.used = s.tick
		return c.r, c.err
	}
	path := s.RegionPath(rp)
	var r *Region
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = nil
	case err != nil:
		err = fmt.Errorf("load region %s: %w", path, err)
	default:
		r, err = DecodeRegion(data)
		if err != nil {
			err = fmt.Errorf("load region %s: %w", path, err)
		} else if r.Pos != rp {
			r, err = nil, fmt.Errorf("load region %s: %w: it says it is region %d,%d", path, ErrCorrupt, r.Pos.X, r.Pos.Z)
		}
	}
	if len(s.cache) >= cacheRegions {
		var oldest RegionPos
		var t uint64 = 1<<64 - 1
		for p, c := range s.cache {
			if c.used < t {
				oldest, t = p, c.used
			}
		}
		delete(s.cache, oldest)
	}
	s.cache[rp] = &cached{r: r, err: err, used: s.tick}
	return r, err
}

// LoadChunk returns the saved blocks of chunk p, or nil and no error if it
// has none. A corrupt chunk or region, or one from a newer version, is an
// error naming the region file and the chunk; the world then regenerates
// the chunk and reports the error.
func (s *Store) LoadChunk(p chunk.Pos) (*chunk.Blocks, error) {
	rp, slot := RegionOf(p)
	s.mu.Lock()
	r, err := s.region(rp)
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("chunk %d,%d: %w", p.X, p.Z, err)
	}
	if r == nil || !r.Has(slot) {
		return nil, nil
	}
	b := new(chunk.Blocks)
	if err := r.Chunk(slot, b); err != nil {
		return nil, fmt.Errorf("load chunk %d,%d from region %s: %w", p.X, p.Z, s.RegionPath(rp), err)
	}
	return b, nil
}

// SaveChunks writes the snapshots into their region files, one atomic
// rewrite per region; the other chunks of a region are copied over as they
// are. It returns the snapshots that were written (to pass to
// World.MarkSaved) and the errors of regions that were not. A region file
// from a newer version is never overwritten; a corrupt one is kept aside
// as <name>.corrupt and replaced.
func (s *Store) SaveChunks(snaps []world.Snapshot) ([]world.Snapshot, error) {
	sorted := slices.Clone(snaps)
	slices.SortFunc(sorted, func(a, b world.Snapshot) int {
		ra, _ := RegionOf(a.Pos)
		rb, _ := RegionOf(b.Pos)
		if c := cmp.Compare(ra.X, rb.X); c != 0 {
			return c
		}
		if c := cmp.Compare(ra.Z, rb.Z); c != 0 {
			return c
		}
		_, sa := RegionOf(a.Pos)
		_, sb := RegionOf(b.Pos)
		return cmp.Compare(sa, sb)
	})
	var saved []world.Snapshot
	var errs []error
	for i := 0; i < len(sorted); {
		rp, _ := RegionOf(sorted[i].Pos)
		j := i
		for j < len(sorted) {
			if r, _ := RegionOf(sorted[j].Pos); r != rp {
				break
			}
			j++
		}
		if err := s.saveRegion(rp, sorted[i:j]); err != nil {
			errs = append(errs, err)
		} else {
			saved = append(saved, sorted[i:j]...)
		}
		i = j
	}
	return saved, errors.Join(errs...)
}

func (s *Store) saveRegion(rp RegionPos, snaps []world.Snapshot) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	path := s.RegionPath(rp)
	old, err := s.region(rp)
	if err != nil {
		if errors.Is(err, ErrNewerVersion) {
			return fmt.Errorf("save region %s: refusing to overwrite it: %w", path, err)
		}
		if !errors.Is(err, ErrCorrupt) {
			return fmt.Errorf("save region %s: %w", path, err)
		}
		if rerr := os.Rename(path, path+".corrupt"); rerr != nil {
			return fmt.Errorf("save region %s: keeping the corrupt file aside: %w", path, rerr)
		}
		old = nil
	}
	w := &regionWriter{pos: rp}
	var fresh [regionChunks]*chunk.Blocks
	for _, sn := range snaps {
		_, slot := RegionOf(sn.Pos)
		fresh[slot] = sn.Blocks
	}
	for i := range regionChunks {
		switch {
		case fresh[i] != nil:
			w.putChunk(i, fresh[i])
		case old != nil && old.Has(i):
			w.copyFrom(old, i)
		}
	}
	data := w.bytes()
	delete(s.cache, rp)
	if err := atomicfile.Write(path, data); err != nil {
		return fmt.Errorf("save region %s: %w", path, err)
	}
	return nil
}

// LoadWorld reads the world file. A missing file is an error that wraps
// fs.ErrNotExist (a new world); a file from a newer version wraps
// ErrNewerVersion.
func (s *Store) LoadWorld() (*WorldInfo, error) {
	path := s.worldPath()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load world %s: %w", path, err)
	}
	w, err := decodeWorld(data)
	if err != nil {
		return nil, fmt.Errorf("load world %s: %w", path, err)
	}
	return w, nil
}

// SaveWorld writes the world file atomically, with this build's format
// version. It refuses to replace a world file from a newer version.
func (s *Store) SaveWorld(info *WorldInfo) error {
	path := s.worldPath()
	if old, err := os.ReadFile(path); err == nil {
		if _, err := decodeWorld(old); errors.Is(err, ErrNewerVersion) {
			return fmt.Errorf("save world %s: refusing to overwrite it: %w", path, err)
		}
	}
	w := *info
	w.Format, w.ChunkSize, w.Height = FormatVersion, chunk.Size, chunk.Height
	data, err := json.MarshalIndent(&w, "", "  ")
	if err != nil {
		return fmt.Errorf("save world %s: %w", path, err)
	}
	if err := atomicfile.Write(path, append(data, '\n')); err != nil {
		return fmt.Errorf("save world %s: %w", path, err)
	}
	return nil
}
