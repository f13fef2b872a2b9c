package world

import (
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

// recorder is a Source that records the order of loads.
type recorder struct {
	mu    sync.Mutex
	order []chunk.Pos
	gate  chan struct{} // if set, loads wait for it
}

func (r *recorder) LoadChunk(p chunk.Pos) (*chunk.Blocks, error) {
	if r.gate != nil {
		<-r.gate
	}
	r.mu.Lock()
	r.order = append(r.order, p)
	r.mu.Unlock()
	return nil, nil
}

// run calls Update until cond holds, failing after a while.
func run(t *testing.T, s *Streamer, x, z float64, cond func(f *Frame) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if cond(s.Update(x, z)) {
			return
		}
		time.Sleep(200 * time.Microsecond)
	}
	t.Fatalf("timed out; stats %+v", s.Stats())
}

// holder returns what a caller holding meshes does with each Frame: it
// forgets the released chunks (failing on one it does not hold) and keeps
// the uploaded ones in held, handing their meshes back to s when s is set.
func holder(t *testing.T, held map[chunk.Pos]bool, s *Streamer) func(*Frame) {
	return func(f *Frame) {
		t.Helper()
		for _, p := range f.Releases {
			if !held[p] {
				t.Fatalf("release of %v, which the caller does not hold", p)
			}
			delete(held, p)
		}
		for _, u := range f.Uploads {
			held[u.Pos] = true
			if s != nil {
				s.Recycle(u.Mesh)
			}
		}
	}
}

func within(r int) map[chunk.Pos]bool {
	m := map[chunk.Pos]bool{}
	for dz := -r; dz <= r; dz++ {
		for dx := -r; dx <= r; dx++ {
			if dx*dx+dz*dz <= r*r {
				m[chunk.Pos{X: int32(dx), Z: int32(dz)}] = true
			}
		}
	}
	return m
}

func TestStreamerLoadsNearestFirstAndRespectsBudget(t *testing.T) {
	rec := &recorder{}
	w := New(Config{Seed: 3, Source: rec})
	const R, budget = 3, 2
	s := NewStreamer(w, StreamConfig{RenderDistance: R, UploadBudget: budget, Workers: 1})
	defer s.Close()
	want := within(R)
	got := map[chunk.Pos]bool{}
	var uploadOrder []chunk.Pos
	run(t, s, 0.5, 0.5, func(f *Frame) bool {
		if len(f.Uploads) > budget {
			t.Fatalf("%d uploads in one frame, budget %d", len(f.Uploads), budget)
		}
		for _, u := range f.Uploads {
			if !want[u.Pos] {
				t.Fatalf("upload of %v, outside the render distance", u.Pos)
			}
			if got[u.Pos] {
				t.Fatalf("%v uploaded twice", u.Pos)
			}
			got[u.Pos] = true
			uploadOrder = append(uploadOrder, u.Pos)
			s.Recycle(u.Mesh)
		}
		return len(got) == len(want)
	})
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for i := 1; i < len(rec.order); i++ {
		if rec.order[i].DistSq(chunk.Pos{}) < rec.order[i-1].DistSq(chunk.Pos{}) {
			t.Fatalf("load %d (%v) is nearer than load %d (%v)", i, rec.order[i], i-1, rec.order[i-1])
		}
	}
	if uploadOrder[0] != (chunk.Pos{}) {
		t.Fatalf("first upload %v, want the viewer's chunk", uploadOrder[0])
	}
	for i := 1; i < len(uploadOrder); i++ {
		if uploadOrder[i].DistSq(chunk.Pos{}) > uploadOrder[i-1].DistSq(chunk.Pos{})+5 {
			t.Fatalf("upload %d (%v) far beyond upload %d (%v)", i, uploadOrder[i], i-1, uploadOrder[i-1])
		}
	}
	if st := s.Stats(); st.Meshed != len(want) {
		t.Fatalf("stats %+v, want %d meshed", st, len(want))
	}
}

