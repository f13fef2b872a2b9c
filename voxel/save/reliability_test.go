package save

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/internal/boundedfile"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

// threeChunkRegion saves an edited chunk into each of slots 0, 9 and 63 of
// region 0,0 and returns them by position.
func threeChunkRegion(t *testing.T, st *Store) map[chunk.Pos]*chunk.Blocks {
	t.Helper()
	chunks := map[chunk.Pos]*chunk.Blocks{}
	var snaps []world.Snapshot
	for i, slot := range []int{0, 9, 63} {
		p := RegionPos{}.ChunkAt(slot)
		// Small payloads keep the byte-by-byte test quick.
		b := new(chunk.Blocks)
		b.Set(i, 10+i, 3, block.Bricks)
		b.Set(5, 20, i, block.Stone)
		chunks[p] = b
		snaps = append(snaps, world.Snapshot{Pos: p, Blocks: b, Rev: 1})
	}
	if _, err := st.SaveChunks(snaps); err != nil {
		t.Fatal(err)
	}
	return chunks
}

// decodesAll checks that region data holds chunks, as DecodeRegion and
// Region.Chunk read it (the store adds files and caching only).
func decodesAll(data []byte, chunks map[chunk.Pos]*chunk.Blocks) error {
	r, err := DecodeRegion(data)
	if err != nil {
		return err
	}
	if r.Pos != (RegionPos{}) {
		return fmt.Errorf("region says it is %v", r.Pos)
	}
	var b chunk.Blocks
	for p, want := range chunks {
		_, slot := RegionOf(p)
		if err := r.Chunk(slot, &b); err != nil {
			return err
		}
		if b != *want {
			return fmt.Errorf("chunk %v came back different", p)
		}
	}
	return nil
}

func loadAll(st *Store, chunks map[chunk.Pos]*chunk.Blocks) error {
	for p, want := range chunks {
		got, err := st.LoadChunk(p)
		if err != nil {
			return err
		}
		if got == nil || *got != *want {
			return fmt.Errorf("chunk %v came back different", p)
		}
	}
	return nil
}

// One flipped byte anywhere in either header copy set aside all 64 chunks'
// edits: now the other copy (or the per-chunk CRCs) restores every one.
func TestOneBadHeaderByteLosesNothing(t *testing.T) {
	st := openTemp(t)
	chunks := threeChunkRegion(t, st)
	path := st.RegionPath(RegionPos{})
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, start := range []int{0, len(good) - headerSize} {
		for i := range headerSize {
			data := bytes.Clone(good)
			data[start+i] ^= 0x40
			if err := decodesAll(data, chunks); err != nil {
				t.Fatalf("byte %d of the header at %d flipped: %v", i, start, err)
			}
		}
	}
	// Two bad bytes, one in each copy, in different slots' entries: the
	// table is rebuilt slot by slot from whichever entry matches its CRC.
	data := bytes.Clone(good)
	data[tableOffset+0*entrySize+1] ^= 1
	data[len(data)-headerSize+tableOffset+9*entrySize+1] ^= 1
	os.WriteFile(path, data, 0o644)
	st2, _ := Open(st.Dir())
	if err := loadAll(st2, chunks); err != nil {
		t.Fatalf("one bad byte in each copy: %v", err)
	}
}

// A region file in the previous format (no header copy) still loads.
func TestVersion1RegionLoads(t *testing.T) {
	st := openTemp(t)
	chunks := threeChunkRegion(t, st)
	path := st.RegionPath(RegionPos{})
	data, _ := os.ReadFile(path)
	v1 := bytes.Clone(data[:len(data)-headerSize])
	v1[8] = 1
	fixHeader(v1)
	os.WriteFile(path, v1, 0o644)
	st2, _ := Open(st.Dir())
	if err := loadAll(st2, chunks); err != nil {
		t.Fatal(err)
	}
}

func fixHeader(d []byte) {
	binary.LittleEndian.PutUint32(d[headerSize-4:], crc32.ChecksumIEEE(d[:headerSize-4]))
}

// Each corruption kept its copy as NAME.corrupt, overwriting the previous
// copy: every damaged file is now kept under a name of its own.
func TestCorruptCopiesAreNeverOverwritten(t *testing.T) {
	st := openTemp(t)
	p := chunk.Pos{X: 1, Z: 1}
	path := st.RegionPath(RegionPos{})
	var damaged [][]byte
	for round := range 3 {
		saveOne(t, st, p, noisy(uint64(round)))
		junk := []byte(fmt.Sprintf("not a region, round %d", round))
		os.WriteFile(path, junk, 0o644)
		damaged = append(damaged, junk)
		st2, _ := Open(st.Dir())
		if _, err := st2.LoadChunk(p); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("round %d: %v", round, err)
		}
		saveOne(t, st2, p, noisy(uint64(round)))
	}
	for i, want := range damaged {
		name := path + ".corrupt"
		if i > 0 {
			name = fmt.Sprintf("%s.corrupt-%d", path, i+1)
		}
		if got, err := os.ReadFile(name); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s = %q, %v; want %q", filepath.Base(name), got, err, want)
		}
	}
}

