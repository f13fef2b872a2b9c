package save

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

func generated(seed int64, p chunk.Pos) *chunk.Blocks {
	b := new(chunk.Blocks)
	world.NewGenerator(seed).Generate(b, p)
	return b
}

func noisy(seed uint64) *chunk.Blocks {
	r := rand.New(rand.NewPCG(seed, 1))
	b := new(chunk.Blocks)
	for i := range b {
		b[i] = byte(r.IntN(int(block.Count)))
	}
	return b
}

func TestRegionRoundTrip(t *testing.T) {
	full := new(chunk.Blocks)
	fill(full[:], byte(block.Stone))
	chunks := map[int]*chunk.Blocks{
		0:  generated(1, chunk.Pos{}),
		5:  new(chunk.Blocks), // all air
		17: noisy(1),          // short runs
		63: full,
	}
	data := EncodeRegion(RegionPos{-3, 4}, chunks)
	r, err := DecodeRegion(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pos != (RegionPos{-3, 4}) {
		t.Fatalf("region pos %v", r.Pos)
	}
	for i := range regionChunks {
		if r.Has(i) != (chunks[i] != nil) {
			t.Fatalf("slot %d: Has = %v", i, r.Has(i))
		}
		if chunks[i] == nil {
			continue
		}
		var b chunk.Blocks
		if err := r.Chunk(i, &b); err != nil {
			t.Fatalf("slot %d: %v", i, err)
		}
		if b != *chunks[i] {
			t.Fatalf("slot %d differs after the round trip", i)
		}
	}
	t.Logf("region of 4 chunks: %d bytes", len(data))
}

func TestRegionOf(t *testing.T) {
	for _, tc := range []struct {
		p    chunk.Pos
		r    RegionPos
		slot int
	}{
		{chunk.Pos{X: 0, Z: 0}, RegionPos{0, 0}, 0},
		{chunk.Pos{X: 7, Z: 7}, RegionPos{0, 0}, 63},
		{chunk.Pos{X: -1, Z: 8}, RegionPos{-1, 1}, 7},
		{chunk.Pos{X: -9, Z: -1}, RegionPos{-2, -1}, 7*8 + 7},
	} {
		r, s := RegionOf(tc.p)
		if r != tc.r || s != tc.slot || r.ChunkAt(s) != tc.p {
			t.Errorf("RegionOf(%v) = %v %d, want %v %d", tc.p, r, s, tc.r, tc.slot)
		}
	}
}

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSaveLoadWorld(t *testing.T) {
	st := openTemp(t)
	w := world.New(world.Config{Seed: 9})
	for _, p := range []chunk.Pos{{X: 0, Z: 0}, {X: 1, Z: 0}, {X: -1, Z: 9}} {
		w.Load(p)
	}
	edits := []world.Edit{
		{X: 1, Y: 200, Z: 1, ID: block.Bricks},
		{X: chunk.Size + 2, Y: 201, Z: 3, ID: block.Glass},
		{X: -5, Y: 10, Z: 9*chunk.Size + 1, ID: block.Air},
	}
	if n := w.SetBlocks(edits); n != len(edits) {
		t.Fatalf("applied %d edits", n)
	}
	sv := NewSaver(w, st, SaverConfig{Interval: time.Hour})
	var pl Player
	pl.Position = [3]float64{1.5, 70, -2.25}
	pl.Yaw, pl.Pitch, pl.Flying, pl.Selected = 1.25, -0.5, true, 3
	pl.SetHotbar(block.Hotbar)
	sv.SetPlayer(pl)
	if err := sv.Close(); err != nil {
		t.Fatal(err)
	}
	if d := w.Dirty(nil); len(d) != 0 {
		t.Fatalf("still dirty after saving: %d", len(d))
	}
	// a second store on the same directory sees everything
	st2, err := Open(st.Dir())
	if err != nil {
		t.Fatal(err)
	}
	info, err := st2.LoadWorld()
	if err != nil {
		t.Fatal(err)
	}
	if info.Seed != 9 || info.Player != pl || info.Format != FormatVersion || info.Generator != world.GeneratorVersion {
		t.Fatalf("world file: %+v", info)
	}
	if info.Player.HotbarIDs() != block.Hotbar {
		t.Fatalf("hotbar %v", info.Player.HotbarIDs())
	}
	w2 := world.New(world.Config{Seed: info.Seed, Source: st2})
	for _, e := range edits {
		w2.Load(chunk.PosOf(e.X, e.Z))
		if id, _ := w2.Block(e.X, e.Y, e.Z); id != e.ID {
			t.Errorf("edit %+v lost: %v", e, id)
		}
	}
	// an unedited chunk is not in the save, and regenerates
	if b, err := st2.LoadChunk(chunk.Pos{X: 5, Z: 5}); b != nil || err != nil {
		t.Fatalf("unedited chunk in the save: %v %v", b != nil, err)
	}
	if _, err := os.Stat(filepath.Join(st.Dir(), "regions", "r.0.0.vxr")); err != nil {
		t.Fatal(err)
	}
}

func TestMissingWorldFile(t *testing.T) {
	if _, err := openTemp(t).LoadWorld(); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("LoadWorld of an empty directory: %v", err)
	}
}

