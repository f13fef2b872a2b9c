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
	"github.com/sleakgo/sleak/internal/boundedfile"
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

	readFile func(string, boundedfile.Kind) ([]byte, error) // boundedfile.ReadFile; tests fail it
}

type cached struct {
	r    *Region // nil: no file
	err  error   // a lasting problem: corrupt or newer; transient ones are not cached
	data []byte  // the file as read, to keep a damaged one aside
	kept bool    // a copy of the damaged file has been kept aside
	used uint64
}

// Limits of the files of a save, read through boundedfile.
var (
	regionKind = boundedfile.Kind{Name: "region file", Max: MaxRegionSize}
	// worldKind: world.json is a few hundred bytes of JSON.
	worldKind = boundedfile.Kind{Name: "world file", Max: 1 << 20}
)

// corruptCopies bounds the numbered copies kept of one damaged file.
const corruptCopies = 1000

const cacheRegions = 16

// Open opens or creates the save directory dir and removes temporary
// files an interrupted save left behind.
func Open(dir string) (*Store, error) {
	s := &Store{dir: dir, regions: filepath.Join(dir, "regions"), cache: map[RegionPos]*cached{}, readFile: boundedfile.ReadFile}
	if err := os.MkdirAll(s.regions, 0o755); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	if err := atomicfile.RemoveTemps(dir, func(name string) bool { return name == worldFile }); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	if err := atomicfile.RemoveTemps(s.regions, isRegionName); err != nil {
		return nil, fmt.Errorf("open save %s: %w", dir, err)
	}
	return s, nil
}

const worldFile = "world.json"

// regionName is the file name of region r.
func regionName(r RegionPos) string { return fmt.Sprintf("r.%d.%d.vxr", r.X, r.Z) }

// isRegionName reports whether name is exactly a name regionName makes.
func isRegionName(name string) bool {
	var x, z int32
	if n, err := fmt.Sscanf(name, "r.%d.%d.vxr", &x, &z); err != nil || n != 2 {
		return false
	}
	return name == regionName(RegionPos{x, z})
}

// Dir is the save directory.
func (s *Store) Dir() string { return s.dir }

// RegionPath is the file of region r.
func (s *Store) RegionPath(r RegionPos) string {
	return filepath.Join(s.regions, regionName(r))
}

func (s *Store) worldPath() string { return filepath.Join(s.dir, worldFile) }

// region returns region r, reading it if it is not cached. s.mu is held.
// A read error that may pass (a busy disk, a network folder) is not
// cached, so the next load or save tries again.
func (s *Store) region(rp RegionPos) (*Region, error) {
	c, err := s.entry(rp)
	if err != nil {
		return nil, err
	}
	return c.r, c.err
}

// entry returns the cache entry of region rp, reading the file if needed;
// the error is a transient read error, not cached.
func (s *Store) entry(rp RegionPos) (*cached, error) {
	s.tick++
	if c := s.cache[rp]; c != nil {
		c.used = s.tick
		return c, nil
	}
	path := s.RegionPath(rp)
	c := &cached{used: s.tick}
	data, err := s.readFile(path, regionKind)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, boundedfile.ErrTooLarge), errors.Is(err, boundedfile.ErrNotRegular):
		c.err = fmt.Errorf("load region: %w: %w", ErrCorrupt, err)
	case err != nil:
		return nil, fmt.Errorf("load region: %w", err)
	default:
		c.data = data
		c.r, c.err = DecodeRegion(data)
		if c.err != nil {
			c.err = fmt.Errorf("load region %s: %w", path, c.err)
		} else if c.r.Pos != rp {
			c.r, c.err = nil, fmt.Errorf("load region %s: %w: it says it is region %d,%d", path, ErrCorrupt, c.r.Pos.X, c.r.Pos.Z)
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
	s.cache[rp] = c
	return c, nil
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
	c, err := s.entry(rp)
	if err != nil {
		return fmt.Errorf("save region %s: %w", path, err)
	}
	old := c.r
	var fresh [regionChunks]*chunk.Blocks
	for _, sn := range snaps {
		_, slot := RegionOf(sn.Pos)
		fresh[slot] = sn.Blocks
	}
	switch {
	case errors.Is(c.err, ErrNewerVersion):
		return fmt.Errorf("save region %s: refusing to overwrite it: %w", path, c.err)
	case c.err != nil && !errors.Is(c.err, ErrCorrupt):
		return fmt.Errorf("save region %s: %w", path, c.err)
	case c.err != nil, old.Lost(), overwritesDamage(old, &fresh):
		// What the rewrite would drop (an unreadable file, chunks whose
		// entry was lost, a damaged payload replaced by a new edit) is
		// kept in a copy first, so nothing is lost that repair by hand
		// could recover.
		if err := s.keepAside(c, path); err != nil {
			return fmt.Errorf("save region %s: %w", path, err)
		}
	}
	w := &regionWriter{pos: rp}
	for i := range regionChunks {
		switch {
		case fresh[i] != nil:
			w.putChunk(i, fresh[i])
		case old != nil && old.entries[i].encoding != encNone:
			w.copyFrom(old, i)
		}
	}
	data := w.bytes()
	delete(s.cache, rp)
	if err := atomicfile.Write(path, data); err != nil {
		return fmt.Errorf("save region: %w", err)
	}
	return nil
}

// overwritesDamage reports whether a new edit replaces a chunk of old that
// does not decode, whose damaged payload would otherwise be gone.
func overwritesDamage(old *Region, fresh *[regionChunks]*chunk.Blocks) bool {
	if old == nil {
		return false
	}
	var b chunk.Blocks
	for i, f := range fresh {
		if f != nil && old.Has(i) && old.Chunk(i, &b) != nil {
			return true
		}
	}
	return false
}

// keepAside writes the damaged file as read to a new name beside it:
// NAME.corrupt, else NAME.corrupt-2, -3 and so on, never replacing an
// earlier copy. It does so once per damaged file read.
func (s *Store) keepAside(c *cached, path string) error {
	if c.kept || c.data == nil {
		return nil
	}
	for n := 1; n <= corruptCopies; n++ {
		name := path + ".corrupt"
		if n > 1 {
			name = fmt.Sprintf("%s.corrupt-%d", path, n)
		}
		err := writeNew(name, c.data)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("keeping the damaged file aside: %w", err)
		}
		c.kept = true
		return nil
	}
	return fmt.Errorf("keeping the damaged file aside: %d copies exist already", corruptCopies)
}

// writeNew creates name, which must not exist, with data, durably.
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// LoadWorld reads the world file. A missing file is an error that wraps
// fs.ErrNotExist (a new world); a file from a newer version wraps
// ErrNewerVersion.
func (s *Store) LoadWorld() (*WorldInfo, error) {
	path := s.worldPath()
	data, err := boundedfile.ReadFile(path, worldKind)
	if err != nil {
		return nil, fmt.Errorf("load world: %w", err)
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
	if old, err := boundedfile.ReadFile(path, worldKind); err == nil {
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
		return fmt.Errorf("save world: %w", err)
	}
	return nil
}
