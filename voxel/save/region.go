package save

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// FormatVersion is the newest region and world file format this build
// writes and reads. Files with a higher version are refused, never
// overwritten. Version 2 added the copy of the region header at the end of
// the file; version 1 files are still read.
const FormatVersion = 2

// RegionSize is the width and depth of a region in chunks.
const RegionSize = 8

const (
	regionChunks = RegionSize * RegionSize
	magic        = "SLKVXRGN"
	entrySize    = 16
	tableOffset  = 24
	headerSize   = tableOffset + regionChunks*entrySize + 4 // + CRC of all before it
	maxRLE       = chunk.Volume * (1 + binary.MaxVarintLen32)

	// maxPayload is the longest payload this build writes: a run of n
	// voxels costs 1 byte of ID and a uvarint of at most 2n-1 bytes, so
	// RLE takes at most 2 bytes a voxel, and DEFLATE is kept only when
	// shorter.
	maxPayload = 2 * chunk.Volume
	// MaxRegionSize is the largest region file read: both header copies
	// and 64 payloads of the longest kind, with room for a future
	// encoding. A larger file is refused before it is read.
	MaxRegionSize = 2*headerSize + regionChunks*maxPayload + 1<<20
)

// Chunk payload encodings.
const (
	encNone     = 0 // slot empty
	encRLE      = 1 // runs: block ID byte, uvarint run length - 1
	encRLEFlate = 2 // the runs, compressed with DEFLATE
)

// Errors that load errors wrap.
var (
	// ErrCorrupt: a file or chunk failed its checks (CRC, bounds, run
	// lengths, block IDs). The chunk is regenerated instead.
	ErrCorrupt = errors.New("corrupt")
	// ErrNewerVersion: the file was written by a newer version of the game.
	ErrNewerVersion = errors.New("saved by a newer version")
)

// VersionError is a file whose format is newer than this build reads.
type VersionError struct{ Found, Supported int }

func (e *VersionError) Error() string {
	return fmt.Sprintf("saved by a newer version (format %d, this build reads up to %d)", e.Found, e.Supported)
}

// Is makes errors.Is(err, ErrNewerVersion) hold.
func (e *VersionError) Is(target error) bool { return target == ErrNewerVersion }

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// RegionPos is the position of a region in region units.
type RegionPos struct{ X, Z int32 }

// RegionOf returns the region of a chunk and the chunk's slot in it.
func RegionOf(p chunk.Pos) (RegionPos, int) {
	rx, rz := p.X>>3, p.Z>>3 // RegionSize = 8
	return RegionPos{rx, rz}, int(p.Z&(RegionSize-1))*RegionSize + int(p.X&(RegionSize-1))
}

// ChunkAt returns the chunk in slot i of region r.
func (r RegionPos) ChunkAt(i int) chunk.Pos {
	return chunk.Pos{X: r.X*RegionSize + int32(i%RegionSize), Z: r.Z*RegionSize + int32(i/RegionSize)}
}

// entry is one row of a region's chunk table.
type entry struct {
	offset, length, crc uint32
	encoding            uint8
}

// Region is a decoded region file: a checked table and the raw payloads.
// Chunks are decoded on demand by Chunk.
type Region struct {
	Pos     RegionPos
	entries [regionChunks]entry
	data    []byte
	// lost marks slots that hold a chunk whose place in the file is not
	// known: both header copies were damaged and no table entry for the
	// slot matched a payload's CRC.
	lost [regionChunks]error
	// repaired is set when the header was read from its copy or rebuilt
	// slot by slot, so the file deserves a rewrite (and, when a slot was
	// lost, a copy kept aside first).
	repaired bool
}

// Has reports whether slot i holds a chunk (one that may fail to decode).
func (r *Region) Has(i int) bool { return r.entries[i].encoding != encNone || r.lost[i] != nil }

// Lost reports whether a slot's chunk was lost with the header that
// located it; keeping the file aside preserves it for repair by hand.
func (r *Region) Lost() bool {
	if r == nil {
		return false
	}
	for _, e := range r.lost {
		if e != nil {
			return true
		}
	}
	return false
}

