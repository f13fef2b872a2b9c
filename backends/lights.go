package backends

import (
	"math"

	"github.com/sleakgo/sleak/vmath"
)

// Light is one punctual light of a frame, in world space. A zero Direction
// is a point light; any other is a spot light pointing that way.
type Light struct {
	Position vmath.Vec3
	Range    float32    // the light fades to nothing at this distance
	Color    vmath.Vec3 // colour times intensity
	// Direction is where a spot light's cone points (normalized).
	Direction vmath.Vec3
	// InnerCos and OuterCos are the cosines of the cone's half-angles where
	// a spot light starts to fade and where it is gone.
	InnerCos, OuterCos float32
}

// The light grid is one RGBA32F texture that every lighting shader reads
// with integer fetches (docs/SHADERS.md, "Punctual lights"): a header, the
// lights, a cluster table and the clusters' light lists. Clusters divide
// the view frustum into LightTilesX x LightTilesY screen tiles and
// LightSlices depth slices; a pixel shades only the lights of its cluster,
// so its cost follows the lights that reach it, not the lights in the
// frame. The shaders hard-code the same rows (sleak_lights.glsl for Vulkan
// and OpenGL, sleak_lights_apply.hlsli for Direct3D).
const (
	LightGridWidth = 1024
	// LightGridHeight is the texture's height: lightListEnd rows of lights
	// and their lists, then JointRows for the joint palette.
	LightGridHeight = lightListEnd + JointRows
	// MaxLights is how many lights a frame shades; the rest are counted in
	// LightGrid.Dropped.
	MaxLights = LightGridWidth
	// MaxClusterLights is how many lights one cluster shades; the first ones
	// in the frame's order win. It bounds the Direct3D shaders, which
	// unroll the light loop (Wine runs no loops).
	MaxClusterLights = 32

	LightTilesX = 16
	LightTilesY = 9
	LightSlices = 24
	// LightSliceExponent spaces the depth slices: slice s of n begins at
	// depth far * (s/n)^(1/LightSliceExponent).
	LightSliceExponent = 0.6
	// LightClusters is the size of the cluster table.
	LightClusters = LightTilesX * LightTilesY * LightSlices

	// Rows of the grid: row 0 the header (texel 0: tiles x, tiles y,
	// slices, light count; texel 1: 1/far, LightSliceExponent), rows 1-3 light i at
	// column i (position and 1/range², colour and spot scale, direction and
	// spot offset), rows 4-7 the cluster table (texel c: list column, list
	// row, count), then the lists, four light indices a texel, a list never
	// crossing a row.
	lightRow       = 1
	clusterRow     = 4
	listRow        = clusterRow + (LightClusters+LightGridWidth-1)/LightGridWidth
	lightListEnd   = 64 // the first row the lists never reach
	lightGridTexel = 4  // floats per texel
)

// The joint palette of a frame's skinned draws rides in the same texture,
// in the rows after those the lights use, so that every backend uploads it
// with the lights, once a frame, and every vertex shader that skins reads
// it as the light shaders read the grid (sleak_skin.glsl, sleak_skin.hlsli).
// A joint is three texels, the rows of its matrix's upper 3x4 part;
// JointsPerRow joints fill a row (its last texel unused), and joint j of
// the texture is at column 3*(j mod JointsPerRow) of row j / JointsPerRow.
const (
	JointsPerRow = LightGridWidth / 3
	JointRows    = 12
	// MaxFrameJoints is how many joint matrices one frame uploads; the
	// rest are counted in Stats.JointsDropped and their draws dropped.
	MaxFrameJoints = JointsPerRow * JointRows
	// MaxJoints is how many joint matrices one draw may blend (the
	// largest bone id plus one).
	MaxJoints = 256
)

// LightGrid is a frame's lights binned into clusters, ready to upload. Build
// fills it without allocating once it exists; the core keeps one.
type LightGrid struct {
	// Texels is the whole grid, row-major, LightGridWidth texels a row.
	Texels []float32
	// Rows is how many rows from the top the frame uses: a driver uploads
	// only these.
	Rows int
	// Lights is how many lights the grid holds; Dropped how many of the
	// frame's lights it could not (past MaxLights, or with every cluster
	// list full), and Clipped how many cluster entries MaxClusterLights cut.
	Lights, Dropped, Clipped int
	// All is the lights Build was given, up to MaxLights: light i of the
	// grid is All[i]. It is the caller's slice, valid until the next Build.
	All []Light

	counts [LightClusters]uint16
	filled [LightClusters]uint16
	start  [LightClusters]uint32 // where each cluster's list begins in Texels
	ranges [MaxLights][6]uint8   // x0, x1, y0, y1, s0, s1 per light; x0 > x1: off screen
}

