package ecs

import (
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// Transform places an entity in the world. World is derived from Position,
// Rotation and Scale, and Bounds from World and the entity's Mesh.Bounds:
// set the three inputs, never World or Bounds. The render systems keep
// drawable entities current (Sync) in their one pass over them each frame;
// UpdateTransforms does the same for every entity.
type Transform struct {
	Position vmath.Vec3
	Rotation vmath.Quat
	Scale    vmath.Vec3

	// of is what World and Bounds were last derived from: while it matches,
	// Sync costs a comparison instead of a matrix and a box transform. It
	// sits before Bounds, and World comes last, so that a static entity the
	// camera does not see is read from the first 140 bytes of its
	// Transform alone.
	of derivedFrom

	// CullHint is, for each volume Bounds is tested against (the camera,
	// the sun's frustum, what can shadow the view), what its last test
	// found, as vmath.Culler.Rejects keeps it: the plane that rejected it,
	// tested first, so an entity that stays culled costs one plane test; or
	// that it passed, so an entity in view skips that test.
	CullHint [3]uint8
	// Bounds is the world-space box around the entity's Mesh.Bounds, kept
	// beside World so that visibility is one box test per entity and frame,
	// shared by every pass, with no box transformed per pass.
	Bounds vmath.AABB
	World  vmath.Mat4
}

// derivedFrom holds the inputs as bits: comparing words is cheaper than
// comparing floats, and a NaN input then counts as unchanged instead of
// forcing a recomputation every frame. The eight words are kept as two
// arrays of four, which the compiler compares word by word in line, so
// that Stale is small enough to be inlined.
type derivedFrom struct {
	head   [4]uint64 // the first four words of Position, Rotation and Scale
	tail   [4]uint64 // their fifth, then the three of the local bounds
	synced bool
}

// NewTransform returns a transform at p with no rotation and unit scale.
func NewTransform(p vmath.Vec3) Transform {
	return Transform{Position: p, Rotation: vmath.QuatIdent(), Scale: vmath.Vec3{1, 1, 1}, World: vmath.Translate(p)}
}

// Update recomputes World from Position, Rotation and Scale.
func (t *Transform) Update() { t.World = vmath.TRS(t.Position, t.Rotation, t.Scale) }

// Sync brings World and Bounds (around local, the mesh's own bounds) up to
// date. When neither the inputs nor local changed since the last call it
// only compares them, so static entities cost next to nothing.
func (t *Transform) Sync(local *vmath.AABB) {
	if t.Stale(local) {
		t.derive(local)
	}
}

// Stale reports whether Sync(local) has work to do: the comparison alone,
// small enough to be inlined, for a loop over many entities that are
// mostly static, which can write
//
//	if t.Stale(&m.Bounds) {
//		t.Sync(&m.Bounds)
//	}
//
// and make no call for those. (Sync is not inlined, and a call costs such
// a loop the values it keeps in registers.)
func (t *Transform) Stale(local *vmath.AABB) bool {
	in, o := inputBits(t), &t.of
	return *(*[4]uint64)(in[:4]) != o.head || tailBits(in, local) != o.tail || !o.synced
}

// inputBits is Position, Rotation and Scale (40 bytes, contiguous) as
// words. Loads of unaligned words are fine on the platforms Sleak runs on,
// and the checked-pointer mode does not check the alignment of pointer-free
// types.
func inputBits(t *Transform) *[5]uint64 { return (*[5]uint64)(unsafe.Pointer(&t.Position)) }

// tailBits is derivedFrom.tail of the inputs in and the local bounds.
func tailBits(in *[5]uint64, local *vmath.AABB) [4]uint64 {
	loc := (*[3]uint64)(unsafe.Pointer(local))
	return [4]uint64{in[4], loc[0], loc[1], loc[2]}
}

func (t *Transform) derive(local *vmath.AABB) {
	t.World = vmath.TRS(t.Position, t.Rotation, t.Scale)
	t.Bounds = local.Transform(t.World)
	in := inputBits(t)
	t.of = derivedFrom{head: *(*[4]uint64)(in[:4]), tail: tailBits(in, local), synced: true}
}

// Mesh is geometry a backend holds, in one vertex format.
type Mesh struct {
	ID     backends.MeshID
	Format formats.Handle
	Bounds vmath.AABB // in the mesh's local space, for culling
	// Facing, when not zero, is the outward normal, in the mesh's local
	// space, that every triangle of the mesh has (one face direction of a
	// voxel chunk, say); the entity's transform may rotate it and scale it
	// uniformly. The camera passes that cull back faces (gbuffer and
	// forward, for materials neither transparent nor two-sided) then skip
	// the mesh while the camera is behind it: on no side of Bounds' planes
	// across that normal, so that none of its triangles can face the
	// camera. The shadow and transparent passes, which draw both sides,
	// draw it regardless.
	Facing vmath.Vec3
	// Occluded says the game knows nothing of the mesh can be seen from the
	// camera this frame (terrain hides it): the camera passes skip it, while
	// the shadow pass still draws it where it casts, since what the camera
	// does not see can still shadow what it does.
	Occluded bool
	// ShadowUnseen says the game knows the mesh's shadow falls on nothing
	// the camera can see this frame (what lies along the light from it is
	// hidden too): the shadow pass skips it.
	ShadowUnseen bool
}

// Material says how a mesh is shaded. Default-format meshes use Shader, a
// canonical .hlsl path; custom formats use their format's stems and ignore it.
type Material struct {
	Shader      string
	Color       vmath.Vec4
	Texture     backends.TextureID // 0: white
	Transparent bool
	TwoSided    bool
	CastShadows bool
	// Roughness (0 means 1, fully rough), Metallic and Emissive (light of
	// its own, in multiples of its colour) reach the engine's default
	// shader through the draw's surface factors; custom formats' shaders
	// have their own.
	Roughness, Metallic, Emissive float32
	// NormalMap is a tangent-space normal map (OpenGL convention, +Y up, as
	// glTF's), read at the texture's uv in the frame of the mesh's
	// tangents (a mesh without them reads it flat); 0 leaves the vertex
	// normal unchanged. NormalScale scales the map's x and y (glTF's
	// normalTexture.scale; 0 means 1). Custom formats read the maps in
	// the gbuffer stage, with the tangent their gbuffer stem passes on.
	NormalMap   backends.TextureID
	NormalScale float32
	// EmissiveMap tints the emission per texel: the light of its own is
	// Emissive times its colour times the map; 0 is white.
	EmissiveMap backends.TextureID

	// ShaderID is Shader loaded by the render systems: 0 until then, and
	// while loading it fails.
	ShaderID backends.ShaderID
}

// Camera is a perspective camera; the entity's Transform places it, looking
// down its local -Z.
type Camera struct {
	FovY   float32 // vertical field of view, degrees
	Near   float32
	Far    float32
	Active bool // the render systems use the first active camera
}

// DirectionalLight is the sun: parallel light along Direction.
type DirectionalLight struct {
	Direction   vmath.Vec3 // the way the light travels
	Color       vmath.Vec3
	Intensity   float32
	CastShadows bool
}

// PointLight is light from the entity's position in every direction,
// falling off with the square of the distance and fading to nothing at
// Range. The lighting, forward and transparent passes shade it (when the
// game's [lighting] point_lights is on).
type PointLight struct {
	Color     vmath.Vec3
	Intensity float32
	Range     float32
}

// SpotLight is a point light limited to a cone along Direction, in the
// entity's local space (the transform's rotation turns it): full inside
// InnerAngle, fading to nothing at OuterAngle (half-angles in degrees).
type SpotLight struct {
	Direction  vmath.Vec3
	Color      vmath.Vec3
	Intensity  float32
	Range      float32
	InnerAngle float32
	OuterAngle float32
}