// DecodeRegion checks a region file's header, version and chunk table. It
// keeps data (without copying). Errors wrap ErrCorrupt or ErrNewerVersion.
//
// The layout, all integers little-endian:
//
//	0      8  magic "SLKVXRGN"
//	8      2  format version
//	10     2  chunk size (chunk.Size)
//	12     2  world height (chunk.Height)
//	14     2  region size in chunks (8)
//	16     4  region x, int32
//	20     4  region z, int32
//	24  64*16 chunk table, slot z*8 + x: payload offset u32, payload
//	          length u32, CRC-32 (IEEE) of the payload u32, encoding u8
//	          (0 empty, 1 RLE, 2 RLE then DEFLATE), 3 bytes zero
//	1048   4  CRC-32 of bytes 0..1047
//	1052      payloads
//	end-1052  (version 2) a copy of bytes 0..1051
//
// A header whose CRC fails is read from its copy; when both fail, each
// slot's entry is taken from whichever copy's entry matches a payload's
// CRC, so one bad byte (or one per copy) costs no chunk whose payload is
// intact. Slots that match nothing are reported by Chunk, as are payloads
// outside the file.
//
// RLE is a sequence of (block ID byte, uvarint run length minus one) over
// the chunk's voxels in chunk.Index order; runs must add up to exactly
// chunk.Volume and IDs must be known.
func DecodeRegion(data []byte) (*Region, error) {
	if len(data) < headerSize {
		return nil, corrupt("file too short for a region header (%d bytes)", len(data))
	}
	primary := data[:headerSize]
	var backup []byte
	if len(data) >= 2*headerSize {
		backup = data[len(data)-headerSize:]
	}
	pOK, bOK := headerValid(primary), headerValid(backup)
	for _, h := range [][]byte{primary, backup} {
		if headerValid(h) || (h != nil && !pOK && !bOK) {
			if v := int(binary.LittleEndian.Uint16(h[8:])); v > FormatVersion && string(h[:8]) == magic {
				// A newer layout may place its checksums elsewhere;
				// never take it for damage and rewrite it.
				return nil, &VersionError{v, FormatVersion}
			}
		}
	}
	end := len(data)
	if bOK {
		end -= headerSize // the payloads stop where the copy starts
	}
	switch {
	case pOK:
		return decodeTable(data, primary, end, false)
	case bOK:
		return decodeTable(data, backup, end, true)
	}
	if string(primary[:8]) != magic && (backup == nil || string(backup[:8]) != magic) {
		return nil, corrupt("not a region file (bad magic)")
	}
	return salvage(data, primary, backup)
}

// headerValid reports whether h is a region header whose CRC holds.
func headerValid(h []byte) bool {
	if len(h) != headerSize || string(h[:8]) != magic {
		return false
	}
	le := binary.LittleEndian
	return crc32.ChecksumIEEE(h[:headerSize-4]) == le.Uint32(h[headerSize-4:])
}

// decodeTable reads the chunk table of the intact header h; payloads must
// lie between the header and end.
func decodeTable(data, h []byte, end int, repaired bool) (*Region, error) {
	le := binary.LittleEndian
	if v := le.Uint16(h[8:]); v == 0 {
		return nil, corrupt("format version 0")
	}
	if s, ht, rs := le.Uint16(h[10:]), le.Uint16(h[12:]), le.Uint16(h[14:]); s != chunk.Size || ht != chunk.Height || rs != RegionSize {
		return nil, fmt.Errorf("region of %dx%d chunks of %dx%dx%d, this build uses %dx%d of %dx%dx%d",
			rs, rs, s, ht, s, RegionSize, RegionSize, chunk.Size, chunk.Height, chunk.Size)
	}
	r := &Region{Pos: regionPos(h), data: data, repaired: repaired}
	for i := range regionChunks {
		e := tableEntry(h, i)
		switch {
		case e.encoding > encRLEFlate:
			r.lost[i] = corrupt("unknown encoding %d", e.encoding)
		case e.encoding == encNone:
		case uint64(e.offset) < headerSize || uint64(e.offset)+uint64(e.length) > uint64(end):
			r.lost[i] = corrupt("payload %d+%d outside the file (%d bytes)", e.offset, e.length, len(data))
		default:
			r.entries[i] = e
		}
	}
	return r, nil
}