func TestStreamerUnloadsOutOfRange(t *testing.T) {
	w := New(Config{Seed: 3})
	const R = 2
	s := NewStreamer(w, StreamConfig{RenderDistance: R, UploadBudget: 100})
	defer s.Close()
	held := map[chunk.Pos]bool{}
	apply := holder(t, held, nil)
	run(t, s, 0, 0, func(f *Frame) bool { apply(f); return len(held) == len(within(R)) })
	// move 20 chunks east: everything held is released, the new area comes in
	x := float64(20 * chunk.Size)
	run(t, s, x, 0, func(f *Frame) bool {
		apply(f)
		for p := range held {
			if p.X < 10 {
				return false
			}
		}
		return len(held) == len(within(R))
	})
	for p := range held {
		if p.DistSq(chunk.Pos{X: 20}) > R*R {
			t.Fatalf("holding %v, out of range", p)
		}
	}
	run(t, s, x, 0, func(f *Frame) bool { apply(f); return s.Stats().InFlight == 0 })
	if n := w.Len(); n > 3*len(within(R+3)) {
		t.Fatalf("%d chunks resident after moving away", n)
	}
	for p := range within(R) {
		if w.Loaded(p) {
			t.Fatalf("old chunk %v still resident", p)
		}
	}
}

// TestStreamerSetRenderDistance: shrinking the render distance releases
// the meshes beyond the new one's keep radius, growing it streams the new
// ring in, both without the viewer moving.
func TestStreamerSetRenderDistance(t *testing.T) {
	w := New(Config{Seed: 3})
	s := NewStreamer(w, StreamConfig{RenderDistance: 5, UploadBudget: 100})
	defer s.Close()
	held := map[chunk.Pos]bool{}
	apply := holder(t, held, s)
	run(t, s, 0, 0, func(f *Frame) bool { apply(f); return len(held) == len(within(5)) })
	s.SetRenderDistance(2)
	if got := s.RenderDistance(); got != 2 {
		t.Fatalf("RenderDistance() = %d after SetRenderDistance(2)", got)
	}
	// Meshes are kept to one chunk beyond the render distance.
	run(t, s, 0, 0, func(f *Frame) bool { apply(f); return len(held) <= len(within(3)) })
	for p := range within(2) {
		if !held[p] {
			t.Fatalf("%v, within the new render distance, was released", p)
		}
	}
	s.SetRenderDistance(4)
	run(t, s, 0, 0, func(f *Frame) bool {
		apply(f)
		for p := range within(4) {
			if !held[p] {
				return false
			}
		}
		return true
	})
}

func TestStreamerRemeshesEdits(t *testing.T) {
	w := New(Config{Seed: 3})
	s := NewStreamer(w, StreamConfig{RenderDistance: 2, UploadBudget: 100})
	defer s.Close()
	n := len(within(2))
	count := 0
	run(t, s, 0, 0, func(f *Frame) bool { count += len(f.Uploads); return count == n })
	// an edit on the border between chunks (0,0) and (1,0), not at a corner
	x, z := chunk.Size-1, chunk.Size/2
	if !w.SetBlock(x, chunk.Height-2, z, block.Glass) {
		t.Fatal("edit failed")
	}
	got := map[chunk.Pos]int{}
	deadline := time.Now().Add(10 * time.Second)
	for len(got) < 2 && time.Now().Before(deadline) {
		for _, u := range s.Update(0, 0).Uploads {
			got[u.Pos]++
			if u.Pos == (chunk.Pos{}) && len(u.Mesh.Translucent.Quads) == 0 {
				t.Error("re-mesh misses the new glass block")
			}
		}
		time.Sleep(time.Millisecond)
	}
	want := map[chunk.Pos]int{{X: 0, Z: 0}: 1, {X: 1, Z: 0}: 1}
	time.Sleep(20 * time.Millisecond)
	for _, u := range s.Update(0, 0).Uploads {
		got[u.Pos]++
	}
	if len(got) != len(want) || got[chunk.Pos{}] != 1 || got[chunk.Pos{X: 1}] != 1 {
		t.Fatalf("re-meshed %v, want %v", got, want)
	}
}

