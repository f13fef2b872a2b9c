// Package scene turns the data of a game.toml ([[material]] and [[entity]])
// into entities of an ecs.World, creating their meshes, textures and shaders
// on a backend.
package scene

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/safetext"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// DefaultShader is the engine's material shader, used when a material names none.
const DefaultShader = "assets/shaders/default_shader.hlsl"

// Build spawns f's entities into w, creating what they need on b. Built-in
// meshes are created once each and shared.
func Build(f *config.File, w *ecs.World, b backends.Backend) error {
	mats := map[string]ecs.Material{"": defaultMaterial()}
	for _, m := range f.Materials {
		em, err := material(m, b)
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
		rot := vmath.QuatEuler(vmath.Radians(e.Rotation[0]), vmath.Radians(e.Rotation[1]), vmath.Radians(e.Rotation[2]))
		t := ecs.Transform{Position: vmath.Vec3(e.Position), Rotation: rot, Scale: vmath.Vec3(e.Scale)}
		t.Update()
		if e.Mesh != "" {
			m, ok := meshCache[e.Mesh]
			if !ok {
				data, err := meshes.ByName(e.Mesh)
				if err != nil {
					return fmt.Errorf("%s: entity %s: %w", f.Path, name, err)
				}
				id, err := b.CreateMesh(formats.DefaultHandle, data.Vertices, data.Indices)
				if err != nil {
					return fmt.Errorf("%s: entity %s: mesh %s: %w", f.Path, name, e.Mesh, err)
				}
				m = ecs.Mesh{ID: id, Format: formats.DefaultHandle, Bounds: data.Bounds}
				meshCache[e.Mesh] = m
			}
			mat, ok := mats[e.Material]
			if !ok {
				return fmt.Errorf("%s: entity %s: no material %q", f.Path, name, e.Material)
			}
			w.Spawn(t, m, mat)
		}
		if c := e.Camera; c != nil {
			w.SpawnCamera(t, ecs.Camera{FovY: c.FOV, Near: c.Near, Far: c.Far, Active: true})
		}
		if l := e.DirectionalLight; l != nil {
			w.SpawnLight(t, ecs.DirectionalLight{Direction: vmath.Vec3(l.Direction), Color: vmath.Vec3(l.Color), Intensity: l.Intensity, CastShadows: l.CastShadows})
		}
		if l := e.PointLight; l != nil {
			w.SpawnPointLight(t, ecs.PointLight{Color: vmath.Vec3(l.Color), Intensity: l.Intensity, Range: l.Range})
		}
	}
	return nil
}

func defaultMaterial() ecs.Material {
	return ecs.Material{Shader: DefaultShader, Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true}
}

func material(m config.Material, b backends.Backend) (ecs.Material, error) {
	em := ecs.Material{
		Shader: m.Shader, Color: vmath.Vec4(m.Color),
		Transparent: m.Transparent, TwoSided: m.TwoSided, CastShadows: m.CastShadows,
	}
	if em.Shader == "" {
		em.Shader = DefaultShader
	}
	if m.Texture != "" {
		img, err := LoadPNG(m.Texture)
		if err != nil {
			return em, err
		}
		id, err := b.CreateTexture(img, backends.TextureOptions{})
		if err != nil {
			return em, fmt.Errorf("texture %s: %w", m.Texture, err)
		}
		em.Texture = id
	}
	return em, nil
}

// Limits of a texture image, checked from its header before any pixel is
// decoded: a 995 KB PNG declaring 16000x16000 pixels took 3 GB.
const (
	// MaxTextureSize is the largest side of a texture: the largest render
	// target every backend supports, a texture limit too.
	MaxTextureSize = backends.MaxTargetSize
	// MaxTexturePixels bounds a texture's area at 8192x8192, 256 MiB as
	// RGBA; the conversion to RGBA may need as much again.
	MaxTexturePixels = 8192 * 8192
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
	path := safetext.Name(name)
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide ||
		int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, fmt.Errorf("decode %s: %dx%d pixels; a texture may have at most %d on a side and %d in all",
			path, cfg.Width, cfg.Height, maxSide, maxPixels)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba, nil
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
