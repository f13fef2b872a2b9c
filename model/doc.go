// Package model loads glTF 2.0 meshes (.gltf with its buffers, or .glb) into
// any registered vertex format, with their PNG or JPEG base colour texture,
// normal map and emission.
//
// The file is parsed by github.com/qmuntal/gltf; this package only maps
// glTF's attributes onto a format's. Each attribute of the format is filled
// from the glTF attribute of the same meaning, found by the format
// attribute's name:
//
//	position                    POSITION (required)
//	normal                      NORMAL (required)
//	tangent                     TANGENT, else derived from POSITION, NORMAL and TEXCOORD_0, else (1, 0, 0, 1)
//	uv, texcoord, texcoord_0    TEXCOORD_0, else (0, 0)
//	uv1, texcoord_1             TEXCOORD_1, else (0, 0)
//	color, color_0              COLOR_0, else opaque white
//	bone_ids, joints, joints_0  JOINTS_0, else 0
//	bone_weights, weights, ...  WEIGHTS_0, else (1, 0, 0, 0)
//
// converted to the attribute's storage (floats, halves, normalized or plain
// integers). A format attribute with no such meaning, or a required one the
// file lacks, is refused with an error naming the file, the mesh and the
// attribute. All triangle primitives of the chosen mesh become one mesh;
// node transforms and morph targets are not applied. The skin of the node
// that instances the mesh, with the animations that drive its joints, is
// loaded beside it (Mesh.Skeleton, Mesh.Clips; docs/SKINNING.md), and
// validated: errors name the skin and, for a bad key track, the animation,
// the channel and its node.
package model
