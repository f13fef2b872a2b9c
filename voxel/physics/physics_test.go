package physics

import (
	"math"
	"testing"
)

// grid is a hand-made world: a floor at y < 0 plus the listed blocks.
type grid map[[3]int]bool

func (g grid) solid(x, y, z int) bool { return y < 0 || g[[3]int{x, y, z}] }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func box(x, y, z, w, h float64) AABB {
	return AABB{Vec3{x - w/2, y, z - w/2}, Vec3{x + w/2, y + h, z + w/2}}
}

func TestMove(t *testing.T) {
	wall := grid{}
	for y := 0; y < 3; y++ {
		for z := -3; z < 3; z++ {
			wall[[3]int{2, y, z}] = true
		}
	}
	wall[[3]int{0, 2, 0}] = true // a ceiling block
	for _, tc := range []struct {
		name    string
		g       grid
		b       AABB
		delta   Vec3
		moved   Vec3
		blocked [3]bool
	}{
		{"fall onto the floor", grid{}, box(0.5, 3, 0.5, 0.6, 1.8), Vec3{0, -10, 0}, Vec3{0, -3, 0}, [3]bool{false, true, false}},
		{"free move", grid{}, box(0.5, 0, 0.5, 0.6, 1.8), Vec3{1.5, 0, -2}, Vec3{1.5, 0, -2}, [3]bool{}},
		{"into a wall", wall, box(0.5, 0, 0.5, 0.6, 1.8), Vec3{3, 0, 0}, Vec3{1.2, 0, 0}, [3]bool{true, false, false}},
		{"slide along a wall", wall, box(0.5, 0, 0.5, 0.6, 1.8), Vec3{3, 0, 1}, Vec3{1.2, 0, 1}, [3]bool{true, false, false}},
		{"touching a wall, moving along it", wall, box(1.7, 0, 0.5, 0.6, 1.8), Vec3{0, 0, 1}, Vec3{0, 0, 1}, [3]bool{}},
		{"head hits the ceiling", wall, box(0.5, 0, 0.5, 0.6, 1.8), Vec3{0, 1, 0}, Vec3{0, 0.2, 0}, [3]bool{false, true, false}},
		{"through a one-block gap", grid{{1, 0, 0}: true, {1, 0, 2}: true}, box(1.5, 0, 1.5, 0.6, 0.9), Vec3{0, 0, 0}, Vec3{}, [3]bool{}},
		{"fast fall does not tunnel", grid{}, box(0.5, 100, 0.5, 0.6, 1.8), Vec3{0, -1000, 0}, Vec3{0, -100, 0}, [3]bool{false, true, false}},
		{"negative coordinates", grid{{-3, 0, -3}: true}, box(-0.5, 0, -2.5, 0.6, 1.8), Vec3{-3, 0, 0}, Vec3{-1.2, 0, 0}, [3]bool{true, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, moved, blocked := Move(tc.b, tc.delta, tc.g.solid)
			if !near(moved.X, tc.moved.X) || !near(moved.Y, tc.moved.Y) || !near(moved.Z, tc.moved.Z) || blocked != tc.blocked {
				t.Fatalf("moved %+v blocked %v, want %+v %v", moved, blocked, tc.moved, tc.blocked)
			}
		})
	}
}

func run(b *Body, in Input, seconds float64, p *Params, g grid) (maxY float64) {
	maxY = b.Pos.Y
	for i := 0; i < int(seconds*60); i++ {
		Step(b, in, 1.0/60, p, g.solid)
		maxY = math.Max(maxY, b.Pos.Y)
	}
	return maxY
}

