package backends

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sleakgo/sleak/vmath"
)

func testViewProj() vmath.Mat4 {
	eye := vmath.Vec3{0, 2, 8}
	view := vmath.LookAt(eye, vmath.Vec3{0, 0, 0}, vmath.Vec3{0, 1, 0})
	return vmath.Perspective(vmath.Radians(60), 16.0/9, 0.1, 500).Mul(view)
}

// lookup is the shaders' cluster lookup: the lights listed for the cluster
// of world position p.
func (g *LightGrid) lookup(vp *vmath.Mat4, p vmath.Vec3) []int {
	h := g.texel(0, 0)
	if h[3] == 0 {
		return nil
	}
	invFar, e := g.texel(1, 0)[0], g.texel(1, 0)[1]
	c := vp.MulVec4(p.Vec4(1))
	tx := math.Floor(float64((c[0]/c[3]*0.5 + 0.5) * h[0]))
	ty := math.Floor(float64((c[1]/c[3]*0.5 + 0.5) * h[1]))
	s := math.Floor(float64(h[2]) * math.Pow(float64(max(c[3]*invFar, 0)), float64(e)))
	tx, ty, s = min(max(tx, 0), float64(h[0]-1)), min(max(ty, 0), float64(h[1]-1)), min(max(s, 0), float64(h[2]-1))
	ci := int(tx + float64(h[0])*(ty+float64(h[1])*s))
	ct := g.texel(ci%LightGridWidth, clusterRow+ci/LightGridWidth)
	var out []int
	for k := 0; k < int(ct[2]); k++ {
		out = append(out, int(g.texel(int(ct[0])+k/4, int(ct[1]))[k%4]))
	}
	return out
}

func TestLightGridFindsEveryLitPoint(t *testing.T) {
	vp := testViewProj()
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name   string
		lights int
		radius float32
	}{
		{"one small light", 1, 1},
		{"a few large lights", 6, 6},
		{"many small lights", 300, 0.8},
		{"the maximum", MaxLights, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lights := make([]Light, tt.lights)
			for i := range lights {
				lights[i] = Light{
					Position: vmath.Vec3{rng.Float32()*16 - 8, rng.Float32() * 3, rng.Float32()*16 - 10},
					Range:    tt.radius * (0.5 + rng.Float32()), Color: vmath.Vec3{1, 1, 1},
				}
			}
			g := NewLightGrid()
			g.Build(&vp, lights)
			if g.Dropped != 0 {
				t.Fatalf("Dropped = %d, want 0", g.Dropped)
			}
			missed := 0
			for i, l := range lights {
				for range 20 {
					// A random point inside the light's sphere.
					d := vmath.Vec3{rng.Float32()*2 - 1, rng.Float32()*2 - 1, rng.Float32()*2 - 1}
					if d.Len() > 1 {
						continue
					}
					p := l.Position.Add(d.Mul(l.Range * 0.999))
					c := vp.MulVec4(p.Vec4(1))
					if c[3] <= 0.1 || math.Abs(float64(c[0]/c[3])) > 1 || math.Abs(float64(c[1]/c[3])) > 1 {
						continue // off screen: no pixel shades it
					}
					if list := g.lookup(&vp, p); !slices.Contains(list, i) && len(list) < MaxClusterLights {
						missed++
					}
				}
			}
			if missed != 0 {
				t.Errorf("%d points inside a light's range found a cluster without that light", missed)
			}
		})
	}
}

func TestLightGridBoundaries(t *testing.T) {
	vp := testViewProj()
	tests := []struct {
		name        string
		lights      []Light
		wantLights  int
		wantDropped int
		wantRows    int
	}{
		{"none", nil, 0, 0, 1},
		{"behind the camera", []Light{{Position: vmath.Vec3{0, 2, 20}, Range: 2}}, 0, 0, 1},
		{"off screen to the side", []Light{{Position: vmath.Vec3{200, 0, 0}, Range: 2}}, 0, 0, 1},
		{"in front of the camera", []Light{{Position: vmath.Vec3{0, 0, 0}, Range: 1}}, 1, 0, listRow + 1},
		{"past MaxLights", make([]Light, MaxLights+5), 0, 5, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewLightGrid()
			g.Build(&vp, tt.lights)
			if g.Lights != tt.wantLights || g.Dropped != tt.wantDropped || g.Rows != tt.wantRows {
				t.Errorf("Lights, Dropped, Rows = %d, %d, %d, want %d, %d, %d", g.Lights, g.Dropped, g.Rows, tt.wantLights, tt.wantDropped, tt.wantRows)
			}
		})
	}
}

