// Package chunk fixes the shape of a chunk and how its voxels are laid out in
// memory.
//
// A chunk is a column of [Size] x [Height] x [Size] voxels, one byte
// ([block.ID]) each, stored in [Blocks]. The world is [Height] = 256 blocks
// tall and made of such columns side by side, addressed by [Pos].
//
// Layout: column-major, index = (z*Size + x)*Height + y ([Index]). A column
// of 256 voxels is contiguous, which suits the things done most: filling
// terrain columns during generation, building the per-column bit masks the
// mesher works on (eight voxels per 64-bit load) and run-length encoding for
// saves (long runs of stone and air).
//
// Size is 32, chosen by benchmark over 16 (build with -tags voxel16 for 16
// and rerun the benchmarks; docs/PERFORMANCE.md has the figures). Meshing
// the same 256 x 256 block area of terrain takes 64 meshes instead of 256,
// so a quarter of the uploads, draw calls and streaming jobs, at about the
// same cost per voxel (the mesher reads kept bit masks, so the one-column
// border costs little; 16 is about 5% cheaper per voxel); generation costs
// the same per voxel. What 16 wins: an edit re-meshes a quarter of the
// voxels, and streaming a fixed radius from nothing is about 5% quicker
// because the ring of neighbours loaded only for meshing is thinner.
// Neither matters at 60 frames per second; draw calls do.
package chunk