func TestStep(t *testing.T) {
	p := DefaultParams()
	t.Run("stands on the ground", func(t *testing.T) {
		b := &Body{Pos: Vec3{0.5, 0.5, 0.5}}
		run(b, Input{}, 1, &p, grid{})
		if !b.OnGround || !near(b.Pos.Y, 0) {
			t.Fatalf("%+v", b)
		}
	})
	t.Run("walk and sprint speeds", func(t *testing.T) {
		for _, tc := range []struct {
			sprint bool
			want   float64
		}{{false, p.WalkSpeed}, {true, p.SprintSpeed}} {
			b := &Body{Pos: Vec3{0.5, 0, 0.5}, OnGround: true}
			run(b, Input{Forward: 1, Sprint: tc.sprint}, 1, &p, grid{})
			start := b.Pos.Z
			run(b, Input{Forward: 1, Sprint: tc.sprint}, 1, &p, grid{})
			if v := start - b.Pos.Z; math.Abs(v-tc.want) > 0.05 {
				t.Errorf("sprint %v: %.3f blocks/s towards -Z, want %.3f", tc.sprint, v, tc.want)
			}
		}
	})
	t.Run("yaw turns right", func(t *testing.T) {
		b := &Body{Pos: Vec3{0.5, 0, 0.5}, OnGround: true}
		run(b, Input{Forward: 1, Yaw: math.Pi / 2}, 1, &p, grid{})
		if b.Pos.X < 3 || math.Abs(b.Pos.Z-0.5) > 1e-6 {
			t.Fatalf("yaw 90 degrees moved to %+v, want +X", b.Pos)
		}
	})
	t.Run("jump clears one block, not two", func(t *testing.T) {
		b := &Body{Pos: Vec3{0.5, 0, 0.5}, OnGround: true}
		top := run(b, Input{Jump: true}, 0.3, &p, grid{})
		if top < 1.1 || top > 1.4 {
			t.Fatalf("jump height %.3f", top)
		}
		step := grid{}
		for z := -8; z <= -1; z++ {
			step[[3]int{0, 0, z}] = true
		}
		b = &Body{Pos: Vec3{0.5, 0, 0.5}, OnGround: true}
		run(b, Input{Forward: 1}, 0.5, &p, step) // walk up to the step
		run(b, Input{Forward: 1, Jump: true}, 0.05, &p, step)
		run(b, Input{Forward: 1}, 1, &p, step)
		if b.Pos.Y != 1 || !b.OnGround {
			t.Fatalf("did not climb onto a one-block step: %+v", b)
		}
		wall := grid{{0, 0, -1}: true, {0, 1, -1}: true}
		b = &Body{Pos: Vec3{0.5, 0, 0.5}, OnGround: true}
		run(b, Input{Forward: 1, Jump: true}, 1, &p, wall)
		if b.Pos.Z < 0.3-1e-9 || b.Pos.Y > 1.5 {
			t.Fatalf("went through or over a two-block wall: %+v", b.Pos)
		}
	})
	t.Run("flying ignores gravity", func(t *testing.T) {
		b := &Body{Pos: Vec3{0.5, 10, 0.5}, Flying: true}
		run(b, Input{}, 1, &p, grid{})
		if math.Abs(b.Pos.Y-10) > 1e-9 {
			t.Fatalf("hovering drifted to %v", b.Pos.Y)
		}
		run(b, Input{Jump: true}, 1, &p, grid{})
		if b.Pos.Y < 15 {
			t.Fatalf("flying up reached only %v", b.Pos.Y)
		}
		run(b, Input{Descend: true}, 5, &p, grid{})
		if b.Pos.Y != 0 || !b.OnGround {
			t.Fatalf("flying down stopped at %+v", b)
		}
	})
	t.Run("long frames are split", func(t *testing.T) {
		b := &Body{Pos: Vec3{0.5, 50, 0.5}}
		Step(b, Input{}, 10, &p, grid{}.solid)
		if b.Pos.Y != 0 || !b.OnGround {
			t.Fatalf("%+v", b)
		}
	})
}

