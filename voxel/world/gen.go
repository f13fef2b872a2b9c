package world

import (
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// SeaLevel is the height of the water surface: water fills y <= SeaLevel.
const SeaLevel = 64

// GeneratorVersion numbers the terrain the generator makes. Saves record
// it: unmodified chunks are not saved but regenerated, so a change to the
// terrain must bump it.
const GeneratorVersion = 1

// Biome is the kind of landscape of a column.
type Biome uint8

// The biomes.
const (
	Ocean Biome = iota
	Beach
	Plains
	Forest
	Mountains
	Desert
	River
	biomeCount
)

var biomeNames = [biomeCount]string{"ocean", "beach", "plains", "forest", "mountains", "desert", "river"}

func (b Biome) String() string {
	if b < biomeCount {
		return biomeNames[b]
	}
	return "unknown"
}

// Column describes a world column before caves and trees.
type Column struct {
	Height int   // y of the topmost terrain block
	Biome  Biome // landscape
}

// Generator makes terrain from a seed. It is immutable and safe for
// concurrent use; each Generate call uses about 30 KiB of stack.
//
// Terrain, per column: a continentalness noise picks ocean, coast or inland
// and, through a spline, the base height; a mountain noise raises ridged
// peaks (up to about y 200, snow above 150) inland; a low-amplitude detail
// noise roughens everything; a river noise cuts channels down to below sea
// level, which then fill with water. Temperature and humidity noises choose
// desert, forest or plains. Caves are two 3D noises whose zero sets
// intersect in tunnels, plus large caverns deep down, sampled every 4 blocks
// and interpolated. Trees stand on a jittered 5x5 grid whose cells are
// decided by a hash of their world position, so a tree whose canopy crosses
// a chunk border is planted the same way from both sides.
type Generator struct {
	seed                                        int64
	cont, mount, ridge, detail, river, tmp, hum fbm2
	cave1, cave2, cavern                        uint64
	trees, bedrock, misc                        uint64
}

// NewGenerator returns the generator for a seed.
func NewGenerator(seed int64) *Generator {
	s := mix(uint64(seed))
	sub := func(i uint64) uint64 { return mix(s + i*0x9E3779B97F4A7C15) }
	return &Generator{
		seed:    seed,
		cont:    newFBM2(sub(1), 768, 4),
		mount:   newFBM2(sub(2), 420, 3),
		ridge:   newFBM2(sub(3), 170, 4),
		detail:  newFBM2(sub(4), 64, 3),
		river:   newFBM2(sub(5), 900, 2),
		tmp:     newFBM2(sub(6), 620, 2),
		hum:     newFBM2(sub(7), 540, 2),
		cave1:   sub(8),
		cave2:   sub(9),
		cavern:  sub(10),
		trees:   sub(11),
		bedrock: sub(12),
		misc:    sub(13),
	}
}

// Seed is the generator's seed.
func (g *Generator) Seed() int64 { return g.seed }

var baseHeight = spline{
	{fx(-1.0), fx(26)}, {fx(-0.6), fx(34)}, {fx(-0.35), fx(50)}, {fx(-0.22), fx(60)},
	{fx(-0.13), fx(64)}, {fx(-0.05), fx(67)}, {fx(0.3), fx(76)}, {fx(1.0), fx(92)},
}

// columnAt is the full per-column computation; Column is its public part.
type columnInfo struct {
	Column
	caveTop int   // highest y caves may carve
	detail  int64 // detail noise, picks sand or gravel on sea floors
}

func (g *Generator) columnAt(x, z int) columnInfo {
	X, Z := int64(x), int64(z)
	c := g.cont.at(X, Z) * 3 / 2
	h := baseHeight.at(c)
	m := g.mount.at(X, Z)
	mf := remap(m, fx(0.02), fx(0.4)) * remap(c, fx(-0.08), fx(0.12)) >> fracBits
	if mf > 0 {
		r := one - abs(g.ridge.at(X, Z))
		r = r * r >> fracBits
		h += mf * (fx(28) + r*110) >> fracBits
	}
	d := g.detail.at(X, Z)
	h += d * (3 + mf*14>>fracBits)
	// rivers: where the river noise crosses zero, carve a channel whose bed
	// is below sea level (not through high mountains)
	rv := abs(g.river.at(X, Z))
	river := false
	if w := fx(0.035); rv < w && c > fx(-0.16) && mf < fx(0.45) {
		t := fade(rv * one / w)
		bed := fx(SeaLevel - 4)
		if h > bed {
			h = bed + (h-bed)*t>>fracBits
			river = h < fx(SeaLevel)
		}
	}
	height := int(clamp(h>>fracBits, 6, 232))
	var b Biome
	switch {
	case river:
		b = River
	case height < SeaLevel:
		b = Ocean
	case height <= SeaLevel+2 && c < fx(0.0):
		b = Beach
	case mf > fx(0.4):
		b = Mountains
	default:
		t, hu := g.tmp.at(X, Z), g.hum.at(X, Z)
		switch {
		case t > fx(0.18) && hu < fx(0.08):
			b = Desert
		case hu > fx(0.08):
			b = Forest
		default:
			b = Plains
		}
	}
	top := height - 4
	switch b {
	case Mountains:
		top = height
	case Ocean, River, Beach:
		top = height - 7
	}
	return columnInfo{Column: Column{Height: height, Biome: b}, caveTop: top, detail: d}
}

// ColumnAt returns the height and biome of world column (x, z).
func (g *Generator) ColumnAt(x, z int) Column { return g.columnAt(x, z).Column }

// Spawn returns a dry place to stand near the world origin, clear of
// trees: the feet position (block coordinates of the air block above the
// ground; caves never reach the surface there).
func (g *Generator) Spawn() (x, y, z int) {
	for r := 0; r < 4096; r += 8 {
		for _, p := range [][2]int{{r, 0}, {0, r}, {-r, 0}, {0, -r}, {r, r}, {-r, -r}} {
			c := g.columnAt(p[0], p[1])
			if c.Height > SeaLevel && c.Biome != Mountains && !g.treeNear(p[0], p[1]) {
				return p[0], c.Height + 1, p[1]
			}
		}
	}
	return 0, g.columnAt(0, 0).Height + 1, 0
}

const caveCell = 4 // cave noise sample spacing in blocks

// Generate fills dst with the terrain of chunk pos. It overwrites all of
// dst.
func (g *Generator) Generate(dst *chunk.Blocks, pos chunk.Pos) {
	ox, _, oz := pos.Origin()
	var cols [chunk.Area]columnInfo
	maxTop := 0
	for z := range chunk.Size {
		for x := range chunk.Size {
			c := g.columnAt(ox+x, oz+z)
			cols[z*chunk.Size+x] = c
			maxTop = max(maxTop, c.caveTop)
			g.fillColumn(dst.Column(x, z), ox+x, oz+z, &c)
		}
	}
	g.carveCaves(dst, ox, oz, &cols, maxTop)
	g.plantTrees(dst, ox, oz)
}

func (g *Generator) fillColumn(col []byte, x, z int, c *columnInfo) {
	col = col[:chunk.Height]
	h := c.Height
	var top, filler block.ID
	depth := 3
	switch c.Biome {
	case Ocean, River:
		top, filler = block.Sand, block.Sand
		if c.detail < fx(-0.15) {
			top, filler = block.Gravel, block.Gravel
		} else if c.detail > fx(0.35) {
			top, filler = block.Dirt, block.Dirt
		}
	case Beach:
		top, filler, depth = block.Sand, block.Sand, 4
	case Desert:
		top, filler, depth = block.Sand, block.Sand, 5
	case Mountains:
		top, filler, depth = block.Stone, block.Stone, 1
		snowLine := 150 + int(c.detail*8>>fracBits)
		switch {
		case h >= snowLine:
			top = block.Snow
		case h < 100:
			top, filler, depth = block.Grass, block.Dirt, 3
		}
	default:
		top, filler = block.Grass, block.Dirt
	}
	for y := 0; y <= h; y++ {
		id := block.Stone
		switch d := h - y; {
		case d == 0:
			id = top
		case d <= depth:
			id = filler
		}
		col[y] = byte(id)
	}
	col[0] = byte(block.Bedrock)
	hb := hash2(g.bedrock, int64(x), int64(z))
	for y := 1; y <= 3 && y < h; y++ {
		if hb>>(y*8)&3 == 0 {
			col[y] = byte(block.Bedrock)
		}
	}
	for y := h + 1; y < chunk.Height; y++ {
		if y <= SeaLevel {
			col[y] = byte(block.Water)
		} else {
			clear(col[y:])
			break
		}
	}
}

// Cave density fields, sampled on a 4-block lattice and interpolated.
const (
	caveCols = chunk.Size/caveCell + 1
	// tunnelR2 is the squared tunnel radius in the plane of the two tunnel
	// fields, which are compared in units of 1/256.
	tunnelR2 = 24 * 24
)

func (g *Generator) carveCaves(dst *chunk.Blocks, ox, oz int, cols *[chunk.Area]columnInfo, maxTop int) {
	if maxTop < 2 {
		return
	}
	ny := maxTop/caveCell + 2
	// samples of three fields, index (gy*caveCols + gz)*caveCols + gx
	var s1, s2, s3 [caveCols * caveCols * (chunk.Height/caveCell + 2)]int32
	const (
		fH = one / 56 // tunnel frequency, horizontal and vertical
		fV = one / 36
		cH = one / 90 // cavern frequency
		cV = one / 44
	)
	for gy := range ny {
		y := int64(gy * caveCell)
		for gz := range caveCols {
			z := int64(oz + gz*caveCell)
			for gx := range caveCols {
				x := int64(ox + gx*caveCell)
				i := (gy*caveCols+gz)*caveCols + gx
				s1[i] = int32(perlin3(g.cave1, x*fH, y*fV, z*fH))
				s2[i] = int32(perlin3(g.cave2, x*fH, y*fV, z*fH))
				if y < 48 {
					s3[i] = int32(perlin3(g.cavern, x*cH, y*cV, z*cH))
				} else {
					s3[i] = -one
				}
			}
		}
	}
	for z := range chunk.Size {
		gz, tz := z/caveCell, int64(z%caveCell)*one/caveCell
		for x := range chunk.Size {
			c := &cols[z*chunk.Size+x]
			if c.caveTop < 2 {
				continue
			}
			gx, tx := x/caveCell, int64(x%caveCell)*one/caveCell
			col := dst.Column(x, z)
			// bilinear in x and z at each lattice level, then linear in y
			at := func(s *[len(s1)]int32, gy int) int64 {
				i := (gy*caveCols+gz)*caveCols + gx
				a := lerp(int64(s[i]), int64(s[i+1]), tx)
				b := lerp(int64(s[i+caveCols]), int64(s[i+caveCols+1]), tx)
				return lerp(a, b, tz)
			}
			for gy := 0; gy*caveCell <= c.caveTop; gy++ {
				a1, b1 := at(&s1, gy), at(&s1, gy+1)
				a2, b2 := at(&s2, gy), at(&s2, gy+1)
				a3, b3 := at(&s3, gy), at(&s3, gy+1)
				for dy := range caveCell {
					y := gy*caveCell + dy
					if y < 1 || y > c.caveTop {
						continue
					}
					t := int64(dy) * one / caveCell
					n1, n2 := lerp(a1, b1, t)>>8, lerp(a2, b2, t)>>8
					n3 := lerp(a3, b3, t)
					// tunnels where both fields are near zero; caverns where
					// the third is high, larger the deeper
					if n1*n1+n2*n2 < tunnelR2 || n3 > fx(0.42)+int64(y)*fx(0.006) {
						if col[y] != byte(block.Bedrock) && col[y] != byte(block.Water) {
							col[y] = byte(block.Air)
						}
					}
				}
			}
		}
	}
}

// Trees.
const (
	treeCell  = 5 // one candidate per 5x5 cell
	treeReach = 2 // canopy radius
)

type tree struct {
	x, z   int // trunk
	ground int // y of the ground block under the trunk
	height int // trunk height
	hash   uint64
}

// treeIn returns the tree of grid cell (cx, cz), if it has one.
func (g *Generator) treeIn(cx, cz int) (tree, bool) {
	h := hash2(g.trees, int64(cx), int64(cz))
	x := cx*treeCell + int(h%treeCell)
	z := cz*treeCell + int(h>>8%treeCell)
	chance := h >> 16 & 0xff
	if chance >= 180 { // no biome plants more than 70%
		return tree{}, false
	}
	c := g.columnAt(x, z)
	switch {
	case c.Biome == Forest:
	case c.Biome == Plains && chance < 10:
	default:
		return tree{}, false
	}
	if c.Height <= SeaLevel || c.Height+10 >= chunk.Height {
		return tree{}, false
	}
	return tree{x: x, z: z, ground: c.Height, height: 4 + int(h>>24%3), hash: h}, true
}

// treeNear reports whether a tree's trunk or canopy may cover column (x, z).
func (g *Generator) treeNear(x, z int) bool {
	for cz := floorDiv(z-treeReach, treeCell); cz <= floorDiv(z+treeReach, treeCell); cz++ {
		for cx := floorDiv(x-treeReach, treeCell); cx <= floorDiv(x+treeReach, treeCell); cx++ {
			if t, ok := g.treeIn(cx, cz); ok && abs(int64(t.x-x)) <= treeReach && abs(int64(t.z-z)) <= treeReach {
				return true
			}
		}
	}
	return false
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (g *Generator) plantTrees(dst *chunk.Blocks, ox, oz int) {
	c0x, c1x := floorDiv(ox-treeReach, treeCell), floorDiv(ox+chunk.Size-1+treeReach, treeCell)
	c0z, c1z := floorDiv(oz-treeReach, treeCell), floorDiv(oz+chunk.Size-1+treeReach, treeCell)
	const span = (chunk.Size+2*treeReach-1)/treeCell + 2
	var trees [span * span]tree
	n := 0
	for cz := c0z; cz <= c1z; cz++ {
		for cx := c0x; cx <= c1x; cx++ {
			if t, ok := g.treeIn(cx, cz); ok && n < len(trees) {
				trees[n] = t
				n++
			}
		}
	}
	set := func(x, y, z int, id block.ID, over block.ID) {
		lx, lz := x-ox, z-oz
		if lx < 0 || lz < 0 || lx >= chunk.Size || lz >= chunk.Size || y < 0 || y >= chunk.Height {
			return
		}
		i := chunk.Index(lx, y, lz)
		if cur := block.ID(dst[i]); cur == block.Air || cur == over {
			dst[i] = byte(id)
		}
	}
	// leaves first, into air only; then trunks, over air and leaves, so the
	// result does not depend on the order trees are visited in
	for _, t := range trees[:n] {
		top := t.ground + t.height
		for y := top - 2; y <= top+1; y++ {
			r := 2
			if y >= top {
				r = 1
			}
			for dz := -r; dz <= r; dz++ {
				for dx := -r; dx <= r; dx++ {
					corner := (dx == -r || dx == r) && (dz == -r || dz == r)
					if corner && (y == top+1 || hash3(t.hash, int64(dx), int64(y), int64(dz))&1 == 0) {
						continue
					}
					set(t.x+dx, y, t.z+dz, block.Leaves, block.Air)
				}
			}
		}
	}
	for _, t := range trees[:n] {
		for y := t.ground + 1; y <= t.ground+t.height; y++ {
			set(t.x, y, t.z, block.Log, block.Leaves)
		}
		lx, lz := t.x-ox, t.z-oz
		if lx >= 0 && lz >= 0 && lx < chunk.Size && lz < chunk.Size {
			dst[chunk.Index(lx, t.ground, lz)] = byte(block.Dirt)
		}
	}
}