// NewLightGrid returns an empty grid.
func NewLightGrid() *LightGrid {
	g := &LightGrid{Texels: make([]float32, LightGridWidth*LightGridHeight*lightGridTexel)}
	g.Build(nil, nil)
	return g
}

func (g *LightGrid) texel(x, y int) []float32 {
	i := (y*LightGridWidth + x) * lightGridTexel
	return g.Texels[i : i+lightGridTexel]
}

// Build bins lights for the camera of viewProj. Depth slices follow
// (depth / far)^LightSliceExponent out to the farthest light's reach, so
// near slices are thin and the table covers exactly the lit depth range.
func (g *LightGrid) Build(viewProj *vmath.Mat4, lights []Light) {
	n := min(len(lights), MaxLights)
	g.Dropped = len(lights) - n
	g.All = lights[:n]
	g.Clipped = 0
	// The view depth of a point is its clip w: the projection's last row,
	// whose xyz is the camera's forward axis.
	var fwd vmath.Vec3
	var w0 float32
	if viewProj != nil {
		m := viewProj
		fwd, w0 = vmath.Vec3{m[3], m[7], m[11]}, m[15]
	}
	far := float32(0)
	for i := 0; i < n; i++ {
		l := &lights[i]
		far = max(far, fwd.Dot(l.Position)+w0+l.Range)
	}
	invFar := float32(0)
	if far > 0 {
		invFar = 1 / far
	}
	clear(g.counts[:])
	visible := 0
	for i := 0; i < n; i++ {
		r := &g.ranges[i]
		r[0], r[1] = 1, 0
		if viewProj == nil {
			continue
		}
		l := &lights[i]
		d := fwd.Dot(l.Position) + w0
		if d+l.Range <= 0 || l.Range <= 0 {
			continue
		}
		// A hundredth of a unit more on each side keeps a pixel on a slice
		// boundary inside, whatever the GPU's rounding of pow.
		s0, s1 := slice(d-l.Range-0.01, invFar), slice(d+l.Range+0.01, invFar)
		x0, x1, y0, y1, ok := tiles(viewProj, l.Position, l.Range)
		if !ok {
			continue
		}
		*r = [6]uint8{x0, x1, y0, y1, s0, s1}
		visible++
		for s := int(s0); s <= int(s1); s++ {
			for ty := int(y0); ty <= int(y1); ty++ {
				row := g.counts[(s*LightTilesY+ty)*LightTilesX:][x0 : x1+1]
				for k := range row {
					if row[k] < MaxClusterLights {
						row[k]++
					} else {
						g.Clipped++
					}
				}
			}
		}
	}
	if visible == 0 {
		// The shaders read the light count in the header and stop, so a
		// frame without a light in view (most frames of most games) lays
		// out nothing: only the header row is uploaded.
		g.Rows = 1
		g.writeHeader(0, invFar)
		return
	}
	// Lay the lists out row by row, each aligned to a texel.
	x, y := 0, listRow
	tex := g.Texels
	for c := range g.counts {
		t := tex[(clusterRow*LightGridWidth+c)*lightGridTexel:][:4]
		need := (int(g.counts[c]) + 3) / 4
		if need == 0 {
			t[0], t[1], t[2], t[3] = 0, 0, 0, 0
			continue
		}
		if x+need > LightGridWidth {
			x, y = 0, y+1
		}
		if y >= lightListEnd {
			g.Clipped += int(g.counts[c])
			g.counts[c] = 0
			t[0], t[1], t[2], t[3] = 0, 0, 0, 0
			continue
		}
		t[0], t[1], t[2], t[3] = float32(x), float32(y), float32(g.counts[c]), 0
		g.start[c] = uint32((y*LightGridWidth + x) * lightGridTexel)
		x += need
	}
	g.Rows = y + 1
	if x == 0 {
		g.Rows = y
	}
	g.Rows = max(g.Rows, listRow)
	clear(g.filled[:])
	for i := 0; i < n; i++ {
		g.writeLight(i, &lights[i])
		r := &g.ranges[i]
		if r[0] > r[1] {
			continue
		}
		idx := float32(i)
		for s := int(r[4]); s <= int(r[5]); s++ {
			for ty := int(r[2]); ty <= int(r[3]); ty++ {
				base := (s*LightTilesY + ty) * LightTilesX
				for c := base + int(r[0]); c <= base+int(r[1]); c++ {
					if k := g.filled[c]; k < g.counts[c] {
						g.filled[c] = k + 1
						tex[g.start[c]+uint32(k)] = idx
					}
				}
			}
		}
	}
	g.writeHeader(visible, invFar)
}

