// Package scene turns the data of a game.toml ([[material]] and [[entity]])
// into entities of an ecs.World, creating their meshes, textures and shaders
// on a backend.
package scene

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/imagefile"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/model"
	"github.com/sleakgo/sleak/vmath"
)

// DefaultShader is the engine's material shader, used when a material names none.
const DefaultShader = "assets/shaders/default_shader.hlsl"

// Build spawns f's entities into w, creating what they need on b. Every
// entity mesh is in the default format; use BuildFormats for entities that
// name a [[vertex_format]].
func Build(f *config.File, w *ecs.World, b backends.Backend) error {
	return BuildFormats(f, w, b, nil)
}

// BuildFormats spawns f's entities into w, creating what they need on b:
// built-in meshes are created once each and shared, glTF files are loaded
// into the entity's vertex format, looked up by name in reg (nil: default
// format only). An entity naming no [[material]] takes its glTF file's base
// colour and texture.
func BuildFormats(f *config.File, w *ecs.World, b backends.Backend, reg *formats.Registry) error {
	mats := map[string]ecs.Material{"": DefaultMaterial()}
	for _, m := range f.Materials {
		em, err := Material(m, b)
		if err != nil {
			return fmt.Errorf("%s: material %q: %w", f.Path, m.Name, err)
		}
		mats[m.Name] = em
	}
	meshCache := map[string]ecs.Mesh{}
	for i, e := range f.Entities {
		name := e.Name
		if name == "" {
			name = fmt.Sprintf("#%d", i+1)
		}
		t := Transform(e)
		if e.Mesh != "" {
			mat, ok := mats[e.Material]
			if !ok {
				return fmt.Errorf("%s: entity %s: no material %q", f.Path, name, e.Material)
			}
			var m ecs.Mesh
			var sk *skinning
			var err error
			if config.IsModelFile(e.Mesh) {
				m, sk, err = modelMesh(e, b, reg, &mat)
			} else {
				m, err = builtinMesh(e.Mesh, b, meshCache)
			}
			if err != nil {
				return fmt.Errorf("%s: entity %s: %w", f.Path, name, err)
			}
			if sk != nil {
				w.SpawnSkinned(t, m, mat, ecs.NewSkin(sk.skeleton), ecs.Animator{Clip: sk.clip, Speed: 1, Loop: true})
			} else {
				w.Spawn(t, m, mat)
			}
		}
		if c := e.Camera; c != nil {
			w.SpawnCamera(t, Camera(c))
		}
		if l := e.DirectionalLight; l != nil {
			w.SpawnLight(t, DirectionalLight(l))
		}
		if l := e.PointLight; l != nil {
			w.SpawnPointLight(t, PointLight(l))
		}
		if l := e.SpotLight; l != nil {
			w.SpawnSpotLight(t, SpotLight(l))
		}
	}
	return nil
}

func builtinMesh(name string, b backends.Backend, cache map[string]ecs.Mesh) (ecs.Mesh, error) {
	if m, ok := cache[name]; ok {
		return m, nil
	}
	data, err := meshes.ByName(name)
	if err != nil {
		return ecs.Mesh{}, err
	}
	id, err := b.CreateMesh(formats.DefaultHandle, data.Vertices, data.Indices)
	if err != nil {
		return ecs.Mesh{}, fmt.Errorf("mesh %s: %w", name, err)
	}
	m := ecs.Mesh{ID: id, Format: formats.DefaultHandle, Bounds: data.Bounds}
	cache[name] = m
	return m, nil
}

// skinning is what a skinned entity of game.toml is spawned with: its
// file's skeleton and the animation it plays.
type skinning struct {
	skeleton *anim.Skeleton
	clip     *anim.Clip // nil: the file has none; the mesh holds its rest pose
}