// salvage rebuilds the table of a region whose two header copies are both
// damaged: a slot's entry is trusted when its payload's CRC matches.
func salvage(data, primary, backup []byte) (*Region, error) {
	h := primary
	if string(h[:8]) != magic {
		h = backup
	}
	r := &Region{Pos: regionPos(h), data: data, repaired: true}
	for i := range regionChunks {
		var claimed bool
		for _, c := range [][]byte{primary, backup} {
			if c == nil {
				continue
			}
			e := tableEntry(c, i)
			if e.encoding == encNone {
				continue
			}
			claimed = true
			if e.encoding <= encRLEFlate && uint64(e.offset) >= headerSize &&
				uint64(e.offset)+uint64(e.length) <= uint64(len(data)) &&
				crc32.ChecksumIEEE(data[e.offset:e.offset+e.length]) == e.crc {
				r.entries[i] = e
				break
			}
		}
		if claimed && r.entries[i].encoding == encNone {
			r.lost[i] = corrupt("header checksum mismatch, and no copy of the slot's entry matches a payload")
		}
	}
	return r, nil
}

func regionPos(h []byte) RegionPos {
	le := binary.LittleEndian
	return RegionPos{int32(le.Uint32(h[16:])), int32(le.Uint32(h[20:]))}
}

func tableEntry(h []byte, i int) entry {
	le := binary.LittleEndian
	b := h[tableOffset+i*entrySize:]
	return entry{offset: le.Uint32(b), length: le.Uint32(b[4:]), crc: le.Uint32(b[8:]), encoding: b[12]}
}

// Chunk decodes slot i into dst. Errors wrap ErrCorrupt.
func (r *Region) Chunk(i int, dst *chunk.Blocks) error {
	if err := r.lost[i]; err != nil {
		return err
	}
	e := r.entries[i]
	if e.encoding == encNone {
		return errors.New("empty slot")
	}
	p := r.data[e.offset : e.offset+e.length]
	if crc32.ChecksumIEEE(p) != e.crc {
		return corrupt("checksum mismatch")
	}
	if e.encoding == encRLE {
		return decodeRLE(p, dst)
	}
	buf := rleBufs.Get().(*[]byte)
	defer rleBufs.Put(buf)
	fr := flateReaders.Get().(io.ReadCloser)
	defer flateReaders.Put(fr)
	if err := fr.(flate.Resetter).Reset(bytes.NewReader(p), nil); err != nil {
		return corrupt("deflate: %v", err)
	}
	b := (*buf)[:0]
	for {
		if len(b) == cap(b) {
			return corrupt("payload inflates beyond %d bytes", maxRLE)
		}
		n, err := fr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return corrupt("deflate: %v", err)
		}
	}
	return decodeRLE(b, dst)
}

var (
	rleBufs      = sync.Pool{New: func() any { b := make([]byte, 0, maxRLE); return &b }}
	flateReaders = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
	flateWriters = sync.Pool{New: func() any {
		w, _ := flate.NewWriter(io.Discard, flate.BestSpeed)
		return w
	}}
)

func decodeRLE(p []byte, dst *chunk.Blocks) error {
	n := 0
	for len(p) > 0 {
		id := p[0]
		if !block.ID(id).Valid() {
			return corrupt("unknown block id %d at voxel %d", id, n)
		}
		run, k := binary.Uvarint(p[1:])
		if k <= 0 {
			return corrupt("bad run length at voxel %d", n)
		}
		p = p[1+k:]
		if run >= uint64(chunk.Volume-n) {
			return corrupt("run of %d at voxel %d overflows the chunk", run+1, n)
		}
		end := n + int(run) + 1
		fill(dst[n:end], id)
		n = end
	}
	if n != chunk.Volume {
		return corrupt("runs cover %d of %d voxels", n, chunk.Volume)
	}
	return nil
}

