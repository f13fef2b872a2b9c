// Package block is the one table of block kinds of the voxel world.
//
// A block is a byte ([ID]). Everything the rest of the world needs to know
// about a kind lives in one row of that table ([Info]): its name, whether it
// hides the faces of its neighbours (Opaque), whether the player collides with
// it (Solid), whether it is a liquid, which mesh it is drawn in ([Layer]),
// whether two neighbours of the same kind hide the face between them
// (CullSelf), and the texture atlas tile of each of its six faces.
//
// Outline:
//
//   - [ID], the constants [Air] ... [Snow], [Count]: the kinds.
//   - [ID.Info], [ID.Valid], [ByName]: look-ups.
//   - [Face], [FacePosX] ... [FaceNegZ], [Face.Normal]: the six faces, in the
//     order that the mesh vertex format and the ray cast use.
//   - [Tile], [TileGrassTop] ... [TileCount], [AtlasTiles]: the texture atlas.
//   - [Hotbar]: the default hotbar of placeable kinds.
//
// Layers: opaque blocks and leaves go into the opaque mesh; leaves are
// "cutout" (the opaque pass discards fragments with alpha below 0.5), which
// needs no sorting, but leaves hide nothing behind them, so faces next to
// leaves are kept. Water and glass go into the separate translucent mesh,
// which is blended and drawn after the opaque one. Water and glass hide the
// faces they share with a neighbour of the same kind (no inner walls inside a
// lake or a glass wall).
package block
