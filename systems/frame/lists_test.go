package frame

import (
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

func TestSortKeysIsAStableSortOfTheHighBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var scratch sortScratch
	for _, n := range []int{0, 1, 2, 10, 64, 65, 1000, 5000} {
		for _, low := range []uint{indexBits, depthShift} {
			for _, spread := range []uint64{1, 3, 1 << 20, 1<<(64-low) - 1} {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = r.Uint64N(spread+1)<<low | uint64(i)
				}
				want := slices.Clone(keys)
				slices.SortStableFunc(want, func(a, b uint64) int {
					switch {
					case a>>low < b>>low:
						return -1
					case a>>low > b>>low:
						return 1
					}
					return 0
				})
				sortKeys(keys, &scratch, low)
				if !slices.Equal(keys, want) {
					t.Fatalf("n %d, low %d, spread %d: keys out of order", n, low, spread)
				}
			}
		}
	}
}

func TestPassOrderSortsAsSortKeysFrameAfterFrame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var o passOrder
	var scratch sortScratch
	var last []uint64
	high := make([]uint64, 3000) // each entity's sort bits, drifting from frame to frame
	for i := range high {
		high[i] = r.Uint64N(64)
	}
	for frame := range 60 {
		// Some frames keep every key (last frame's order is taken as
		// it is), some move a few keys by one bucket
		// (a repair), some change many (a sort from scratch), and the
		// count changes every 20 frames.
		n := 2000 + 500*(frame/20)
		switch frame % 4 {
		case 1, 2:
			for range 5 {
				i := r.IntN(n)
				high[i] = max(high[i]+uint64(r.IntN(3)), 1) - 1
			}
		case 3:
			for range 3000 {
				high[r.IntN(len(high))] = r.Uint64N(64)
			}
		}
		if frame%10 == 9 {
			for i := range high {
				high[i] = uint64(i / 100) // gathered in order: a list that is its own order
			}
		}
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = high[i]<<indexBits | uint64(2*i) // draw indices ascend, with gaps
		}
		if !slices.Equal(keys, last) {
			o.forget() // as Gather does for a list that changed
		}
		last = keys
		gathered := slices.Clone(keys)
		want := slices.Clone(keys)
		sortKeys(want, &scratch, indexBits)
		if got := o.sort(keys, &scratch, indexBits); !slices.Equal(got, want) {
			t.Fatalf("frame %d: keys out of sortKeys' order", frame)
		}
		if !slices.Equal(keys, gathered) {
			t.Fatalf("frame %d: the gathered list changed", frame)
		}
	}
}

func TestDepthKeyOrdersFarFirst(t *testing.T) {
	d := []float32{0, 0.5, 1, 2, 1e6}
	for i := 1; i < len(d); i++ {
		if depthKey(d[i]) >= depthKey(d[i-1]) {
			t.Errorf("depthKey(%v) does not sort before depthKey(%v)", d[i], d[i-1])
		}
	}
}

func TestSunKeyOrdersNearestTheSunFirst(t *testing.T) {
	// Distances along the sunlight from the camera: negative towards the sun.
	s := []float32{-1e9, -1e4, -300, -20, -1.5, -0.25, 0, 0.25, 3, 64, 2000, 1e9}
	for i := 1; i < len(s); i++ {
		if sunKey(s[i]) < sunKey(s[i-1]) {
			t.Errorf("sunKey(%v) sorts before sunKey(%v)", s[i], s[i-1])
		}
	}
	if sunKey(-300) == sunKey(-20) || sunKey(20) == sunKey(300) || sunKey(-4) == sunKey(4) {
		t.Error("casters far apart along the light share a bucket")
	}
	// Mirror images: the same distance on either side of the camera falls
	// into buckets mirrored about the middle of the field.
	for _, v := range s {
		if v <= 0 {
			continue
		}
		const mid = 1 << (nearBits - 1)
		above, below := int(sunKey(v)>>indexBits)-mid, int(sunKey(-v)>>indexBits)-mid
		if above != -1-below {
			t.Errorf("sunKey(%v) is bucket %d above the middle, sunKey(%v) %d below it, want mirrored", v, above, -v, -below)
		}
	}
	for _, v := range s {
		if k := sunKey(v); k>>(nearBits+indexBits) != 0 || k&indexMask != 0 {
			t.Errorf("sunKey(%v) = %#x leaves its field", v, k)
		}
	}
}