func TestStreamerRemeshesWhenNeighbourArrives(t *testing.T) {
	w := New(Config{Seed: 3})
	s := NewStreamer(w, StreamConfig{RenderDistance: 2, UploadBudget: 100})
	defer s.Close()
	n := len(within(2))
	count := 0
	run(t, s, 0, 0, func(f *Frame) bool { count += len(f.Uploads); return count == n })
	run(t, s, 0, 0, func(f *Frame) bool { return s.Stats().InFlight == 0 })
	// drop chunk (1,0) with its mesh, as if it had gone away; when it comes
	// back its meshed neighbours are made again
	s.unload(s.entries[chunk.Pos{X: 1}])
	want := map[chunk.Pos]bool{}
	for dz := -1; dz <= 1; dz++ {
		for dx := 0; dx <= 2; dx++ {
			if p := (chunk.Pos{X: int32(dx), Z: int32(dz)}); p.DistSq(chunk.Pos{}) <= 4 {
				want[p] = true
			}
		}
	}
	got := map[chunk.Pos]bool{}
	run(t, s, 0, 0, func(f *Frame) bool {
		for _, u := range f.Uploads {
			if !want[u.Pos] {
				t.Fatalf("%v re-meshed, but it does not border the chunk that came back", u.Pos)
			}
			got[u.Pos] = true
		}
		return len(got) == len(want)
	})
}