func TestLightGridClipsFullClusters(t *testing.T) {
	vp := testViewProj()
	lights := make([]Light, MaxClusterLights+8)
	for i := range lights {
		lights[i] = Light{Position: vmath.Vec3{0, 0, 0}, Range: 0.5, Color: vmath.Vec3{1, 1, 1}}
	}
	g := NewLightGrid()
	g.Build(&vp, lights)
	if g.Clipped == 0 {
		t.Fatal("Clipped = 0 with more lights in one place than a cluster holds")
	}
	list := g.lookup(&vp, vmath.Vec3{})
	if len(list) != MaxClusterLights {
		t.Fatalf("the centre's cluster lists %d lights, want %d", len(list), MaxClusterLights)
	}
	for k, i := range list {
		if i != k {
			t.Fatalf("the cluster lists %v: the first lights of the frame must win", list)
		}
	}
}

func TestLightGridSpotCone(t *testing.T) {
	g := NewLightGrid()
	vp := testViewProj()
	g.Build(&vp, []Light{{Position: vmath.Vec3{0, 3, 0}, Range: 5, Direction: vmath.Vec3{0, -1, 0},
		InnerCos: 0.9, OuterCos: 0.8}})
	scale, offset := g.texel(0, lightRow+1)[3], g.texel(0, lightRow+2)[3]
	for _, tt := range []struct{ cos, want float32 }{{1, 1}, {0.9, 1}, {0.85, 0.5}, {0.8, 0}, {0.5, 0}} {
		got := min(max(tt.cos*scale+offset, 0), 1)
		if math.Abs(float64(got-tt.want)) > 1e-3 {
			t.Errorf("cone at cos %.2f = %.3f, want %.3f", tt.cos, got, tt.want)
		}
	}
}

func TestLightGridBuildAllocatesNothing(t *testing.T) {
	vp := testViewProj()
	lights := make([]Light, 1024)
	for i := range lights {
		lights[i] = Light{Position: vmath.Vec3{float32(i%32) - 16, 0.5, -float32(i / 32)}, Range: 1.5, Color: vmath.Vec3{1, 1, 1}}
	}
	g := NewLightGrid()
	if n := testing.AllocsPerRun(10, func() { g.Build(&vp, lights) }); n != 0 {
		t.Errorf("Build allocates %.0f times, want 0", n)
	}
}

func BenchmarkLightGridBuild(b *testing.B) {
	vp := testViewProj()
	for _, n := range []int{16, 256, 1024} {
		lights := make([]Light, n)
		for i := range lights {
			lights[i] = Light{Position: vmath.Vec3{float32(i%32) - 16, 0.5, -float32(i / 32)}, Range: 1.5, Color: vmath.Vec3{1, 1, 1}}
		}
		g := NewLightGrid()
		b.Run(itoa(n), func(b *testing.B) {
			for range b.N {
				g.Build(&vp, lights)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// The palette rides after the lights' rows, three texels a joint holding
// its matrix's rows, JointsPerRow a row, and Rows covers it.
func TestSetJoints(t *testing.T) {
	g := NewLightGrid()
	g.Build(nil, nil)
	joints := make([]vmath.Mat4, JointsPerRow+2)
	for i := range joints {
		joints[i] = vmath.Translate(vmath.Vec3{float32(i), 2, 3})
	}
	base, stored := g.SetJoints(joints)
	if base != JointsPerRow || stored != len(joints) || g.Rows != 3 {
		t.Fatalf("base %d, stored %d, rows %d; want %d, %d, 3", base, stored, g.Rows, JointsPerRow, len(joints))
	}
	// Joint JointsPerRow+1 of the palette is texture joint
	// 2*JointsPerRow+1: row 2, column 3.
	at := (2*LightGridWidth + 3) * 4
	row0 := g.Texels[at : at+4]
	if want := []float32{1, 0, 0, float32(JointsPerRow + 1)}; !slices.Equal(row0, want) {
		t.Errorf("first row of the last joint = %v, want %v", row0, want)
	}
	if _, stored := g.SetJoints(make([]vmath.Mat4, MaxFrameJoints+1)); stored != MaxFrameJoints {
		t.Errorf("stored %d of too many, want %d", stored, MaxFrameJoints)
	}
}