// A damaged payload was copied forward, then overwritten without a copy
// once the regenerated chunk was edited: the file holding it is now kept
// aside before the edit replaces it.
func TestDamagedPayloadKeptUntilEditIsWritten(t *testing.T) {
	st := openTemp(t)
	p, other := chunk.Pos{X: 2, Z: 3}, chunk.Pos{X: 4, Z: 4}
	path := saveOne(t, st, p, noisy(1))
	data, _ := os.ReadFile(path)
	r, _ := DecodeRegion(data)
	_, slot := RegionOf(p)
	e := r.entries[slot]
	data[e.offset+e.length/2] ^= 0x10
	os.WriteFile(path, data, 0o644)
	damaged := bytes.Clone(data[e.offset : e.offset+e.length])

	// An edit elsewhere in the region copies the damaged payload forward.
	st2, _ := Open(st.Dir())
	saveOne(t, st2, other, noisy(2))
	if _, err := os.Stat(path + ".corrupt"); err == nil {
		t.Fatal("a copy was kept although nothing was dropped")
	}
	// The player edits the regenerated chunk: the file with the damaged
	// payload is kept before the new edit replaces it.
	saveOne(t, st2, p, noisy(3))
	kept, err := os.ReadFile(path + ".corrupt")
	if err != nil || !bytes.Contains(kept, damaged) {
		t.Fatalf("the damaged payload was not kept: %v", err)
	}
	if b, err := st2.LoadChunk(p); err != nil || *b != *noisy(3) {
		t.Fatalf("the new edit did not load: %v", err)
	}
}

// One transient read error disabled saving the region until a restart,
// because the error was cached: the next save now reads the file again.
func TestTransientReadErrorIsRetried(t *testing.T) {
	st := openTemp(t)
	p := chunk.Pos{X: 1, Z: 2}
	saveOne(t, st, p, noisy(1))
	st2, _ := Open(st.Dir())
	fail := true
	st2.readFile = func(path string, k boundedfile.Kind) ([]byte, error) {
		if fail {
			return nil, errors.New("input/output error")
		}
		return boundedfile.ReadFile(path, k)
	}
	if _, err := st2.SaveChunks([]world.Snapshot{{Pos: p, Blocks: noisy(2), Rev: 2}}); err == nil {
		t.Fatal("the save succeeded without reading the region")
	}
	fail = false
	if _, err := st2.SaveChunks([]world.Snapshot{{Pos: p, Blocks: noisy(2), Rev: 2}}); err != nil {
		t.Fatalf("the retry failed: %v", err)
	}
	if b, err := st2.LoadChunk(p); err != nil || *b != *noisy(2) {
		t.Fatalf("after the retry: %v", err)
	}
}

// A region named as /dev/zero-like junk, or too large, is refused before
// it is read whole.
func TestRegionReadIsBounded(t *testing.T) {
	st := openTemp(t)
	path := st.RegionPath(RegionPos{})
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxRegionSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = st.LoadChunk(chunk.Pos{})
	if !errors.Is(err, boundedfile.ErrTooLarge) || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("LoadChunk = %v, want a too-large corrupt region", err)
	}
}

// Edits made while saving fails (a full disk) were lost at quit with a log
// line only: the failure is retried, and Close says what is lost.
func TestFailedSaveIsRetriedAndReportedAtClose(t *testing.T) {
	st := openTemp(t)
	w := world.New(world.Config{Seed: 3})
	p := chunk.Pos{}
	w.Load(p)
	w.SetBlock(1, 70, 1, block.Bricks)
	fail := true
	st.readFile = func(path string, k boundedfile.Kind) ([]byte, error) {
		if fail {
			return nil, errors.New("no space left on device")
		}
		return boundedfile.ReadFile(path, k)
	}
	sv := NewSaver(w, st, SaverConfig{})
	err := sv.Save()
	if err == nil || !strings.Contains(err.Error(), "edits of 1 chunks are not saved") {
		t.Fatalf("Save = %v", err)
	}
	if d := sv.delay(); d != RetryInterval {
		t.Fatalf("after a failure the next save is in %v, want %v", d, RetryInterval)
	}
	err = sv.Close()
	if err == nil || !strings.HasPrefix(err.Error(), "quitting without saving everything: edits of 1 chunks are not saved") {
		t.Fatalf("Close = %v", err)
	}
	fail = false
	if err := sv.Save(); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if b, err := st.LoadChunk(p); err != nil || b == nil || b.At(1, 70, 1) != block.Bricks {
		t.Fatalf("the edit was not saved on retry: %v", err)
	}
}

// autosave_seconds = 0 is documented as off, yet autosaved every 30 s.
func TestZeroIntervalTurnsAutosaveOff(t *testing.T) {
	sv := NewSaver(world.New(world.Config{Seed: 1}), openTemp(t), SaverConfig{})
	defer sv.Close()
	if d := sv.delay(); d != 0 {
		t.Fatalf("with Interval 0 the next autosave is in %v, want none", d)
	}
}

func TestCheckWorldName(t *testing.T) {
	for _, tc := range []struct{ name, err string }{
		{"world", ""},
		{"My World 2", ""},
		{"", "the world name is empty"},
		{"..", `".." is not a world name`},
		{".", `"." is not a world name`},
		{"../../x", `"../../x": a world name is a single folder name, without '/', '\' or ':'`},
		{`a\b`, `"a\\b": a world name is a single folder name, without '/', '\' or ':'`},
		{"C:", `"C:": a world name is a single folder name, without '/', '\' or ':'`},
		{"a\x1b[2J", `"a\x1b[2J": a world name has no control characters`},
		{strings.Repeat("w", 65), "the world name is 65 bytes; at most 64 are allowed"},
	} {
		err := CheckWorldName(tc.name)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("CheckWorldName(%q) = %q, want %q", tc.name, got, tc.err)
		}
	}
}
