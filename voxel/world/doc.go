// Package world is the voxel world of the sample game: terrain generation,
// the resident chunks and their edits, and streaming chunks in and out
// around the player.
//
// Outline:
//
//   - [Generator], [NewGenerator], [Generator.Generate]: seeded terrain.
//     [Generator.ColumnAt] answers height and [Biome] without generating;
//     [Generator.Spawn] finds a dry place to start.
//   - [World], [New], [Config]: the resident chunks. [World.Block],
//     [World.Solid] (for physics), [World.SetBlock] / [World.SetBlocks]
//     (edits, copy-on-write), [World.Dirty] / [World.MarkSaved] (for the
//     saver), [Source] (where saved chunks come from).
//   - [Streamer], [NewStreamer], [StreamConfig]: loading, meshing and
//     unloading chunks around a moving viewer on worker goroutines.
//     [Streamer.Update] once per frame returns a [Frame] of [Upload]s
//     (within a per-frame budget) and releases; [Streamer.Recycle] gives
//     mesh storage back; [Streamer.Close] stops the workers.
//     [StreamConfig.CoarseDistance] meshes far chunks at half resolution.
//
// Determinism: terrain depends only on the seed and the world position.
// The noise is integer fixed-point (16.16) gradient noise with a
// splitmix64 lattice hash, so no floating-point operation, library
// function or fused multiply-add can make two platforms differ; nothing
// depends on goroutine scheduling, map order or a global random source.
// Trees are placed by hashing the cells of a world-aligned grid and caves
// are sampled on a world-aligned lattice, so chunk borders do not show.
// The golden-hash test pins the terrain, and passes unchanged with
// -tags voxel16 (16-wide chunks), which shows that chunking does not
// change it.
//
// Typical use, once per frame on the game loop:
//
//	w := world.New(world.Config{Seed: seed, Source: store, Report: logError})
//	s := world.NewStreamer(w, world.StreamConfig{RenderDistance: 12, Mesh: mesh.Options{Greedy: true}})
//	defer s.Close()
//	...
//	f := s.Update(player.X, player.Z)
//	for _, p := range f.Releases { freeGPU(p) }
//	for _, u := range f.Uploads { upload(u.Pos, u.Mesh); s.Recycle(u.Mesh) }
package world
