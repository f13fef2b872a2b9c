package ecs

import (
	"errors"
	"testing"
	"time"

	"github.com/sleakgo/sleak/vmath"
)

type counter struct {
	name  string
	log   *[]string
	inits int
}

func (c *counter) Update(*World)      { *c.log = append(*c.log, c.name) }
func (c *counter) Init(*World) error  { c.inits++; return nil }
func (c *counter) Close(*World) error { *c.log = append(*c.log, "close "+c.name); return nil }

func TestSchedulerOrderAndFixedStep(t *testing.T) {
	var log []string
	s := NewScheduler()
	s.FixedStep = 10 * time.Millisecond
	s.Add(Render, &counter{name: "render", log: &log})
	s.Add(Update, &counter{name: "update", log: &log})
	s.Add(FixedUpdate, &counter{name: "fixed", log: &log})
	s.Add(LateUpdate, &counter{name: "late", log: &log})
	w := NewWorld()
	if err := s.Init(w); err != nil {
		t.Fatal(err)
	}
	s.Step(w, 25*time.Millisecond)
	want := []string{"fixed", "fixed", "update", "late", "render"}
	if len(log) != len(want) {
		t.Fatalf("ran %v, want %v", log, want)
	}
	for i := range want {
		if log[i] != want[i] {
			t.Fatalf("ran %v, want %v", log, want)
		}
	}
	if w.Time.Alpha < 0.49 || w.Time.Alpha > 0.51 {
		t.Errorf("Alpha = %v, want 0.5", w.Time.Alpha)
	}
	log = log[:0]
	s.Step(w, time.Second) // a stall: catch-up is bounded
	if n := countOf(log, "fixed"); n != s.MaxFixedSteps {
		t.Errorf("fixed steps after a stall = %d, want %d", n, s.MaxFixedSteps)
	}
	log = log[:0]
	if err := s.Close(w); err != nil {
		t.Fatal(err)
	}
	if log[0] != "close render" || log[len(log)-1] != "close fixed" {
		t.Errorf("close order %v, want reverse stage order", log)
	}
}

type failing struct{}

func (failing) Update(*World)     {}
func (failing) Init(*World) error { return errors.New("no device") }

func TestSchedulerInitError(t *testing.T) {
	s := NewScheduler()
	s.Add(Render, failing{})
	err := s.Init(NewWorld())
	if err == nil || err.Error() != "init render system ecs.failing: no device" {
		t.Fatalf("err = %v", err)
	}
}

func countOf(s []string, v string) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

func TestRenderablesAndTransforms(t *testing.T) {
	w := NewWorld()
	for i := 0; i < 3; i++ {
		tr := NewTransform(vmath.Vec3{float32(i), 0, 0})
		tr.Scale = vmath.Vec3{2, 2, 2}
		w.Spawn(tr, Mesh{ID: 1}, Material{Shader: "assets/shaders/default_shader.hlsl"})
	}
	w.SpawnCamera(NewTransform(vmath.Vec3{0, 0, 5}), Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
	w.UpdateTransforms()
	q := w.Renderables()
	n := 0
	for q.Next() {
		tr, m, _ := q.Get()
		if m.ID != 1 || tr.World[0] != 2 || tr.World[12] != tr.Position[0] {
			t.Fatalf("entity %d: %+v", n, tr)
		}
		n++
	}
	if n != 3 {
		t.Fatalf("visited %d renderables, want 3", n)
	}
	if ct, c := w.ActiveCamera(); ct == nil || c.FovY != 60 {
		t.Fatal("no active camera")
	}
	if w.Sun() != nil {
		t.Fatal("Sun without a light")
	}
}

func TestInputPresses(t *testing.T) {
	var in Input
	in.SetKey(KeySpace, true)
	in.SetKey(KeySpace, true)
	if !in.Pressed[KeySpace] || !in.Down[KeySpace] {
		t.Fatal("press not recorded")
	}
	in.BeginStep()
	if in.Pressed[KeySpace] || !in.Down[KeySpace] {
		t.Fatal("BeginStep must clear presses and keep held keys")
	}
}

type score struct{ points int }

func TestGameResourcesAndComponents(t *testing.T) {
	w := NewWorld()
	AddResource(w, &score{points: 3})
	if Resource[score](w).points != 3 {
		t.Fatal("resource lost")
	}
	type velocity struct{ v vmath.Vec3 }
	m := NewMap1[velocity](w)
	e := m.NewWith(&velocity{vmath.Vec3{1, 0, 0}})
	if m.Get(e).v[0] != 1 {
		t.Fatal("component lost")
	}
}

func BenchmarkRenderables(b *testing.B) {
	w := NewWorld()
	for i := 0; i < 10000; i++ {
		w.Spawn(NewTransform(vmath.Vec3{}), Mesh{}, Material{})
	}
	b.ReportAllocs()
	for b.Loop() {
		q := w.Renderables()
		for q.Next() {
			_, m, _ := q.Get()
			m.ID++
		}
	}
}
