package save

import (
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

// fullRegion is a region's worth of edited terrain: 64 generated chunks,
// each with a few edits.
func fullRegion(b *testing.B) []world.Snapshot {
	b.Helper()
	g := world.NewGenerator(42)
	snaps := make([]world.Snapshot, 0, regionChunks)
	for i := range regionChunks {
		p := RegionPos{}.ChunkAt(i)
		c := new(chunk.Blocks)
		g.Generate(c, p)
		for k := range 16 {
			c.Set(k, 100+k, k, block.Planks)
		}
		snaps = append(snaps, world.Snapshot{Pos: p, Blocks: c, Rev: 1})
	}
	return snaps
}

func BenchmarkRegionSave(b *testing.B) {
	snaps := fullRegion(b)
	st, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.SaveChunks(snaps); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(regionChunks*chunk.Volume), "ns/voxel")
}

func BenchmarkRegionEncode(b *testing.B) {
	snaps := fullRegion(b)
	chunks := map[int]*chunk.Blocks{}
	for i, s := range snaps {
		chunks[i] = s.Blocks
	}
	var size int
	b.ReportAllocs()
	for b.Loop() {
		size = len(EncodeRegion(RegionPos{}, chunks))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(regionChunks*chunk.Volume), "ns/voxel")
	b.ReportMetric(float64(size), "file-bytes")
}

func BenchmarkRegionLoad(b *testing.B) {
	snaps := fullRegion(b)
	dir := b.TempDir()
	st, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.SaveChunks(snaps); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		st, _ := Open(dir) // cold: reads and checks the file again
		for _, s := range snaps {
			c, err := st.LoadChunk(s.Pos)
			if err != nil || c == nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(regionChunks*chunk.Volume), "ns/voxel")
}