func TestStreamerNeverBlocks(t *testing.T) {
	rec := &recorder{gate: make(chan struct{})}
	w := New(Config{Seed: 3, Source: rec})
	s := NewStreamer(w, StreamConfig{RenderDistance: 4, Workers: 2})
	start := time.Now()
	for range 200 {
		if f := s.Update(0, 0); len(f.Uploads) != 0 {
			t.Fatal("uploads while every load is blocked")
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("200 updates took %v while loads were blocked", d)
	}
	close(rec.gate)
	s.Close() // waits for the blocked workers
	s.Close()
	if st := s.Stats(); st.InFlight != 0 {
		t.Fatalf("after Close: %+v", st)
	}
}

func TestStreamerSteadyStateAllocations(t *testing.T) {
	w := New(Config{Seed: 3})
	s := NewStreamer(w, StreamConfig{RenderDistance: 2, UploadBudget: 100})
	defer s.Close()
	n := 0
	run(t, s, 0, 0, func(f *Frame) bool { n += len(f.Uploads); return n == len(within(2)) && s.Stats().InFlight == 0 })
	if a := testing.AllocsPerRun(100, func() { s.Update(1, 1) }); a != 0 {
		t.Fatalf("%.1f allocations per idle Update", a)
	}
}

// BenchmarkStreamFill streams a 192-block radius around the origin from
// nothing, on all CPUs but one, and reports the time until every chunk in
// range has been handed out, and how many uploads (draw calls) that is:
// every chunk at full resolution, and the chunks beyond half the radius
// coarse (StreamConfig.CoarseDistance).
func BenchmarkStreamFill(b *testing.B) {
	r := 192 / chunk.Size
	for _, bc := range []struct {
		name   string
		coarse int
	}{{"full", 0}, {"coarse", r / 2}} {
		b.Run(bc.name, func(b *testing.B) {
			uploads := 0
			for b.Loop() {
				w := New(Config{Seed: 42})
				s := NewStreamer(w, StreamConfig{RenderDistance: r, CoarseDistance: bc.coarse, UploadBudget: 1 << 20})
				want := len(within(r))
				uploads = 0
				for uploads < want {
					f := s.Update(0, 0)
					for _, u := range f.Uploads {
						s.Recycle(u.Mesh)
					}
					uploads += len(f.Uploads)
					time.Sleep(100 * time.Microsecond)
				}
				s.Close()
			}
			b.ReportMetric(float64(uploads), "uploads")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/fill")
		})
	}
}

// settled reports whether every chunk within the render distance is
// meshed at its level and handed out.
func settled(s *Streamer) bool {
	if s.inFlight != 0 || len(s.ready) != 0 {
		return false
	}
	for _, e := range s.entries {
		if e.dist <= s.meshR2 && (!e.loaded || e.needMesh || !e.uploaded) {
			return false
		}
	}
	return true
}

// Chunks beyond CoarseDistance are meshed at half resolution and beyond
// twice it at a quarter, every mesh against its neighbours' levels, and
// moving the viewer re-meshes the chunks whose level or whose neighbours'
// levels changed.
func TestStreamerCoarseChunks(t *testing.T) {
	w := New(Config{Seed: 3})
	s := NewStreamer(w, StreamConfig{RenderDistance: 6, CoarseDistance: 2, UploadBudget: 100, Mesh: mesh.Options{Greedy: true}})
	defer s.Close()
	quads := map[chunk.Pos]int{}
	check := func(x float64) {
		t.Helper()
		run(t, s, x, 0, func(f *Frame) bool {
			for _, u := range f.Uploads {
				quads[u.Pos] = len(u.Mesh.Opaque.Quads)
				s.Recycle(u.Mesh)
			}
			return settled(s)
		})
		var count [maxLevel + 1]int
		for p, e := range s.entries {
			if e.dist > s.meshR2 {
				continue
			}
			// fine within 2, coarse beyond 3, coarser beyond 5; between,
			// either
			lo, hi := uint8(0), uint8(2)
			switch {
			case e.dist <= 4:
				hi = 0
			case e.dist <= 9:
				hi = 1
			case e.dist <= 16:
				lo, hi = 1, 1
			case e.dist <= 25:
				lo = 1
			default:
				lo = 2
			}
			if e.level < lo || e.level > hi {
				t.Errorf("%v, %d chunks² from the viewer: level %d, want %d to %d", p, e.dist, e.level, lo, hi)
			}
			count[e.level]++
			var want uint32
			for i := range 9 {
				if n := s.entries[p.Add(i%3-1, i/3-1)]; n != nil {
					want |= uint32(n.level) << (2 * i)
				}
			}
			if e.levels != want {
				t.Errorf("%v was meshed with neighbour levels %018b, now %018b", p, e.levels, want)
			}
		}
		if count[1] == 0 || count[2] == 0 {
			t.Errorf("chunks per level %v: want some at each", count)
		}
		coarse := count[1] + count[2]
		if st := s.Stats(); st.Coarse != coarse {
			t.Errorf("Stats().Coarse = %d, want %d", st.Coarse, coarse)
		}
	}
	check(0)
	check(3 * chunk.Size)
	check(3*chunk.Size + 1) // within the same chunk: nothing changes
	// Every chunk draws what its blocks, coarse or not, and its
	// neighbours' blocks at their levels draw.
	m := mesh.NewMesher()
	var d mesh.MeshData
	for p, e := range s.entries {
		if e.dist > s.meshR2 {
			continue
		}
		var nb mesh.Neighborhood
		var mk mesh.MaskNeighborhood
		for i := range nb {
			b, masks := w.chunkMasks(p.Add(i%3-1, i/3-1))
			nb[i], mk[i] = b, masks
			if level := e.levels >> (2 * i) & 3; level != 0 {
				nb[i] = new(chunk.Blocks)
				mesh.Coarsen(nb[i], b, 1<<level, SeaLevel)
				mk[i] = mesh.NewMasks(nb[i])
			}
		}
		d.Reset()
		m.MeshChunkMasks(&d, &nb, &mk, mesh.Options{Greedy: true})
		m.Sections(&d, mk[4])
		if len(d.Opaque.Quads) != quads[p] {
			t.Errorf("chunk %v (levels %018b): %d quads, its blocks at their levels mesh to %d", p, e.levels, quads[p], len(d.Opaque.Quads))
		}
	}
}