// saveOne saves chunk p with the given blocks and returns the region path.
func saveOne(t *testing.T, st *Store, p chunk.Pos, b *chunk.Blocks) string {
	t.Helper()
	if _, err := st.SaveChunks([]world.Snapshot{{Pos: p, Blocks: b, Rev: 1}}); err != nil {
		t.Fatal(err)
	}
	rp, _ := RegionOf(p)
	return st.RegionPath(rp)
}

func TestCorruptChunkIsReportedAndRegenerated(t *testing.T) {
	p := chunk.Pos{X: 2, Z: 3}
	edited := generated(5, p)
	edited.Set(0, 250, 0, block.Bricks)
	for _, tc := range []struct {
		name   string
		damage func(data []byte, e entry, slot int) []byte
		want   string
	}{
		{"payload bit flip", func(d []byte, e entry, slot int) []byte { d[e.offset+e.length/2] ^= 0x10; return d }, "checksum mismatch"},
		{"truncated file", func(d []byte, e entry, slot int) []byte { return d[:e.offset+e.length-1] }, "outside the file"},
		{"the slot's entry flipped in both header copies", func(d []byte, e entry, slot int) []byte {
			d[tableOffset+slot*entrySize] ^= 1
			d[len(d)-headerSize+tableOffset+slot*entrySize] ^= 1
			return d
		}, "header checksum"},
		{"bad runs, good checksum", func(d []byte, e entry, slot int) []byte {
			// a plain RLE payload whose runs stop short of the chunk
			payload := []byte{byte(block.Stone), 0x80, 0x01}
			copy(d[e.offset:], payload)
			le := binary.LittleEndian
			b := d[tableOffset+slot*entrySize:]
			le.PutUint32(b[4:], uint32(len(payload)))
			le.PutUint32(b[8:], crc32.ChecksumIEEE(payload))
			b[12] = encRLE
			le.PutUint32(d[headerSize-4:], crc32.ChecksumIEEE(d[:headerSize-4]))
			return d
		}, "runs cover"},
		{"unknown block id", func(d []byte, e entry, slot int) []byte {
			payload := []byte{200, 0}
			copy(d[e.offset:], payload)
			le := binary.LittleEndian
			b := d[tableOffset+slot*entrySize:]
			le.PutUint32(b[4:], uint32(len(payload)))
			le.PutUint32(b[8:], crc32.ChecksumIEEE(payload))
			b[12] = encRLE
			le.PutUint32(d[headerSize-4:], crc32.ChecksumIEEE(d[:headerSize-4]))
			return d
		}, "unknown block id 200"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := openTemp(t)
			path := saveOne(t, st, p, edited)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := DecodeRegion(data)
			if err != nil {
				t.Fatal(err)
			}
			_, slot := RegionOf(p)
			data = tc.damage(data, r.entries[slot], slot)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			st2, _ := Open(st.Dir())
			_, err = st2.LoadChunk(p)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.want) ||
				!strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "chunk 2,3") {
				t.Fatalf("LoadChunk error %q: want ErrCorrupt mentioning %q, the file and the chunk", err, tc.want)
			}
			// the world reports it and regenerates the chunk
			var reported []error
			var mu sync.Mutex
			w := world.New(world.Config{Seed: 5, Source: st2, Report: func(err error) {
				mu.Lock()
				reported = append(reported, err)
				mu.Unlock()
			}})
			if *w.Load(p) != *generated(5, p) {
				t.Fatal("corrupt chunk not regenerated")
			}
			if len(reported) != 1 || !errors.Is(reported[0], ErrCorrupt) {
				t.Fatalf("reported %v", reported)
			}
			// saving into a region with a bad header keeps it aside
			if _, err := st2.SaveChunks([]world.Snapshot{{Pos: p, Blocks: edited, Rev: 2}}); err != nil {
				t.Fatal(err)
			}
			if b, err := st2.LoadChunk(p); err != nil || *b != *edited {
				t.Fatalf("after re-saving: %v", err)
			}
		})
	}
}