func TestNearKeyOrdersNearFirstWithinAGroup(t *testing.T) {
	d := []float32{0, 1, 4, 9.5, 100, 1e4, 1e6}
	for i := 1; i < len(d); i++ {
		if nearKey(d[i]) < nearKey(d[i-1]) {
			t.Errorf("nearKey(%v) sorts before nearKey(%v)", d[i], d[i-1])
		}
	}
	if nearKey(1e6) == nearKey(1e4) || nearKey(100) == nearKey(1e4) {
		t.Error("distances a hundredfold apart share a bucket")
	}
	// The distance never spills into the group fields above it.
	for _, v := range []float32{0, 1e30, float32(1 << 62)} {
		if k := nearKey(v); k>>(nearBits+indexBits) != 0 || k&indexMask != 0 {
			t.Errorf("nearKey(%v) = %#x leaves its field", v, k)
		}
	}
	g := groupKey(1, 2, 3)
	if g&(1<<(nearBits+indexBits)-1) != 0 {
		t.Errorf("groupKey sets bits of the distance or index: %#x", g)
	}
}

// testCascades fits the four cascades of a view 60 blocks deep, looking
// down a little from eye along forward, under a low sun: their matrices
// and where each one's share of the view starts.
func testCascades() (eye, forward vmath.Vec3, ms [backends.NumCascades]vmath.Mat4, starts [backends.NumCascades]float32) {
	eye, forward, up := vmath.Vec3{3, 70, -2}, vmath.Vec3{0.6, -0.3, 0.74}.Normalize(), vmath.Vec3{0, 1, 0}
	dir := vmath.Vec3{-0.4, -0.8, 0.3}.Normalize()
	from := float32(0.1)
	for i, to := range CascadeSplits(0.1, 60) {
		ms[i], starts[i] = lightMatrix(eye, forward, up, 70, 16.0/9, from, to, dir, 1024), from
		from = to
	}
	return eye, forward, ms, starts
}

// The cascades' shared light-space rotation gives the tests the cascades'
// own matrices give: for boxes all round the view, the same cascades, but
// for boxes within a hair of a box's face. Nearer the sun than a box's
// near face is inside it, as the shadow pass clamps depth there.
func TestCascadeTestsMatchTheMatrices(t *testing.T) {
	eye, forward, ms, starts := testCascades()
	var ct cascadeTests
	const redraw = 0b1101 // one kept
	ct.set(&ms, redraw, forward, eye, &starts, false)
	// The test written out against cascade i's matrix, and how far inside
	// its limits the box is (negative: outside).
	direct := func(i int, c, e vmath.Vec3) (bool, float32) {
		m := &ms[i]
		margin := forward.Dot(c) + vmath.Vec3{vmath.Abs32(forward[0]), vmath.Abs32(forward[1]), vmath.Abs32(forward[2])}.Dot(e) - forward.Dot(eye) - starts[i]
		in := margin >= 0
		for r := range 3 {
			row := vmath.Vec3{m[r], m[4+r], m[8+r]}
			p := row.Dot(c) + m[12+r]
			d := vmath.Vec3{vmath.Abs32(row[0]), vmath.Abs32(row[1]), vmath.Abs32(row[2])}.Dot(e)
			lo, hi := float32(-1), float32(1)
			if r == 2 {
				lo = float32(math.Inf(-1))
			}
			in = in && p+d >= lo && p-d <= hi
			margin = min(margin, vmath.Abs32(p+d-lo), vmath.Abs32(hi-(p-d)))
		}
		return in, margin
	}
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for range 20000 {
		c := eye.Add(vmath.Vec3{rng.Float32()*160 - 80, rng.Float32()*80 - 60, rng.Float32()*160 - 80})
		e := vmath.Vec3{rng.Float32() * 8, rng.Float32() * 8, rng.Float32() * 8}
		got := ct.touches(&vmath.AABB{Min: c.Sub(e), Max: c.Add(e)})
		for i := range ms {
			want, margin := direct(i, c, e)
			if redraw&(1<<i) == 0 {
				want = false
			}
			if margin < 1e-4 && redraw&(1<<i) != 0 {
				continue
			}
			checked++
			if (got&(1<<i) != 0) != want {
				t.Fatalf("box at %v, half extent %v: cascade %d touched %v, the matrix says %v", c, e, i, got&(1<<i) != 0, want)
			}
		}
	}
	if checked < 40000 {
		t.Errorf("only %d box and cascade pairs away from the edges", checked)
	}
}

