// Package ecs is Sleak's entity-component-system layer: the engine's
// components (Transform, Mesh, Material, Camera, lights, Skin, Animator), a
// World that holds entities and resources, and a Scheduler that runs
// systems in ordered stages.
//
// It is built on arche (github.com/mlange-42/arche) and is the only package
// that imports it, so game code reads as Sleak's API. Game teams add their own
// components with the generic Map and Filter types re-exported here, and their
// own systems by implementing System.
//
// Task index:
//
//   - Create entities with engine components: World.Spawn, World.SpawnCamera, World.SpawnLight.
//   - Iterate drawable entities: World.Renderables.
//   - Skinned, animated entities: World.SpawnSkinned with NewSkin and an
//     Animator (systems/animation plays them; docs/SKINNING.md).
//   - Your own components: NewMap1..NewMap3, NewFilter1..NewFilter3.
//   - Your own systems: implement System; Scheduler.Add with a Stage.
//   - Per-frame shared state: the Time, Input and WindowSize resources, or
//     AddResource/Resource for your own.
package ecs
