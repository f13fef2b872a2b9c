package ecs

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// Transform places an entity in the world. TransformSystem derives World
// from Position, Rotation and Scale every frame; set World yourself only for
// entities outside that system.
type Transform struct {
	Position vmath.Vec3
	Rotation vmath.Quat
	Scale    vmath.Vec3
	World    vmath.Mat4
}

// NewTransform returns a transform at p with no rotation and unit scale.
func NewTransform(p vmath.Vec3) Transform {
	return Transform{Position: p, Rotation: vmath.QuatIdent(), Scale: vmath.Vec3{1, 1, 1}, World: vmath.Translate(p)}
}

// Update recomputes World from Position, Rotation and Scale.
func (t *Transform) Update() { t.World = vmath.TRS(t.Position, t.Rotation, t.Scale) }

// Mesh is geometry a backend holds, in one vertex format.
type Mesh struct {
	ID     backends.MeshID
	Format formats.Handle
	Bounds vmath.AABB // in the mesh's local space, for culling
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