// modelMesh loads an entity's glTF file in its format. With the default
// material, the file's own base colour and texture, normal map and
// emission replace it. A file whose mesh has a skin, asked for in no
// [[vertex_format]], is drawn in the engine's skinned format (registered
// in reg on first use), playing e.Animation or else its first animation;
// its bounds then hold every pose of that animation.
func modelMesh(e config.Entity, b backends.Backend, reg *formats.Registry, mat *ecs.Material) (ecs.Mesh, *skinning, error) {
	h := formats.DefaultHandle
	layout := formats.DefaultLayout()
	if e.Format != "" {
		var ok bool
		if reg != nil {
			h, ok = reg.Lookup(e.Format)
		}
		if !ok {
			return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: vertex format %q is not registered", e.Mesh, e.Format)
		}
		layout, _ = reg.Get(h)
	}
	data, err := model.Load(e.Mesh, e.ModelMesh, layout)
	if err != nil {
		return ecs.Mesh{}, nil, err
	}
	var sk *skinning
	bounds := data.Bounds
	if data.Skeleton != nil && e.Format == "" && reg != nil {
		// The skinned format's vertex is the default one: the data loaded
		// above is its too.
		if h, err = skinnedFormat(reg); err != nil {
			return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: %w", e.Mesh, err)
		}
		sk = &skinning{skeleton: data.Skeleton}
		if sk.clip, err = pickClip(data.Clips, e.Animation); err != nil {
			return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: %w", e.Mesh, err)
		}
		bounds = ecs.PosedBounds(data.Bounds, sk.skeleton, sk.clip)
	} else if e.Animation != "" {
		return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: animation %q: the mesh has no skin to play it on", e.Mesh, e.Animation)
	}
	id, err := b.CreateMesh(h, data.Vertices, data.Indices)
	if err != nil {
		return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: %w", e.Mesh, err)
	}
	if e.Material == "" {
		mat.Color = data.Color
		for _, t := range []struct {
			what string
			img  *image.RGBA
			id   *backends.TextureID
		}{{"texture", data.Texture, &mat.Texture}, {"normal map", data.NormalMap, &mat.NormalMap}, {"emissive map", data.EmissiveMap, &mat.EmissiveMap}} {
			if t.img == nil {
				continue
			}
			tex, err := b.CreateTexture(t.img, backends.TextureOptions{})
			if err != nil {
				return ecs.Mesh{}, nil, fmt.Errorf("mesh %s: %s: %w", e.Mesh, t.what, err)
			}
			*t.id = tex
		}
		mat.NormalScale, mat.Emissive = data.NormalScale, data.Emissive
	}
	return ecs.Mesh{ID: id, Format: h, Bounds: bounds}, sk, nil
}

// skinnedFormat is the handle of the engine's skinned format in reg,
// registering it the first time a file needs it.
func skinnedFormat(reg *formats.Registry) (formats.Handle, error) {
	if h, ok := reg.Lookup(formats.SkinnedLayoutName); ok {
		return h, nil
	}
	return reg.Register(*formats.SkinnedLayout())
}

