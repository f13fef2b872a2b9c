// Package physics is the player's movement in the voxel world, as pure
// functions of the state, the input, the time step and a solidity test:
// nothing here knows about chunks, so it can be tested on hand-made worlds.
//
//   - [Move] sweeps an [AABB] through the voxel grid axis by axis (Y, then
//     X, then Z), stopping at solid blocks, so a blocked axis loses its
//     motion while the others slide along the wall.
//   - [Step] advances a [Body] (walking, sprinting, jumping under gravity,
//     or flying) by one frame, with the numbers in [Params].
//   - [Raycast] walks the voxels along a ray (Amanatides and Woo's DDA) and
//     returns the first block the predicate accepts and the face it
//     entered through: the block to break, and [Hit.Place] to build on.
//
// Coordinates are in blocks; block (x, y, z) fills [x, x+1) x [y, y+1) x
// [z, z+1). Yaw 0 looks towards -Z and grows turning right (towards +X);
// pitch grows looking up.
package physics
