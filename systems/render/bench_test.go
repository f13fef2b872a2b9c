package render_test

import (
	"image"
	"io"
	"log/slog"
	"math"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/render"
	"github.com/sleakgo/sleak/vmath"
)

// benchScene is n default-format cubes with four textures and two material
// shaders, casting shadows, in front of the camera (visible) or behind it
// and outside the sun's frustum (culled), drawn by the render systems over
// the recording driver.
type benchScene struct {
	w     *ecs.World
	b     *coretest.Backend
	rs    *render.Systems
	raw   *ecs.Filter3[ecs.Transform, ecs.Mesh, ecs.Material]
	draws [formats.NumPasses][]backends.Draw // what the systems submitted, for the backend-only frame
	n     int
	sink  float32
}

func newBenchScene(tb testing.TB, n int, visible bool) *benchScene {
	reg := formats.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	b, _, err := coretest.Open(backends.Config{Width: 64, Height: 64, Formats: reg, Logger: log})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { b.Close() })
	cube := meshes.Cube(1)
	mesh, err := b.CreateMesh(formats.DefaultHandle, cube.Vertices, cube.Indices)
	if err != nil {
		tb.Fatal(err)
	}
	var tex [4]backends.TextureID
	for i := range tex {
		if tex[i], err = b.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	shaders := []string{"assets/shaders/default_shader.hlsl", "assets/shaders/water.hlsl"}
	w := ecs.NewWorld()
	w.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 10}), ecs.Camera{FovY: 60, Near: 0.1, Far: 1000, Active: true})
	w.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{Direction: vmath.Vec3{0, -1, -0.2}, Color: vmath.Vec3{1, 1, 1}, Intensity: 1, CastShadows: true})
	for i := range n {
		// A 100 x 100 grid per layer, 10 wide, in the camera's view (5.8
		// to each side at the first layer, 10 blocks ahead) and inside the
		// 40-block shadow reach, a layer every 2 blocks further; or 2,000
		// blocks behind it.
		x, y, z := float32(i%100)*0.1-5, float32(i/100%100)*0.1-5, -float32(i/10000)*2
		if !visible {
			z = 2000
		}
		mat := ecs.Material{Shader: shaders[i%2], Texture: tex[i%4], Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true}
		w.Spawn(ecs.NewTransform(vmath.Vec3{x, y, z}), ecs.Mesh{ID: mesh, Bounds: cube.Bounds}, mat)
	}
	ctx := frame.NewContext(b, reg, log)
	rs := render.Install(ecs.NewScheduler(), ctx)
	s := &benchScene{w: w, b: b, rs: rs, raw: ecs.NewFilter3[ecs.Transform, ecs.Mesh, ecs.Material](), n: n}
	s.raw.Register(w.Arche())
	s.frame(tb) // shaders load, transforms sync, lists grow
	return s
}

// frame runs every render system once, as the Render stage does.
func (s *benchScene) frame(tb testing.TB) {
	for _, sys := range s.rs.List() {
		sys.Update(s.w)
	}
	if err := s.rs.Err(); err != nil {
		tb.Fatal(err)
	}
}

// rawIteration is the anchor: arche's own query over the same three
// components, reading a field of each.
func (s *benchScene) rawIteration() {
	q := s.raw.Query(s.w.Arche())
	var sum float32
	for q.Next() {
		t, m, mat := q.Get()
		sum += t.World[12] + float32(m.ID) + mat.Color[0]
	}
	s.sink += sum
}