// pickClip is the clip named name, or with no name the first; nil when
// the file has none to play.
func pickClip(clips []*anim.Clip, name string) (*anim.Clip, error) {
	if name == "" {
		if len(clips) == 0 {
			return nil, nil
		}
		return clips[0], nil
	}
	names := make([]string, len(clips))
	for i, c := range clips {
		if c.Name == name {
			return c, nil
		}
		names[i] = strconv.Quote(c.Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("animation %q: the file has no animations", name)
	}
	return nil, fmt.Errorf("animation %q: the file has %s", name, strings.Join(names, ", "))
}

// DefaultMaterial is the material of entities that name none: the default
// shader, white, casting shadows.
func DefaultMaterial() ecs.Material {
	return ecs.Material{Shader: DefaultShader, Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true}
}

// Transform converts an entity's position, rotation (degrees) and scale.
func Transform(e config.Entity) ecs.Transform {
	rot := vmath.QuatEuler(vmath.Radians(e.Rotation[0]), vmath.Radians(e.Rotation[1]), vmath.Radians(e.Rotation[2]))
	t := ecs.Transform{Position: vmath.Vec3(e.Position), Rotation: rot, Scale: vmath.Vec3(e.Scale)}
	t.Update()
	return t
}

// Camera converts an [entity.camera]; the camera is active.
func Camera(c *config.Camera) ecs.Camera {
	return ecs.Camera{FovY: c.FOV, Near: c.Near, Far: c.Far, Active: true}
}

// DirectionalLight converts an [entity.directional_light].
func DirectionalLight(l *config.DirectionalLight) ecs.DirectionalLight {
	return ecs.DirectionalLight{Direction: vmath.Vec3(l.Direction), Color: vmath.Vec3(l.Color), Intensity: l.Intensity, CastShadows: l.CastShadows}
}

// PointLight converts an [entity.point_light].
func PointLight(l *config.PointLight) ecs.PointLight {
	return ecs.PointLight{Color: vmath.Vec3(l.Color), Intensity: l.Intensity, Range: l.Range}
}

// SpotLight converts an [entity.spot_light].
func SpotLight(l *config.SpotLight) ecs.SpotLight {
	return ecs.SpotLight{Direction: vmath.Vec3(l.Direction), Color: vmath.Vec3(l.Color), Intensity: l.Intensity, Range: l.Range,
		InnerAngle: l.InnerAngle, OuterAngle: l.OuterAngle}
}

// Material converts a [[material]] to the component, loading its texture
// onto b. An empty shader means DefaultShader.
func Material(m config.Material, b backends.Backend) (ecs.Material, error) {
	em := ecs.Material{
		Shader: m.Shader, Color: vmath.Vec4(m.Color),
		Transparent: m.Transparent, TwoSided: m.TwoSided, CastShadows: m.CastShadows,
	}
	for _, f := range []struct {
		from *float32
		to   *float32
	}{{m.Roughness, &em.Roughness}, {m.Metallic, &em.Metallic}, {m.Emissive, &em.Emissive}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if m.Roughness != nil && *m.Roughness == 0 {
		em.Roughness = 1e-3 // as smooth as asked: 0 in the component means unset
	}
	if em.Shader == "" {
		em.Shader = DefaultShader
	}
	if m.NormalScale != nil {
		em.NormalScale = max(*m.NormalScale, 1e-3) // 0 in the component means 1
	}
	for _, t := range []struct {
		path string
		to   *backends.TextureID
	}{{m.Texture, &em.Texture}, {m.NormalMap, &em.NormalMap}, {m.EmissiveMap, &em.EmissiveMap}} {
		if t.path == "" {
			continue
		}
		img, err := LoadPNG(t.path)
		if err != nil {
			return em, err
		}
		id, err := b.CreateTexture(img, backends.TextureOptions{})
		if err != nil {
			return em, fmt.Errorf("texture %s: %w", t.path, err)
		}
		*t.to = id
	}
	return em, nil
}

// Limits of a texture image, checked from its header before any pixel is
// decoded: a 995 KB PNG declaring 16000x16000 pixels took 3 GB.
const (
	// MaxTextureSize is the largest side of a texture: the largest render
	// target every backend supports, a texture limit too.
	MaxTextureSize = imagefile.MaxSide
	// MaxTexturePixels bounds a texture's area at 8192x8192, 256 MiB as
	// RGBA; the conversion to RGBA may need as much again.
	MaxTexturePixels = imagefile.MaxPixels
)

// LoadPNG reads a PNG asset (working directory first, then the engine's
// embedded assets) as RGBA. The image's size is checked against
// MaxTextureSize and MaxTexturePixels before its pixels are decoded.
func LoadPNG(path string) (*image.RGBA, error) {
	data, err := assets.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return DecodePNG(path, data)
}

// DecodePNG decodes PNG data as RGBA, checking its size first; name is used
// in messages only.
func DecodePNG(name string, data []byte) (*image.RGBA, error) {
	return decodePNG(name, data, MaxTextureSize, MaxTexturePixels)
}

func decodePNG(name string, data []byte, maxSide int, maxPixels int64) (*image.RGBA, error) {
	return imagefile.DecodeWithin(name, data, "png", maxSide, maxPixels)
}

// MaterialShaders lists the shader paths of f's materials (and the default
// shader), for strict checks before launch.
func MaterialShaders(f *config.File) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range f.Materials {
		s := m.Shader
		if s == "" {
			s = DefaultShader
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if !seen[DefaultShader] {
		out = append(out, DefaultShader)
	}
	return out
}
