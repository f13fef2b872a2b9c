// Package mesh turns chunks into GPU-ready meshes.
//
// Outline:
//
//   - [Mesher], [NewMesher], [Mesher.MeshChunk]: meshing, with scratch
//     space that is reused, so that meshing a chunk allocates nothing once
//     the destination buffers have grown.
//   - [Neighborhood]: the input, a chunk and its eight neighbours.
//   - [Options]: plain (one quad per visible face) or greedy (coplanar
//     faces merged).
//   - [MeshData], [Buffers]: the output, an opaque and a translucent mesh of
//     packed vertices and uint32 indices.
//   - [Vertex], [Pack], [Unpack], [Attributes]: the 8-byte vertex format and
//     its bit layout, which the shaders decode (see [Vertex] for the
//     layout and a GLSL decoder).
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
// Greedy mode merges faces of the same block kind, direction and AO into
// rectangles, first along the face's horizontal axis, then along the other.
// A quad only grows along a direction in which its AO does not change, so
// the merged mesh looks exactly like the plain one (the tests rasterize
// both and compare). Texture coordinates count blocks, so the shader
// repeats the tile across a merged quad. Quads meet in T-junctions, which
// can show single-pixel cracks at some angles; the plain mode has none.
//
// How it works: the mesher first turns the neighbourhood into three bit
// sets per column (opaque, liquid, other), 256 bits over y with a bit of
// padding, reading runs of eight equal voxels with one load. Visible faces
// of a whole column are then a few AND-NOTs of neighbouring columns' words,
// and only set bits are visited. AO reads three bits of three neighbour
// columns and looks the four corner levels up in a 512-entry table.
package mesh
