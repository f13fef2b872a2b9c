package mesh_test

import (
	"fmt"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

func ExampleMesher_MeshChunk() {
	var nb mesh.Neighborhood // neighbours left nil read as air
	nb[4] = new(chunk.Blocks)
	nb[4].Set(1, 64, 1, block.Stone)

	m := mesh.NewMesher() // one per worker goroutine, reused
	var d mesh.MeshData   // reused too: d.Reset() before the next chunk
	m.MeshChunk(&d, &nb, mesh.Options{Greedy: true})
	fmt.Println(len(d.Opaque.Quads), "quads,", len(mesh.Bytes(d.Opaque.Quads)), "bytes, one direction each:", len(d.Opaque.Face(block.FacePosY)))
	// Output: 6 quads, 48 bytes, one direction each: 1
}

func ExampleUnpack() {
	v := mesh.Pack(mesh.Attributes{X: 32, Y: 65, Z: 0, Normal: block.FacePosY, AO: 3, Tile: block.TileWater, U: 4, V: 2, Lowered: true})
	fmt.Printf("data0 %#08x data1 %#08x\n", v.Data0, v.Data1)
	fmt.Printf("%+v\n", mesh.Unpack(v))
	// Output:
	// data0 0x00001060 data1 0x0842019a
	// {X:32 Y:65 Z:0 Normal:2 AO:3 Tile:12 U:4 V:2 Lowered:true}
}
