package world

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// areaHash hashes the voxels of world columns [x0, x0+w) x [z0, z0+w) in
// world order, so the result does not depend on the chunk size: the same
// golden values hold for builds with -tags voxel16, which also checks that
// trees and caves crossing chunk borders come out the same either way.
func areaHash(g *Generator, x0, z0, w int) uint64 {
	h := fnv.New64a()
	chunks := map[chunk.Pos]*chunk.Blocks{}
	for z := z0; z < z0+w; z++ {
		for x := x0; x < x0+w; x++ {
			p := chunk.PosOf(x, z)
			b := chunks[p]
			if b == nil {
				b = new(chunk.Blocks)
				g.Generate(b, p)
				chunks[p] = b
			}
			h.Write(b.Column(chunk.Local(x), chunk.Local(z)))
		}
	}
	return h.Sum64()
}

// golden hashes of seed 42; regenerate only on purpose, together with
// GeneratorVersion (old saves regenerate their unmodified chunks).
var golden = []struct {
	x, z int
	hash uint64
}{
	{0, 0, 0x905f6d04897665dd},
	{-700, 300, 0x2f28dade6999f9ea},
	{1500, -900, 0x3c4206b42b298870},
	{-2000, -2000, 0xecfbd2fd581c26dc},
}

func TestGenerationGolden(t *testing.T) {
	g := NewGenerator(42)
	for _, tc := range golden {
		if got := areaHash(g, tc.x, tc.z, 64); got != tc.hash {
			t.Errorf("area at %d,%d: hash %#x, want %#x", tc.x, tc.z, got, tc.hash)
		}
	}
}

func TestGenerationDeterministic(t *testing.T) {
	a, b := NewGenerator(7), NewGenerator(7)
	other := NewGenerator(8)
	var x, y, z chunk.Blocks
	for _, p := range []chunk.Pos{{X: 0, Z: 0}, {X: -3, Z: 5}, {X: 40, Z: -40}} {
		a.Generate(&x, p)
		y[0] = 99 // Generate must overwrite everything
		b.Generate(&y, p)
		if x != y {
			t.Fatalf("chunk %v differs between two generators of one seed", p)
		}
		other.Generate(&z, p)
		if x == z {
			t.Fatalf("chunk %v is the same for seeds 7 and 8", p)
		}
	}
}

func TestBiomesOccur(t *testing.T) {
	g := NewGenerator(42)
	var seen [biomeCount]int
	for z := -4000; z < 4000; z += 37 {
		for x := -4000; x < 4000; x += 37 {
			seen[g.ColumnAt(x, z).Biome]++
		}
	}
	for b, n := range seen {
		if n == 0 {
			t.Errorf("no %v in a 8000 x 8000 area", Biome(b))
		}
	}
	t.Logf("biome samples: %v", seen)
}

func TestTerrainInvariants(t *testing.T) {
	g := NewGenerator(42)
	// a 3x3 area around a forest chunk, so trees near the middle chunk's
	// border are seen whole
	var p chunk.Pos
	found := false
	for i := 0; i < 400 && !found; i++ {
		p = chunk.Pos{X: int32(i % 20), Z: int32(i / 20)}
		ox, _, oz := p.Origin()
		found = g.ColumnAt(ox+chunk.Size/2, oz+chunk.Size/2).Biome == Forest
	}
	if !found {
		t.Fatal("no forest chunk")
	}
	var nb [9]chunk.Blocks
	for i := range nb {
		g.Generate(&nb[i], p.Add(i%3-1, i/3-1))
	}
	at := func(x, y, z int) block.ID {
		if y < 0 || y >= chunk.Height {
			return block.Air
		}
		cx, cz := (x+chunk.Size)/chunk.Size, (z+chunk.Size)/chunk.Size
		return nb[cz*3+cx].At((x+chunk.Size)%chunk.Size, y, (z+chunk.Size)%chunk.Size)
	}
	leaves, logs := 0, 0
	for z := range chunk.Size {
		for x := range chunk.Size {
			if at(x, 0, z) != block.Bedrock {
				t.Fatalf("no bedrock at %d,%d", x, z)
			}
			for y := range chunk.Height {
				switch at(x, y, z) {
				case block.Log:
					logs++
				case block.Leaves:
					leaves++
					// every leaf belongs to a trunk within the canopy radius
					ok := false
					for dz := -treeReach; dz <= treeReach && !ok; dz++ {
						for dx := -treeReach; dx <= treeReach && !ok; dx++ {
							for dy := -3; dy <= 2 && !ok; dy++ {
								ok = at(x+dx, y+dy, z+dz) == block.Log
							}
						}
					}
					if !ok {
						t.Fatalf("leaf at %d,%d,%d of chunk %v has no trunk", x, y, z, p)
					}
				case block.Water:
					if y > SeaLevel {
						t.Fatalf("water above sea level at %d,%d,%d", x, y, z)
					}
				}
			}
		}
	}
	if logs == 0 || leaves == 0 {
		t.Fatalf("forest chunk %v has %d logs and %d leaves", p, logs, leaves)
	}
}

func TestNoiseRange(t *testing.T) {
	for i := range 20000 {
		x, z := int64(i*7919%100003-50000), int64(i*104729%100019-50000)
		n2 := perlin2(3, x*one/37, z*one/41)
		n3 := perlin3(4, x*one/37, int64(i%256)*one/29, z*one/41)
		if n2 < -one*11/10 || n2 > one*11/10 || n3 < -one*11/10 || n3 > one*11/10 {
			t.Fatalf("noise out of range: %d %d", n2, n3)
		}
	}
	// continuity: neighbouring samples differ little
	for i := range 1000 {
		a := perlin2(5, int64(i)*100, 12345)
		b := perlin2(5, int64(i)*100+100, 12345)
		if abs(a-b) > one/50 {
			t.Fatalf("noise jumps by %d between neighbours", abs(a-b))
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	g := NewGenerator(42)
	var dst chunk.Blocks
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Generate(&dst, chunk.Pos{X: int32(i%16 - 8), Z: int32(i/16%16 - 8)})
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chunk.Volume, "ns/voxel")
}

func ExampleGenerator_ColumnAt() {
	g := NewGenerator(42)
	x, y, z := g.Spawn()
	fmt.Println("spawn", x, y, z, g.ColumnAt(x, z).Biome)
	// Output: spawn -16 71 -16 plains
}

func TestSpawnIsClear(t *testing.T) {
	for seed := int64(0); seed < 6; seed++ {
		w := New(Config{Seed: seed})
		x, y, z := w.Generator().Spawn()
		for dz := -1; dz <= 1; dz++ {
			for dx := -1; dx <= 1; dx++ {
				w.Load(chunk.PosOf(x+dx, z+dz))
			}
		}
		if !w.Solid(x, y-1, z) || w.Solid(x, y, z) || w.Solid(x, y+1, z) {
			t.Errorf("seed %d: spawn %d,%d,%d is not standing room", seed, x, y, z)
		}
		if id, _ := w.Block(x, y-1, z); id == block.Water {
			t.Errorf("seed %d: spawn in water", seed)
		}
	}
}
