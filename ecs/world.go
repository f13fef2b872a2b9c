package ecs

import (
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Entity identifies an entity of a World.
type Entity = arche.Entity

// The generic component access of the underlying ECS, for a game's own
// components. They are aliases, so they cost nothing over arche itself.
type (
	Map1[A any]          = generic.Map1[A]
	Map2[A, B any]       = generic.Map2[A, B]
	Map3[A, B, C any]    = generic.Map3[A, B, C]
	Filter1[A any]       = generic.Filter1[A]
	Filter2[A, B any]    = generic.Filter2[A, B]
	Filter3[A, B, C any] = generic.Filter3[A, B, C]
	Query1[A any]        = generic.Query1[A]
	Query2[A, B any]     = generic.Query2[A, B]
	Query3[A, B, C any]  = generic.Query3[A, B, C]
	Map[A any]           = generic.Map[A]
)

// NewMap1 returns access to entities with component A in w.
func NewMap1[A any](w *World) Map1[A] { return generic.NewMap1[A](&w.w) }

// NewMap2 returns access to entities with components A and B in w.
func NewMap2[A, B any](w *World) Map2[A, B] { return generic.NewMap2[A, B](&w.w) }

// NewMap3 returns access to entities with components A, B and C in w.
func NewMap3[A, B, C any](w *World) Map3[A, B, C] { return generic.NewMap3[A, B, C](&w.w) }

// NewMap returns access to one component of single entities.
func NewMap[A any](w *World) Map[A] { return generic.NewMap[A](&w.w) }

// NewFilter1 returns a filter for entities with A; call Query(w.Arche()) each frame.
func NewFilter1[A any]() *Filter1[A] { return generic.NewFilter1[A]() }

// NewFilter2 returns a filter for entities with A and B.
func NewFilter2[A, B any]() *Filter2[A, B] { return generic.NewFilter2[A, B]() }

// NewFilter3 returns a filter for entities with A, B and C.
func NewFilter3[A, B, C any]() *Filter3[A, B, C] { return generic.NewFilter3[A, B, C]() }

// World holds entities, their components and the frame's resources.
type World struct {
	w          arche.World
	renderable Map3[Transform, Mesh, Material]
	cameras    Map2[Transform, Camera]
	lights     Map2[Transform, DirectionalLight]
	points     Map2[Transform, PointLight]
	spots      Map2[Transform, SpotLight]
	pointF     *Filter2[Transform, PointLight]
	spotF      *Filter2[Transform, SpotLight]
	transform  Map1[Transform]
	renderF    *Filter3[Transform, Mesh, Material]
	renderIDs  [3]arche.ID // of renderF's components, for RenderQuery.Get
	cameraF    *Filter2[Transform, Camera]
	lightF     *Filter1[DirectionalLight]
	transformF *Filter1[Transform]
	plainF     *Filter1[Transform] // transforms of entities without a Mesh
	skin       skinAccess

	// Time, Input and Window are the engine's resources, updated by the
	// game loop before the systems run.
	Time   Time
	Input  Input
	Window WindowSize
}

// NewWorld returns an empty world.
func NewWorld() *World {
	w := &World{w: arche.NewWorld()}
	w.renderable = generic.NewMap3[Transform, Mesh, Material](&w.w)
	w.cameras = generic.NewMap2[Transform, Camera](&w.w)
	w.lights = generic.NewMap2[Transform, DirectionalLight](&w.w)
	w.points = generic.NewMap2[Transform, PointLight](&w.w)
	w.spots = generic.NewMap2[Transform, SpotLight](&w.w)
	w.pointF = generic.NewFilter2[Transform, PointLight]()
	w.pointF.Register(&w.w)
	w.spotF = generic.NewFilter2[Transform, SpotLight]()
	w.spotF.Register(&w.w)
	w.transform = generic.NewMap1[Transform](&w.w)
	w.renderF = generic.NewFilter3[Transform, Mesh, Material]()
	w.renderF.Register(&w.w)
	w.renderIDs = [3]arche.ID{arche.ComponentID[Transform](&w.w), arche.ComponentID[Mesh](&w.w), arche.ComponentID[Material](&w.w)}
	w.cameraF = generic.NewFilter2[Transform, Camera]()
	w.cameraF.Register(&w.w)
	w.lightF = generic.NewFilter1[DirectionalLight]()
	w.lightF.Register(&w.w)
	w.transformF = generic.NewFilter1[Transform]()
	w.transformF.Register(&w.w)
	w.plainF = generic.NewFilter1[Transform]().Without(generic.T[Mesh]())
	w.plainF.Register(&w.w)
	w.skin = newSkinAccess(&w.w)
	return w
}

// Arche returns the underlying arche world, for filters and maps of a game's
// own components.
func (w *World) Arche() *arche.World { return &w.w }

// Spawn creates a drawable entity.
func (w *World) Spawn(t Transform, m Mesh, mat Material) Entity {
	return w.renderable.NewWith(&t, &m, &mat)
}

// SpawnCamera creates a camera entity.
func (w *World) SpawnCamera(t Transform, c Camera) Entity { return w.cameras.NewWith(&t, &c) }

// SpawnLight creates a directional light entity.
func (w *World) SpawnLight(t Transform, l DirectionalLight) Entity { return w.lights.NewWith(&t, &l) }

// SpawnPointLight creates a point light entity.
func (w *World) SpawnPointLight(t Transform, l PointLight) Entity { return w.points.NewWith(&t, &l) }

// SpawnSpotLight creates a spot light entity.
func (w *World) SpawnSpotLight(t Transform, l SpotLight) Entity { return w.spots.NewWith(&t, &l) }

// PointLights iterates the entities with Transform and PointLight; it
// allocates nothing.
func (w *World) PointLights() Query2[Transform, PointLight] { return w.pointF.Query(&w.w) }

// SpotLights iterates the entities with Transform and SpotLight; it
// allocates nothing.
func (w *World) SpotLights() Query2[Transform, SpotLight] { return w.spotF.Query(&w.w) }

// Despawn removes an entity and its components.
func (w *World) Despawn(e Entity) { w.w.RemoveEntity(e) }

// Alive reports whether e still exists.
func (w *World) Alive(e Entity) bool { return w.w.Alive(e) }

// Renderable returns the components of a drawable entity, or nils when it
// lacks them.
func (w *World) Renderable(e Entity) (*Transform, *Mesh, *Material) {
	if !w.w.Alive(e) {
		return nil, nil, nil
	}
	t, m, mat := w.renderable.Get(e)
	return t, m, mat
}

// Renderables iterates the entities with Transform, Mesh and Material. Call
// Next until it returns false (or Close to stop early); it allocates nothing.
func (w *World) Renderables() RenderQuery {
	return RenderQuery{q: w.renderF.Query(&w.w), ids: w.renderIDs}
}

// RenderQuery iterates drawable entities.
type RenderQuery struct {
	q   Query3[Transform, Mesh, Material]
	ids [3]arche.ID // Transform, Mesh, Material
}

// Next advances to the next entity.
func (q *RenderQuery) Next() bool { return q.q.Next() }

// Get returns the current entity's components.
func (q *RenderQuery) Get() (*Transform, *Mesh, *Material) {
	return q.Transform(), q.Mesh(), q.Material()
}

// Transform, Mesh and Material return one of the current entity's
// components each. Each is small enough to be inlined where Get is not,
// so that a loop over every drawable entity of every frame makes no call
// for them. They read the query's column without the typed query's Get,
// a generic method reached through its dictionary.
func (q *RenderQuery) Transform() *Transform { return (*Transform)(q.q.Query.Get(q.ids[0])) }

// Mesh: see Transform.
func (q *RenderQuery) Mesh() *Mesh { return (*Mesh)(q.q.Query.Get(q.ids[1])) }

// Material: see Transform.
func (q *RenderQuery) Material() *Material { return (*Material)(q.q.Query.Get(q.ids[2])) }

// Entity returns the current entity.
func (q *RenderQuery) Entity() Entity { return q.q.Entity() }

// Count returns how many entities the query visits.
func (q *RenderQuery) Count() int { return q.q.Count() }

// Close ends an iteration early.
func (q *RenderQuery) Close() { q.q.Close() }

// Step advances by n entities (Step(1) is Next), reporting false, and
// closing the query, when that passes its last.
func (q *RenderQuery) Step(n int) bool { return q.q.Step(n) }

// ActiveCamera returns the first camera marked Active, or nils.
func (w *World) ActiveCamera() (*Transform, *Camera) {
	q := w.cameraF.Query(&w.w)
	for q.Next() {
		t, c := q.Get()
		if c.Active {
			q.Close()
			return t, c
		}
	}
	return nil, nil
}

// Sun returns the first directional light, or nil.
func (w *World) Sun() *DirectionalLight {
	q := w.lightF.Query(&w.w)
	for q.Next() {
		l := q.Get()
		q.Close()
		return l
	}
	return nil
}

// UpdateTransforms brings every Transform up to date: World, and for
// entities with a Mesh also Bounds (Transform.Sync).
func (w *World) UpdateTransforms() {
	w.UpdatePlainTransforms()
	q := w.renderF.Query(&w.w)
	for q.Next() {
		t, m, _ := q.Get()
		t.Sync(&m.Bounds)
	}
}

// UpdatePlainTransforms recomputes World for the entities without a Mesh
// (cameras, lights, a game's own objects). The render systems call it and
// sync drawable entities themselves, in the same pass that tests their
// visibility, so that pass is the only one over them in a frame.
func (w *World) UpdatePlainTransforms() {
	q := w.plainF.Query(&w.w)
	for q.Next() {
		q.Get().Update()
	}
}
