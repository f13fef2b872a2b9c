package block

// ID is a block kind. Chunks store one ID per voxel.
type ID uint8

// The block kinds. Air is zero, so a zeroed chunk is empty.
const (
	Air ID = iota
	Stone
	Grass
	Dirt
	Cobblestone
	Sand
	Gravel
	Log
	Planks
	Leaves
	Bricks
	Water
	Glass
	Bedrock
	Snow
	Torch
	// Count is the number of kinds; every valid ID is below it.
	Count
)

// Layer says which mesh a block's faces go into.
type Layer uint8

// The layers.
const (
	// LayerNone: the block has no faces (air).
	LayerNone Layer = iota
	// LayerOpaque: the opaque mesh, depth-tested and depth-written, no blending.
	LayerOpaque
	// LayerCutout: also the opaque mesh, but the fragment shader discards
	// texels with alpha < 0.5 (leaves).
	LayerCutout
	// LayerTranslucent: the translucent mesh, blended, drawn after the
	// opaque one (water, glass).
	LayerTranslucent
)

// Face is one of the six faces of a voxel. The numbering is part of the mesh
// vertex format (the normal index) and must not change.
type Face uint8

// The faces, by outward normal.
const (
	FacePosX Face = iota // east, normal (+1, 0, 0)
	FaceNegX             // west, normal (-1, 0, 0)
	FacePosY             // top, normal (0, +1, 0)
	FaceNegY             // bottom, normal (0, -1, 0)
	FacePosZ             // south, normal (0, 0, +1)
	FaceNegZ             // north, normal (0, 0, -1)
)

var normals = [6][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}

// Normal is the face's outward unit normal.
func (f Face) Normal() [3]int { return normals[f%6] }

// Opposite is the face on the other side (east <-> west, ...).
func (f Face) Opposite() Face { return f ^ 1 }

// Tile is an index into the texture atlas. The atlas is a grid of
// [AtlasColumns] x [AtlasColumns] square tiles; tile t is at column t %
// AtlasColumns, row t / AtlasColumns, row 0 at the top of the image.
type Tile uint16

// AtlasColumns is the number of tiles per row (and of rows) of the atlas.
const AtlasColumns = 16

// The atlas tiles.
const (
	TileGrassTop Tile = iota
	TileGrassSide
	TileDirt
	TileStone
	TileCobblestone
	TileSand
	TileGravel
	TileLogSide
	TileLogTop
	TilePlanks
	TileLeaves
	TileBricks
	TileWater
	TileGlass
	TileBedrock
	TileSnow
	TileTorch
	// TileCount is the number of tiles in use.
	TileCount
)

// AtlasTiles names every tile, indexed by Tile, for the tool or artist that
// builds the atlas image.
var AtlasTiles = [TileCount]string{
	"grass_top", "grass_side", "dirt", "stone", "cobblestone", "sand", "gravel",
	"log_side", "log_top", "planks", "leaves", "bricks", "water", "glass",
	"bedrock", "snow", "torch",
}

// Info is one row of the block table.
type Info struct {
	Name     string
	Opaque   bool // hides neighbours' faces and darkens ambient occlusion
	Solid    bool // collides with the player
	Liquid   bool // can be swum in; not a ray cast target
	CullSelf bool // the face between two blocks of this kind is not drawn
	Layer    Layer
	Tiles    [6]Tile // per Face
	// Light is the reach in blocks of the point light the block gives off
	// from its centre (0: none); LightColor is its colour times intensity.
	Light      float32
	LightColor [3]float32
}

func all(t Tile) [6]Tile { return [6]Tile{t, t, t, t, t, t} }

func sides(side, top, bottom Tile) [6]Tile {
	return [6]Tile{side, side, top, bottom, side, side}
}

var table = [Count]Info{
	Air:         {Name: "air"},
	Stone:       {Name: "stone", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileStone)},
	Grass:       {Name: "grass", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: sides(TileGrassSide, TileGrassTop, TileDirt)},
	Dirt:        {Name: "dirt", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileDirt)},
	Cobblestone: {Name: "cobblestone", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileCobblestone)},
	Sand:        {Name: "sand", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileSand)},
	Gravel:      {Name: "gravel", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileGravel)},
	Log:         {Name: "log", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: sides(TileLogSide, TileLogTop, TileLogTop)},
	Planks:      {Name: "planks", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TilePlanks)},
	Leaves:      {Name: "leaves", Solid: true, Layer: LayerCutout, Tiles: all(TileLeaves)},
	Bricks:      {Name: "bricks", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileBricks)},
	Water:       {Name: "water", Liquid: true, CullSelf: true, Layer: LayerTranslucent, Tiles: all(TileWater)},
	Glass:       {Name: "glass", Solid: true, CullSelf: true, Layer: LayerTranslucent, Tiles: all(TileGlass)},
	Bedrock:     {Name: "bedrock", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileBedrock)},
	Snow:        {Name: "snow", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileSnow)},
	Torch: {Name: "torch", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileTorch),
		Light: 10, LightColor: [3]float32{9, 6.3, 3.2}},
}

var invalid = Info{Name: "invalid", Opaque: true, Solid: true, Layer: LayerOpaque, Tiles: all(TileStone)}

// Info returns the kind's row of the table. An ID at or above Count (which
// only a corrupted source can produce; loaders reject them) reads as an
// opaque solid "invalid" block, so a bad value never indexes out of range.
func (id ID) Info() *Info {
	if id >= Count {
		return &invalid
	}
	return &table[id]
}

// Valid reports whether id is a known kind.
func (id ID) Valid() bool { return id < Count }

// String is the kind's name.
func (id ID) String() string { return id.Info().Name }

// Opaque reports whether id hides its neighbours' faces.
func (id ID) Opaque() bool { return id.Info().Opaque }

// Solid reports whether the player collides with id.
func (id ID) Solid() bool { return id.Info().Solid }

// Targetable reports whether a ray cast stops at id (anything but air and
// liquids).
func (id ID) Targetable() bool { return id != Air && !id.Info().Liquid }

// ByName returns the kind with the given name.
func ByName(name string) (ID, bool) {
	for i := range table {
		if table[i].Name == name {
			return ID(i), true
		}
	}
	return Air, false
}

// Hotbar is the default hotbar: the placeable kinds, in slot order.
var Hotbar = [9]ID{Grass, Dirt, Stone, Cobblestone, Planks, Log, Bricks, Glass, Torch}

// Lit lists the kinds that give off light (Info.Light > 0).
var Lit = func() (ids []ID) {
	for id := range table {
		if table[id].Light > 0 {
			ids = append(ids, ID(id))
		}
	}
	return ids
}()
