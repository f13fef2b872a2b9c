// Package frametest builds the small worlds the render systems' unit tests
// share: a recording backend (backends/core/coretest), a frame context over
// it, a camera looking down -Z at the origin and a sun.
package frametest

import (
	"bytes"
	"log/slog"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/vmath"
)

// Scene is one test's world, context and recorder.
type Scene struct {
	T     *testing.T
	World *ecs.World
	Ctx   *frame.Context
	B     *coretest.Backend
	D     *coretest.Driver
	Log   *bytes.Buffer
}

// Blob is a custom format with every stem but transparent.
var Blob = formats.Layout{Name: "blob", Shader: "blob", ShadowShader: "blob_shadow", GBufferShader: "blob_gbuffer",
	Stride: 12, Attributes: []formats.Attribute{{Name: "position", Location: 0, Format: formats.Float3}}}

// New opens a scene with the given formats registered (handles from 1).
func New(t *testing.T, layouts ...formats.Layout) *Scene {
	t.Helper()
	reg := formats.NewRegistry()
	for _, l := range layouts {
		if _, err := reg.Register(l); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	b, d, err := coretest.Open(backends.Config{Width: 64, Height: 64, Formats: reg, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	w := ecs.NewWorld()
	w.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 10}), ecs.Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
	w.SpawnLight(ecs.NewTransform(vmath.Vec3{}), ecs.DirectionalLight{Direction: vmath.Vec3{0, -1, -0.2}, Color: vmath.Vec3{1, 1, 1}, Intensity: 1, CastShadows: true})
	return &Scene{T: t, World: w, Ctx: frame.NewContext(b, reg, logger), B: b, D: d, Log: &log}
}

// Cube spawns a unit cube of format h at p with material m.
func (s *Scene) Cube(h formats.Handle, p vmath.Vec3, m ecs.Material) {
	s.T.Helper()
	c := meshes.Cube(1)
	v := c.Vertices
	if h != formats.DefaultHandle {
		v = make([]byte, 12*(len(c.Vertices)/int(formats.DefaultLayout().Stride)))
	}
	id, err := s.B.CreateMesh(h, v, c.Indices)
	if err != nil {
		s.T.Fatal(err)
	}
	s.World.Spawn(ecs.NewTransform(p), ecs.Mesh{ID: id, Format: h, Bounds: c.Bounds}, m)
}

// Begin starts a frame through the context.
func (s *Scene) Begin() {
	s.T.Helper()
	if err := s.Ctx.Begin(s.World); err != nil {
		s.T.Fatal(err)
	}
}

// End ends the frame.
func (s *Scene) End() {
	s.T.Helper()
	if err := s.Ctx.End(); err != nil {
		s.T.Fatal(err)
	}
}