func TestDecodeRegionErrors(t *testing.T) {
	good := EncodeRegion(RegionPos{}, map[int]*chunk.Blocks{0: new(chunk.Blocks)})
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"magic", func() []byte {
			d := append([]byte("NOTVOXEL"), good[8:]...)
			copy(d[len(d)-headerSize:], "NOTVOXEL")
			return d
		}(), "bad magic"},
		{"other chunk size", func() []byte {
			d := append([]byte(nil), good...)
			binary.LittleEndian.PutUint16(d[10:], chunk.Size*2)
			binary.LittleEndian.PutUint32(d[headerSize-4:], crc32.ChecksumIEEE(d[:headerSize-4]))
			return d
		}(), "this build uses"},
	} {
		if _, err := DecodeRegion(tc.data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestNewerVersionRefused(t *testing.T) {
	st := openTemp(t)
	p := chunk.Pos{X: 1, Z: 1}
	path := saveOne(t, st, p, generated(1, p))
	data, _ := os.ReadFile(path)
	binary.LittleEndian.PutUint16(data[8:], 3)
	binary.LittleEndian.PutUint32(data[headerSize-4:], crc32.ChecksumIEEE(data[:headerSize-4]))
	os.WriteFile(path, data, 0o644)
	const msg = "saved by a newer version (format 3, this build reads up to 2)"

	st2, _ := Open(st.Dir())
	_, err := st2.LoadChunk(p)
	if !errors.Is(err, ErrNewerVersion) || !strings.Contains(err.Error(), msg) || !strings.Contains(err.Error(), path) {
		t.Fatalf("load: %v", err)
	}
	if _, err := st2.SaveChunks([]world.Snapshot{{Pos: p, Blocks: generated(1, p), Rev: 1}}); !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("save over a newer region: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(data) {
		t.Fatal("a newer region file was overwritten")
	}

	wpath := filepath.Join(st.Dir(), "world.json")
	os.WriteFile(wpath, []byte(`{"format": 3, "seed": 1, "chunkSize": 32, "height": 256}`), 0o644)
	if _, err := st2.LoadWorld(); !errors.Is(err, ErrNewerVersion) || !strings.Contains(err.Error(), msg) {
		t.Fatalf("world file: %v", err)
	}
	if err := st2.SaveWorld(NewWorldInfo(1, 1)); !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("save over a newer world file: %v", err)
	}
}

func TestAutosaveWhileEditing(t *testing.T) {
	st := openTemp(t)
	w := world.New(world.Config{Seed: 2})
	for x := range 3 {
		w.Load(chunk.Pos{X: int32(x)})
	}
	var reports []error
	var rmu sync.Mutex
	sv := NewSaver(w, st, SaverConfig{Interval: 2 * time.Millisecond, Report: func(err error) {
		rmu.Lock()
		reports = append(reports, err)
		rmu.Unlock()
	}})
	// edit from another goroutine while autosaves run
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 300 {
			w.SetBlock(i%(3*chunk.Size), 200+i%40, i%chunk.Size, block.Planks)
			sv.SetPlayer(Player{Position: [3]float64{float64(i), 0, 0}})
			if i%50 == 0 {
				time.Sleep(3 * time.Millisecond)
			}
		}
	}()
	wg.Wait()
	if err := sv.Close(); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 0 {
		t.Fatalf("autosave errors: %v", reports)
	}
	w2 := world.New(world.Config{Seed: 2, Source: st})
	for x := range 3 {
		p := chunk.Pos{X: int32(x)}
		a, _ := w.Chunk(p)
		if *w2.Load(p) != *a {
			t.Fatalf("chunk %v differs after the final save", p)
		}
	}
	info, _ := st.LoadWorld()
	if info.Player.Position[0] != 299 {
		t.Fatalf("player %+v, want the last state", info.Player)
	}
}