// backendFrame submits the draws of one systems frame straight to the
// core: what the backend side costs on its own.
func (s *benchScene) backendFrame(tb testing.TB, data *backends.FrameData) {
	b := s.b
	if err := b.BeginFrame(data); err != nil {
		tb.Fatal(err)
	}
	for p := range formats.Pass(formats.NumPasses) {
		if err := b.BeginPass(p); err != nil {
			tb.Fatal(err)
		}
		for i := range s.draws[p] {
			b.Draw(&s.draws[p][i])
		}
		if err := b.EndPass(); err != nil {
			tb.Fatal(err)
		}
	}
	if err := b.EndFrame(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkRenderSystems times, interleaved in each iteration over the
// same world: arche's raw iteration of Transform, Mesh and Material (the
// anchor); a whole frame of the render systems over a backend whose pass
// and draw calls do nothing (the systems' side); the same frame over the
// core and its recording driver (everything); and that frame's draws
// submitted straight to the core (the backend side). Reported per entity:
// raw-ns, systems-ns, frame-ns, backend-ns, and x-raw = systems / raw;
// all wall time, and systems-cpu-ns the processor time of the systems'
// frame on every thread (a large world is gathered on several; the raw
// iteration is one goroutine's).
func BenchmarkRenderSystems(b *testing.B) {
	const n = 10000
	for _, tc := range []struct {
		name    string
		visible bool
		// moving sways the camera from side to side, 0.5 blocks at most
		// and up to 0.05 a frame, so that some keys, the order and the
		// shadow cascades change from frame to frame, as they do under a
		// player's camera; the cubes stay in view.
		moving bool
	}{{"culled", false, false}, {"visible", true, false}, {"visible-moving", true, true}} {
		b.Run(tc.name, func(b *testing.B) {
			s := newBenchScene(b, n, tc.visible)
			data := s.rs.Ctx.Data
			s.recordDraws(b)
			// The case is what it says: every cube drawn in the forward
			// and shadow passes, or none.
			want := 0
			if tc.visible {
				want = n
			}
			if f, sh := len(s.draws[formats.PassForward]), len(s.draws[formats.PassShadow]); f != want || sh != want {
				b.Fatalf("%d forward and %d shadow draws, want %d of each", f, sh, want)
			}
			null := &nullBackend{Backend: s.b}
			camera, _ := s.w.ActiveCamera()
			b.ReportAllocs()
			b.ResetTimer()
			var raw, sys, sysCPU, whole, back time.Duration
			for i := range b.N {
				if tc.moving {
					camera.Position[0] = 0.5 * float32(math.Sin(float64(i)*0.1))
				}
				t0 := time.Now()
				s.rawIteration()
				t1 := time.Now()
				c0 := cpuTime()
				s.rs.Ctx.Backend = null
				s.frame(b)
				s.rs.Ctx.Backend = s.b
				t2 := time.Now()
				sysCPU += cpuTime() - c0
				s.frame(b)
				t3 := time.Now()
				s.backendFrame(b, &data)
				t4 := time.Now()
				raw += t1.Sub(t0)
				sys += t2.Sub(t1)
				whole += t3.Sub(t2)
				back += t4.Sub(t3)
			}
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) / n }
			b.ReportMetric(per(raw), "raw-ns/entity")
			b.ReportMetric(per(sys), "systems-ns/entity")
			b.ReportMetric(per(sysCPU), "systems-cpu-ns/entity")
			b.ReportMetric(per(whole), "frame-ns/entity")
			b.ReportMetric(per(back), "backend-ns/entity")
			b.ReportMetric(per(sys)/per(raw), "x-raw")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// nullBackend is the core with passes and draws that do nothing: what is
// left of a frame over it is the render systems' own work.
type nullBackend struct {
	*coretest.Backend
}

func (nb *nullBackend) BeginPass(formats.Pass) error { return nil }
func (nb *nullBackend) Draw(*backends.Draw)          {}
func (nb *nullBackend) EndPass() error               { return nil }
func (nb *nullBackend) EndFrame() error {
	// The core refuses EndFrame before the passes; run them empty.
	for p := range formats.Pass(formats.NumPasses) {
		if err := nb.Backend.BeginPass(p); err != nil {
			return err
		}
		if err := nb.Backend.EndPass(); err != nil {
			return err
		}
	}
	return nb.Backend.EndFrame()
}

// recordDraws captures the draws each pass submits in one frame.
func (s *benchScene) recordDraws(tb testing.TB) {
	rec := &recorder{Backend: s.b}
	ctx := s.rs.Ctx
	ctx.Backend = rec
	s.frame(tb)
	ctx.Backend = s.b
	s.draws = rec.draws
}

type recorder struct {
	*coretest.Backend
	pass  formats.Pass
	draws [formats.NumPasses][]backends.Draw
}

func (r *recorder) BeginPass(p formats.Pass) error { r.pass = p; return r.Backend.BeginPass(p) }
func (r *recorder) Draw(d *backends.Draw) {
	r.draws[r.pass] = append(r.draws[r.pass], *d)
	r.Backend.Draw(d)
}

func TestRenderFrameAllocatesNothing(t *testing.T) {
	// 10,000 entities are gathered in parts on several goroutines where
	// there are processors for them (frame.Gather).
	for _, n := range []int{2000, 10000} {
		for _, visible := range []bool{false, true} {
			s := newBenchScene(t, n, visible)
			if a := testing.AllocsPerRun(20, func() { s.frame(t) }); a != 0 {
				t.Errorf("%d entities, visible %v: %v allocations a frame, want 0", n, visible, a)
			}
		}
	}
}
