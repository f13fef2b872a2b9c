// Package meshes builds the engine's built-in meshes in the default vertex
// format (formats.DefaultLayout, 96 bytes a vertex): a cube, a plane and a
// UV sphere, ready for Backend.CreateMesh with formats.DefaultHandle.
//
// Every mesh is indexed with 32-bit indices, centred on the origin (the plane
// lies in it), and wound counter-clockwise when its front faces are seen from
// outside, which is what the backends' back-face culling expects. Normals are
// unit length and point outward; tangents follow the texture's u direction.
//
// Task index:
//
//   - A ready mesh: Cube, Plane, Sphere, or ByName for a name from a scene
//     file ("cube", "plane", "sphere").
//   - Your own geometry in the default format: fill DefaultVertex values and
//     Append them to a byte slice.
//   - Cull it: Data.Bounds is its local-space bounding box.
package meshes
