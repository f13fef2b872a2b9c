// Package gltftest builds small glTF 2.0 files for tests: a cube with
// normals, texture coordinates and an embedded PNG texture, written as GLB.
package gltftest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Options choose what the cube file carries.
type Options struct {
	NoNormals bool // leave NORMAL out, to test refusals
	NoTexture bool
	// Maps makes the checker texture the material's normalTexture too
	// (scale 0.5) and its emissiveTexture, with emissiveFactor (2, 1, 0).
	Maps     bool
	MeshName string // default "cube"
}

// CubeGLB returns a GLB holding one mesh: a unit cube centred on the
// origin, 24 vertices and 36 indices, red-and-white checkered texture.
func CubeGLB(o Options) ([]byte, error) {
	doc := gltf.NewDocument()
	var pos, nrm [][3]float32
	var uv [][2]float32
	var idx []uint32
	faces := [6][3][3]float32{ // normal, u, v
		{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
		{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
		{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
	}
	for _, f := range faces {
		base := uint32(len(pos))
		for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			var p [3]float32
			for k := range 3 {
				p[k] = 0.5*f[0][k] + 0.5*c[0]*f[1][k] + 0.5*c[1]*f[2][k]
			}
			pos = append(pos, p)
			nrm = append(nrm, f[0])
			uv = append(uv, [2]float32{(c[0] + 1) / 2, (1 - c[1]) / 2})
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	attrs := gltf.PrimitiveAttributes{
		gltf.POSITION:   modeler.WritePosition(doc, pos),
		gltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, uv),
	}
	if !o.NoNormals {
		attrs[gltf.NORMAL] = modeler.WriteNormal(doc, nrm)
	}
	prim := &gltf.Primitive{Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Attributes: attrs, Material: gltf.Index(0)}
	name := o.MeshName
	if name == "" {
		name = "cube"
	}
	doc.Meshes = []*gltf.Mesh{{Name: name, Primitives: []*gltf.Primitive{prim}}}
	doc.Nodes = []*gltf.Node{{Name: name, Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	mat := &gltf.Material{Name: "checker", PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
		BaseColorFactor: &[4]float64{1, 1, 1, 1},
	}}
	if !o.NoTexture {
		var img bytes.Buffer
		if err := png.Encode(&img, Checker()); err != nil {
			return nil, err
		}
		imi, err := modeler.WriteImage(doc, "checker.png", "image/png", &img)
		if err != nil {
			return nil, err
		}
		doc.Textures = []*gltf.Texture{{Source: gltf.Index(imi)}}
		mat.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: 0}
		if o.Maps {
			scale := 0.5
			mat.NormalTexture = &gltf.NormalTexture{Index: gltf.Index(0), Scale: &scale}
			mat.EmissiveTexture = &gltf.TextureInfo{Index: 0}
			mat.EmissiveFactor = [3]float64{2, 1, 0}
		}
	}
	doc.Materials = []*gltf.Material{mat}
	var out bytes.Buffer
	enc := gltf.NewEncoder(&out)
	enc.AsBinary = true
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Checker is the cube's 4x4 texture: red and white squares.
func Checker() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			c := color.RGBA{255, 255, 255, 255}
			if (x+y)%2 == 0 {
				c = color.RGBA{220, 30, 30, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