func fill(b []byte, v byte) {
	if len(b) == 0 {
		return
	}
	b[0] = v
	for i := 1; i < len(b); i *= 2 {
		copy(b[i:], b[:i])
	}
}

// appendRLE appends the run-length encoding of b.
func appendRLE(dst []byte, b *chunk.Blocks) []byte {
	for i := 0; i < len(b); {
		id := b[i]
		j := i + 1
		for j < len(b) && b[j] == id {
			j++
		}
		dst = append(dst, id)
		dst = binary.AppendUvarint(dst, uint64(j-i-1))
		i = j
	}
	return dst
}

// encodeChunk appends b's payload to dst and returns its encoding.
func encodeChunk(dst []byte, b *chunk.Blocks) ([]byte, uint8) {
	buf := rleBufs.Get().(*[]byte)
	defer rleBufs.Put(buf)
	rle := appendRLE((*buf)[:0], b)
	start := len(dst)
	out := bytes.NewBuffer(dst)
	fw := flateWriters.Get().(*flate.Writer)
	defer flateWriters.Put(fw)
	fw.Reset(out)
	if _, err := fw.Write(rle); err == nil && fw.Close() == nil && out.Len()-start < len(rle) {
		return out.Bytes(), encRLEFlate
	}
	return append(out.Bytes()[:start], rle...), encRLE
}

// regionWriter builds a region file.
type regionWriter struct {
	pos     RegionPos
	entries [regionChunks]entry
	body    []byte // payloads, offsets relative to headerSize
}

func (w *regionWriter) put(i int, payload []byte, enc uint8) {
	off := len(w.body)
	w.body = append(w.body, payload...)
	w.entries[i] = entry{offset: uint32(headerSize + off), length: uint32(len(payload)), crc: crc32.ChecksumIEEE(payload), encoding: enc}
}

func (w *regionWriter) putChunk(i int, b *chunk.Blocks) {
	start := len(w.body)
	body, enc := encodeChunk(w.body, b)
	w.body = body
	p := w.body[start:]
	w.entries[i] = entry{offset: uint32(headerSize + start), length: uint32(len(p)), crc: crc32.ChecksumIEEE(p), encoding: enc}
}

// copyFrom keeps slot i of an old region as it is, corrupt or not.
func (w *regionWriter) copyFrom(old *Region, i int) {
	e := old.entries[i]
	w.put(i, old.data[e.offset:e.offset+e.length], e.encoding)
	w.entries[i].crc = e.crc
}

func (w *regionWriter) bytes() []byte {
	out := make([]byte, headerSize, 2*headerSize+len(w.body))
	le := binary.LittleEndian
	copy(out, magic)
	le.PutUint16(out[8:], FormatVersion)
	le.PutUint16(out[10:], chunk.Size)
	le.PutUint16(out[12:], chunk.Height)
	le.PutUint16(out[14:], RegionSize)
	le.PutUint32(out[16:], uint32(w.pos.X))
	le.PutUint32(out[20:], uint32(w.pos.Z))
	for i, e := range w.entries {
		b := out[tableOffset+i*entrySize:]
		le.PutUint32(b, e.offset)
		le.PutUint32(b[4:], e.length)
		le.PutUint32(b[8:], e.crc)
		b[12] = e.encoding
	}
	le.PutUint32(out[headerSize-4:], crc32.ChecksumIEEE(out[:headerSize-4]))
	out = append(out, w.body...)
	// The copy at the end survives damage to the start of the file.
	return append(out, out[:headerSize]...)
}

// EncodeRegion encodes the given chunks (slot -> blocks) as region pos.
func EncodeRegion(pos RegionPos, chunks map[int]*chunk.Blocks) []byte {
	w := &regionWriter{pos: pos}
	for i := range regionChunks {
		if b := chunks[i]; b != nil {
			w.putChunk(i, b)
		}
	}
	return w.bytes()
}