// writeHeader records the frame's visible light count and fills the
// header texel pair the shaders read first.
func (g *LightGrid) writeHeader(visible int, invFar float32) {
	g.Lights = visible
	h := g.Texels[0:8]
	h[0], h[1], h[2], h[3] = LightTilesX, LightTilesY, LightSlices, float32(visible)
	h[4], h[5], h[6], h[7] = invFar, LightSliceExponent, 0, 0
}

func (g *LightGrid) writeLight(i int, l *Light) {
	t := g.texel(i, lightRow)
	t[0], t[1], t[2], t[3] = l.Position[0], l.Position[1], l.Position[2], 1/max(l.Range*l.Range, 1e-6)
	// The cone is saturate(cos * scale + offset) of the angle to its axis:
	// 1 inside InnerCos, 0 outside OuterCos. A point light has scale 0 and
	// offset 1.
	scale, offset := float32(0), float32(1)
	if l.Direction != (vmath.Vec3{}) {
		scale = 1 / max(l.InnerCos-l.OuterCos, 1e-4)
		offset = -l.OuterCos * scale
	}
	t = g.texel(i, lightRow+1)
	t[0], t[1], t[2], t[3] = l.Color[0], l.Color[1], l.Color[2], scale
	t = g.texel(i, lightRow+2)
	t[0], t[1], t[2], t[3] = l.Direction[0], l.Direction[1], l.Direction[2], offset
}

// slice is the depth slice of view depth d, as the shaders compute it.
func slice(d, invFar float32) uint8 {
	s := math.Floor(LightSlices * math.Pow(float64(max(d*invFar, 0)), LightSliceExponent))
	return uint8(min(max(s, 0), LightSlices-1))
}

// tiles returns the screen tiles the bounding box of a light's sphere
// covers, as the shaders number them from NDC, or ok false when it is off
// screen. A box that reaches behind the camera covers every tile.
func tiles(vp *vmath.Mat4, p vmath.Vec3, r float32) (x0, x1, y0, y1 uint8, ok bool) {
	lo := [2]float32{math.MaxFloat32, math.MaxFloat32}
	hi := [2]float32{-math.MaxFloat32, -math.MaxFloat32}
	behind := false
	for i := range 8 {
		c := vmath.Vec3{p[0] - r, p[1] - r, p[2] - r}
		if i&1 != 0 {
			c[0] = p[0] + r
		}
		if i&2 != 0 {
			c[1] = p[1] + r
		}
		if i&4 != 0 {
			c[2] = p[2] + r
		}
		v := vp.MulVec4(c.Vec4(1))
		if v[3] <= 1e-4 {
			behind = true
			break
		}
		for k := range 2 {
			lo[k] = min(lo[k], v[k]/v[3])
			hi[k] = max(hi[k], v[k]/v[3])
		}
	}
	if behind {
		return 0, LightTilesX - 1, 0, LightTilesY - 1, true
	}
	if lo[0] > 1 || lo[1] > 1 || hi[0] < -1 || hi[1] < -1 {
		return 0, 0, 0, 0, false
	}
	return tile(lo[0], LightTilesX), tile(hi[0], LightTilesX), tile(lo[1], LightTilesY), tile(hi[1], LightTilesY), true
}

func tile(ndc float32, n int) uint8 {
	t := math.Floor(float64((ndc*0.5 + 0.5) * float32(n)))
	return uint8(min(max(t, 0), float64(n-1)))
}

// SetJoints writes a frame's joint palette into the rows after the lights'
// (call it after Build) and grows Rows over them. It returns the texture's
// joint index of joints[0], which the skinning shaders add to a vertex's
// bone id, and how many joints it stored: at most MaxFrameJoints.
func (g *LightGrid) SetJoints(joints []vmath.Mat4) (base, stored int) {
	// The lights take at most lightListEnd rows, so MaxFrameJoints always
	// fit after a Build; the room left bounds a second call.
	stored = min(len(joints), MaxFrameJoints, (LightGridHeight-g.Rows)*JointsPerRow)
	if stored == 0 {
		return 0, 0
	}
	base = g.Rows * JointsPerRow
	for i := range stored {
		j := base + i
		m := &joints[i]
		t := g.Texels[((j/JointsPerRow)*LightGridWidth+3*(j%JointsPerRow))*lightGridTexel:][:3*lightGridTexel]
		for r := range 3 {
			t[4*r], t[4*r+1], t[4*r+2], t[4*r+3] = m[r], m[4+r], m[8+r], m[12+r]
		}
	}
	g.Rows += (stored + JointsPerRow - 1) / JointsPerRow
	return base, stored
}
