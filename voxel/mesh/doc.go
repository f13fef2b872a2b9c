// Package mesh turns chunks into GPU-ready meshes.
//
// Outline:
//
//   - [Mesher], [NewMesher], [Mesher.MeshChunk], [Mesher.MeshChunkMasks]:
//     meshing, with scratch space that is reused, so that meshing a chunk
//     allocates nothing once the destination buffers have grown.
//   - [Neighborhood]: the input, a chunk and its eight neighbours;
//     [MaskNeighborhood] their [Masks], which a chunk keeps beside its
//     blocks and updates on every edit ([Masks.Set]).
//   - [Cube], [Mesher.MeshCube]: a 64³ volume with a one-voxel border, the
//     input shape of other binary meshers, meshed by the same code (the
//     benchmarks compare on it).
//   - [Options]: plain (one quad per visible face) or greedy (coplanar
//     faces merged).
//   - [MeshData], [Buffers]: the output, an opaque and a translucent mesh of
//     quads grouped by face direction ([Buffers.Face]), [Bytes] for upload,
//     [Bounds] for a direction's box.
//   - [Quad], [QuadIndices]: the 8-byte quad, one instance each, and its
//     bit layout, which the vertex shaders expand into four corners.
//   - [Vertex], [Pack], [Unpack], [Attributes]: one corner as the shader
//     computes it ([Quad.Vertices], [Buffers.Expand]), for tests and tools.
//   - [Coarsen]: a chunk at half resolution, meshed like any other, for
//     chunks far from the camera.
//
// What is drawn: a face is emitted when the block is visible and its
// neighbour across the face does not hide it. Opaque blocks hide every
// face next to them; water and glass hide faces only of their own kind;
// leaves (cutout) and air hide nothing. Faces on the chunk border are
// tested against the neighbouring chunk's blocks, so there are no inner
// walls between chunks. Water's top face is drawn whenever the block above
// is not water (even under a solid block, since the lowered surface leaves
// a gap) and its vertices carry the "lowered" bit; the side faces of that
// top water block have their upper corners lowered too.
//
// Ambient occlusion: each vertex of a face gets one of four levels from
// the three blocks around it in front of the face (the two along the
// edges and the diagonal one): 3 - (side1 + side2 + corner), and 0 when
// both sides are solid. Only opaque blocks occlude. A quad is split into
// triangles along the diagonal whose two corners are brighter in sum, so a
// single dark corner shades one triangle instead of a streak across the
// quad.
//
// Greedy mode merges faces of the same block kind, direction, AO and
// lowered bit into rectangles. A quad only grows along a direction in
// which its AO does not change, so the merged mesh looks exactly like the
// plain one (the tests rasterize both and compare). Side faces grow along
// their column first (a run of bits of one 64-bit word, so never across
// y = 64, 128, 192), then across columns; top and bottom faces along x,
// then z. Texture coordinates count blocks, so the shader repeats the tile
// across a merged quad. Quads meet in T-junctions, which can show
// single-pixel cracks at some angles; the plain mode has none.
//
// How it works: each column is a bit set over y per class of block
// (opaque, liquid, other), kept per chunk ([Masks]). The mesher copies the
// columns of the chunk and its one-column ring into a padded grid, then
// computes the six face masks of every column in one pass of shifts and
// AND-NOTs (up and down are the column shifted by one bit, the sides are
// the neighbouring columns); the liquid and other planes are read only
// when the chunk has such blocks. Both modes then visit only set bits of
// the face masks; AO reads the opacity bits of the cells around the one in
// front of a face and looks the four corner levels up in a 512-entry
// table. A unit quad is one 64-bit store: a word from a table per
// direction and AO byte, plus its position and tile. Meshing a grid with
// only opaque blocks, plain or greedy, skips the stored face masks: one
// pass per plane of column words slides a 3 x 3 window of words along x,
// so that each column loads three words for its six face masks and its
// faces' AO. Greedy merging happens in that pass: faces that cannot grow
// are written at once, side faces grow up their column word on the spot,
// and the others are kept as events of their row, merged into runs when
// the window has passed the row, which then grow the quads of the row or
// column before (see greedyOpaque).
package mesh