func TestRaycast(t *testing.T) {
	for _, tc := range []struct {
		name   string
		g      grid
		o, d   Vec3
		max    float64
		ok     bool
		block  [3]int
		normal [3]int
		dist   float64
	}{
		{"+x", grid{{3, 0, 0}: true}, Vec3{0.5, 0.5, 0.5}, Vec3{1, 0, 0}, 10, true, [3]int{3, 0, 0}, [3]int{-1, 0, 0}, 2.5},
		{"-x", grid{{-3, 0, 0}: true}, Vec3{0.5, 0.5, 0.5}, Vec3{-2, 0, 0}, 10, true, [3]int{-3, 0, 0}, [3]int{1, 0, 0}, 2.5},
		{"down onto the floor", grid{}, Vec3{0.5, 5.5, 0.5}, Vec3{0, -1, 0}, 10, true, [3]int{0, -1, 0}, [3]int{0, 1, 0}, 5.5},
		{"+z", grid{{0, 0, 2}: true}, Vec3{0.5, 0.5, 0.5}, Vec3{0, 0, 1}, 10, true, [3]int{0, 0, 2}, [3]int{0, 0, -1}, 1.5},
		{"-z", grid{{0, 3, -2}: true}, Vec3{0.5, 3.5, 0.5}, Vec3{0, 0, -1}, 10, true, [3]int{0, 3, -2}, [3]int{0, 0, 1}, 1.5},
		{"up into a ceiling", grid{{0, 4, 0}: true}, Vec3{0.5, 1.5, 0.5}, Vec3{0, 1, 0}, 10, true, [3]int{0, 4, 0}, [3]int{0, -1, 0}, 2.5},
		{"diagonal", grid{{2, 2, 0}: true}, Vec3{0.5, 0.2, 0.5}, Vec3{1, 1, 0}, 10, true, [3]int{2, 2, 0}, [3]int{0, -1, 0}, 1.8 * math.Sqrt2},
		{"out of reach", grid{{6, 0, 0}: true}, Vec3{0.5, 0.5, 0.5}, Vec3{1, 0, 0}, 5, false, [3]int{}, [3]int{}, 0},
		{"starts inside", grid{{0, 0, 0}: true}, Vec3{0.5, 0.5, 0.5}, Vec3{1, 0, 0}, 5, true, [3]int{0, 0, 0}, [3]int{}, 0},
		{"zero direction", grid{}, Vec3{0.5, 0.5, 0.5}, Vec3{}, 5, false, [3]int{}, [3]int{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, ok := Raycast(tc.o, tc.d, tc.max, tc.g.solid)
			if ok != tc.ok || h.Block != tc.block || h.Normal != tc.normal || !near(h.Dist, tc.dist) {
				t.Fatalf("hit %+v %v, want %v %v %v %v", h, ok, tc.ok, tc.block, tc.normal, tc.dist)
			}
			if ok && h.Normal != ([3]int{}) && tc.g.solid(h.Place()[0], h.Place()[1], h.Place()[2]) {
				t.Fatalf("place position %v is solid", h.Place())
			}
		})
	}
}

func TestLook(t *testing.T) {
	for _, tc := range []struct {
		yaw, pitch float64
		want       Vec3
	}{
		{0, 0, Vec3{0, 0, -1}},
		{math.Pi / 2, 0, Vec3{1, 0, 0}},
		{0, math.Pi / 2, Vec3{0, 1, 0}},
	} {
		if g := Look(tc.yaw, tc.pitch); !near(g.X, tc.want.X) || !near(g.Y, tc.want.Y) || !near(g.Z, tc.want.Z) {
			t.Errorf("Look(%v, %v) = %+v, want %+v", tc.yaw, tc.pitch, g, tc.want)
		}
	}
}

// A saved position of -1e19 made sweep loop for ever: float to int wrapped,
// and the layer loop ran from the wrapped value towards the real one. The
// world below counts the blocks asked about and stops any such loop, so
// the test fails instead of hanging.
func TestFarPositionsDoNotHang(t *testing.T) {
	const budget = 100000
	for _, pos := range []Vec3{
		{-1e19, 10, 0}, {1e19, 10, 0}, {0, -1e19, 0}, {0, 10, 1e300},
		{math.NaN(), 10, 0}, {math.Inf(-1), 10, 0},
	} {
		calls := 0
		solid := func(x, y, z int) bool {
			calls++
			return calls > budget || y < 0
		}
		b := &Body{Pos: pos}
		p := DefaultParams()
		Step(b, Input{Forward: 1, Right: 1}, 1, &p, solid)
		if calls > budget {
			t.Errorf("Step from %v asked about %d blocks", pos, calls)
		}
		if ClampPos(b.Pos) != b.Pos {
			t.Errorf("Step from %v left the body at %v, outside the world", pos, b.Pos)
		}
		calls = 0
		box := AABB{Min: Vec3{-1e19, 0, 0}, Max: Vec3{-1e19 + 0.6, 1.8, 0.6}}
		Move(box, Vec3{X: 5}, solid)
		if calls > budget {
			t.Errorf("Move of a box at -1e19 asked about %d blocks", calls)
		}
		calls = 0
		Raycast(pos, Vec3{X: 1}, 8, func(x, y, z int) bool { return solid(x, y, z) })
		if calls > budget {
			t.Errorf("Raycast from %v asked about %d blocks", pos, calls)
		}
	}
}
