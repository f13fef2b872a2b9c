package save

import (
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

func fuzzSeeds() [][]byte {
	layered := new(chunk.Blocks)
	for z := range chunk.Size {
		for x := range chunk.Size {
			col := layered.Column(x, z)
			fill(col[:60], byte(block.Stone))
			fill(col[60:64], byte(block.Dirt))
			col[64] = byte(block.Grass)
		}
	}
	empty := EncodeRegion(RegionPos{}, nil)
	two := EncodeRegion(RegionPos{X: 1, Z: -2}, map[int]*chunk.Blocks{0: new(chunk.Blocks), 9: layered})
	// a slot with a plain RLE payload
	plain := append([]byte(nil), empty...)
	payload := []byte{byte(block.Air), 0xff, 0xff, 0x0f}
	for len(payload) < 4*8 {
		payload = append(payload, byte(block.Stone), 0xff, 0xff, 0x0f)
	}
	le := binary.LittleEndian
	e := plain[tableOffset+3*entrySize:]
	le.PutUint32(e, headerSize)
	le.PutUint32(e[4:], uint32(len(payload)))
	le.PutUint32(e[8:], crc32.ChecksumIEEE(payload))
	e[12] = encRLE
	le.PutUint32(plain[headerSize-4:], crc32.ChecksumIEEE(plain[:headerSize-4]))
	plain = append(plain, payload...)
	return [][]byte{empty, two, plain, two[:headerSize+10], []byte(magic), nil}
}

// fixChecksums rewrites the checksums of a would-be region file so that
// mutations reach the table, RLE and DEFLATE decoders instead of stopping
// at a checksum mismatch.
func fixChecksums(data []byte) {
	if len(data) < headerSize {
		return
	}
	le := binary.LittleEndian
	for i := range regionChunks {
		e := data[tableOffset+i*entrySize:]
		off, n := uint64(le.Uint32(e)), uint64(le.Uint32(e[4:]))
		if off+n <= uint64(len(data)) {
			le.PutUint32(e[8:], crc32.ChecksumIEEE(data[off:off+n]))
		}
	}
	le.PutUint32(data[headerSize-4:], crc32.ChecksumIEEE(data[:headerSize-4]))
}

// FuzzDecodeRegion feeds arbitrary bytes to the region decoder and every
// chunk it accepts to the chunk decoder: neither may panic or run away,
// and a chunk that decodes must survive re-encoding unchanged. With fix
// set, the checksums are made to match first.
func FuzzDecodeRegion(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s, false)
		f.Add(s, true)
	}
	var b, again chunk.Blocks
	f.Fuzz(func(t *testing.T, data []byte, fix bool) {
		if fix {
			fixChecksums(data)
		}
		r, err := DecodeRegion(data)
		if err != nil {
			return
		}
		for i := range regionChunks {
			if !r.Has(i) || r.Chunk(i, &b) != nil {
				continue
			}
			for _, v := range b {
				if !block.ID(v).Valid() {
					t.Fatalf("slot %d decoded an invalid block %d", i, v)
				}
			}
			r2, err := DecodeRegion(EncodeRegion(r.Pos, map[int]*chunk.Blocks{i: &b}))
			if err != nil {
				t.Fatal(err)
			}
			if err := r2.Chunk(i, &again); err != nil || again != b {
				t.Fatalf("slot %d does not survive re-encoding: %v", i, err)
			}
		}
	})
}

// FuzzDecodeWorld feeds arbitrary bytes to the world file decoder: it may
// refuse them, but never panic, and what it accepts must encode and decode
// to the same value.
func FuzzDecodeWorld(f *testing.F) {
	for _, s := range []string{
		`{"format": 2, "seed": 1, "generator": 1, "chunkSize": 32, "height": 256, "player": {"position": [1, 2, 3], "selected": 4}}`,
		`{"format": 1, "seed": -5, "chunkSize": 32, "height": 256, "player": {"position": [-1e19, 1e300, 0]}}`,
		`{"format": 3}`, `{"format": 0}`, `{"format": "x"}`, `[]`, `{`, ``,
		`{"format": 2, "chunkSize": 32, "height": 256, "player": {"hotbar": ["stone", "` + "\x1b" + `"], "selected": -1}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := decodeWorld(data)
		if err != nil {
			if w != nil {
				t.Fatal("a WorldInfo came back with an error")
			}
			return
		}
		if w.Player.Selected < 0 || w.Player.Selected > 8 {
			t.Fatalf("selected slot %d accepted", w.Player.Selected)
		}
		out, err := json.Marshal(w)
		if err != nil {
			return // NaN cannot come from JSON, but be safe
		}
		again, err := decodeWorld(out)
		if err != nil || *again != *w {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, w, again)
		}
	})
}