// BenchmarkCascadeTouches times the test every shadow caster of a frame
// takes: a 1-block box somewhere along the first 50 blocks of the view
// against four cascades.
func BenchmarkCascadeTouches(b *testing.B) {
	eye, forward, ms, starts := testCascades()
	var ct cascadeTests
	ct.set(&ms, 1<<backends.NumCascades-1, forward, eye, &starts, false)
	boxes := make([]vmath.AABB, 1024)
	half := vmath.Vec3{0.5, 0.5, 0.5}
	for i := range boxes {
		c := eye.Add(forward.Mul(float32(i % 50)))
		boxes[i] = vmath.AABB{Min: c.Sub(half), Max: c.Add(half)}
	}
	var touched int
	for i := 0; b.Loop(); i++ {
		if ct.touches(&boxes[i&1023]) != 0 {
			touched++
		}
	}
	if touched == 0 {
		b.Fatal("no box touched a cascade")
	}
}

// BenchmarkSortKeys orders a forward pass's keys as a frame of the render
// systems' benchmark makes them: 10,000 draws of two shaders and four
// textures, interleaved in entity order, at distances from 10 to 30.
func BenchmarkSortKeys(b *testing.B) {
	const n = 10000
	keys := make([]uint64, n)
	for i := range keys {
		d := 10 + 20*float32(i)/n
		keys[i] = groupKey(formats.DefaultHandle, backends.ShaderID(1+i%2), backends.TextureID(1+i%4)) | nearKey(d*d) | uint64(i)
	}
	work := make([]uint64, n)
	var scratch sortScratch
	for b.Loop() {
		copy(work, keys)
		sortKeys(work, &scratch, indexBits)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/key")
}

// copyingBackend keeps a copy of every record drawn, by pass.
type copyingBackend struct {
	*coretest.Backend
	pass  formats.Pass
	draws [formats.NumPasses][]backends.Draw
}

func (b *copyingBackend) BeginPass(p formats.Pass) error {
	b.pass, b.draws[p] = p, b.draws[p][:0]
	return nil
}
func (b *copyingBackend) Draw(d *backends.Draw) { b.draws[b.pass] = append(b.draws[b.pass], *d) }
func (b *copyingBackend) EndPass() error        { return nil }

// A pass that keeps last frame's list still submits this frame's records
// when a part's records moved to another array: the kept pointers are
// made again.
func TestAKeptListFollowsMovedRecords(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	core, _, err := coretest.Open(backends.Config{Width: 64, Height: 64})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	b := &copyingBackend{Backend: core}
	c := NewContext(b, formats.NewRegistry(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	w := ecs.NewWorld()
	w.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 10}), ecs.Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
	const n = 3000 // gathered in parts
	for i := range n {
		p := vmath.Vec3{float32(i%50)*0.2 - 5, float32(i/50)*0.2 - 5, 0}
		w.Spawn(ecs.NewTransform(p), ecs.Mesh{ID: 1, Bounds: vmath.AABB{Min: vmath.Vec3{-0.5, -0.5, -0.5}, Max: vmath.Vec3{0.5, 0.5, 0.5}}},
			ecs.Material{ShaderID: backends.ShaderID(1 + i%2), Texture: backends.TextureID(1 + i%3)})
	}
	colors := func(red float32) {
		q := w.Renderables()
		for q.Next() {
			q.Material().Color = vmath.Vec4{red, 0, 0, 1}
		}
	}
	frame := func() []backends.Draw {
		t.Helper()
		if err := c.Begin(w); err != nil {
			t.Fatal(err)
		}
		if err := c.RunPass(formats.PassForward); err != nil {
			t.Fatal(err)
		}
		if err := c.End(); err != nil {
			t.Fatal(err)
		}
		return b.draws[formats.PassForward]
	}
	colors(0.25)
	frame()
	if got := frame(); len(got) == 0 || got[0].Color[0] != 0.25 {
		t.Fatalf("%d draws, want the scene's", len(got))
	}
	if c.lists.used < 2 {
		t.Fatalf("gathered in %d parts, want several", c.lists.used)
	}
	// Every part's records in a new array, and a colour, which no key
	// holds, changed: the list is kept, the records are not.
	for i := range c.lists.parts[:c.lists.used] {
		c.lists.parts[i].draws = slices.Clone(c.lists.parts[i].draws)
	}
	colors(0.75)
	got := frame()
	if c.lists.order[formats.PassForward].last == nil {
		t.Fatal("the forward list was not kept")
	}
	for i, d := range got {
		if d.Color[0] != 0.75 {
			t.Fatalf("draw %d of %d has last frame's colour", i, len(got))
		}
	}
}

// Repairing last frame's order takes out the keys that moved and merges
// them back, wherever they moved to, and gives up when too many did.
func TestRepairMendsMovedKeys(t *testing.T) {
	const n = 4000
	r := rand.New(rand.NewPCG(5, 6))
	tests := []struct {
		name   string
		move   func(high []uint64)
		repair bool
	}{
		{"none", func([]uint64) {}, true},
		{"one to the front", func(h []uint64) { h[2500] = 0 }, true},
		{"one to the back", func(h []uint64) { h[7] = 1 << 20 }, true},
		{"the first and the last swapped", func(h []uint64) { h[0], h[n-1] = h[n-1], h[0] }, true},
		{"forty anywhere", func(h []uint64) {
			for range 40 {
				h[r.IntN(n)] = r.Uint64N(64)
			}
		}, true},
		{"a run of twenty one bucket on", func(h []uint64) {
			for i := 1000; i < 1020; i++ {
				h[i]++
			}
		}, true},
		{"every key", func(h []uint64) {
			for i := range h {
				h[i] = r.Uint64N(64)
			}
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			high := make([]uint64, n)
			for i := range high {
				high[i] = r.Uint64N(64)
			}
			keysOf := func() []uint64 {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = high[i]<<indexBits | uint64(3*i) // draw indices ascend, with gaps
				}
				return keys
			}
			var o passOrder
			var scratch sortScratch
			o.sort(keysOf(), &scratch, indexBits) // last frame's order
			tc.move(high)
			keys := keysOf()
			if got := o.repair(keys); got != tc.repair {
				t.Fatalf("repair reported %v, want %v", got, tc.repair)
			}
			if !tc.repair {
				return
			}
			want := slices.Clone(keys)
			sortKeys(want, &scratch, indexBits)
			if !slices.Equal(o.sorted, want) {
				t.Fatal("keys out of sortKeys' order")
			}
			for j, p := range o.pos {
				if keys[p] != o.sorted[j] {
					t.Fatalf("position %d names key %d of the gathered list, not the one sorted there", j, p)
				}
			}
		})
	}
}
