package model

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // glTF textures are PNG or JPEG
	_ "image/png"
	"io"
	"io/fs"
	"math"
	"path"
	"strings"
	"time"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/imagefile"
	"github.com/sleakgo/sleak/vmath"
)

// Mesh is one glTF mesh converted to a vertex format, ready for
// backends.Backend.CreateMesh.
type Mesh struct {
	Name     string // the glTF mesh's name, or "#N" when it has none
	Vertices []byte
	Indices  []uint32
	Bounds   vmath.AABB
	// Color and Texture are the base colour of the first primitive's
	// material: factor, and the decoded texture or nil.
	Color   vmath.Vec4
	Texture *image.RGBA
	// Skeleton is the skin of the first node that instances the mesh, nil
	// when none does; its joint i is the vertices' bone id i. Clips are the
	// file's animations that drive its joints (each one's channels on
	// other nodes left out).
	Skeleton *anim.Skeleton
	Clips    []*anim.Clip

	maxJoint int // the largest JOINTS_0 value of the vertices
	// NormalMap is the material's normalTexture, or nil, and NormalScale
	// its scale (ecs.Material.NormalScale).
	NormalMap   *image.RGBA
	NormalScale float32
	// Emissive and EmissiveMap are the material's emission as
	// ecs.Material takes it: Emissive the largest component of
	// emissiveFactor, EmissiveMap the emissiveTexture (white where it has
	// none) tinted by emissiveFactor over Emissive, or nil when the
	// material emits nothing. The engine's emission is in multiples of the
	// surface colour, so it matches glTF's where the base colour is white.
	Emissive    float32
	EmissiveMap *image.RGBA
}

// IsFile reports whether name is a mesh file this package loads, by its
// extension (.gltf or .glb, any case).
func IsFile(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".gltf" || ext == ".glb"
}

// Load reads the glTF file at name with the asset rules (working directory,
// then mounted and engine assets; buffers and images beside it) and
// converts its mesh called meshName, or its first mesh when meshName is
// empty, into layout. Every error names the file.
func Load(name, meshName string, layout *formats.Layout) (*Mesh, error) {
	data, err := assets.ReadFile(name)
	if err != nil {
		return nil, err
	}
	m, err := Decode(bytes.NewReader(data), assetDir{dir: path.Dir(name)}, meshName, layout)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// Decode reads a glTF or GLB document from r, resolving its external
// buffers and images in fsys, and converts one mesh as Load does.
func Decode(r io.Reader, fsys fs.FS, meshName string, layout *formats.Layout) (*Mesh, error) {
	doc := new(gltf.Document)
	if err := gltf.NewDecoderFS(r, fsys).Decode(doc); err != nil {
		return nil, fmt.Errorf("glTF: %w", err)
	}
	gm, label, err := pick(doc, meshName)
	if err != nil {
		return nil, err
	}
	m := &Mesh{Name: label, Color: vmath.Vec4{1, 1, 1, 1}}
	for i, p := range gm.Primitives {
		if p.Mode != gltf.PrimitiveTriangles {
			return nil, fmt.Errorf("mesh %s: primitive %d draws %v; only triangles are supported", label, i, p.Mode)
		}
		if err := m.appendPrimitive(doc, p, layout); err != nil {
			return nil, fmt.Errorf("mesh %s: primitive %d: %w", label, i, err)
		}
	}
	if len(m.Indices) == 0 {
		return nil, fmt.Errorf("mesh %s: no triangles", label)
	}
	if len(gm.Primitives) > 0 && gm.Primitives[0].Material != nil {
		if err := m.material(doc, fsys, *gm.Primitives[0].Material); err != nil {
			return nil, fmt.Errorf("mesh %s: %w", label, err)
		}
	}
	for mi := range doc.Meshes {
		if doc.Meshes[mi] == gm {
			if err := m.skinOf(doc, mi, m.maxJoint); err != nil {
				return nil, fmt.Errorf("mesh %s: %w", label, err)
			}
			break
		}
	}
	return m, nil
}

// pick finds the mesh to load and the name errors call it by.
func pick(doc *gltf.Document, name string) (*gltf.Mesh, string, error) {
	if len(doc.Meshes) == 0 {
		return nil, "", errors.New("the file has no meshes")
	}
	label := func(i int) string {
		if n := doc.Meshes[i].Name; n != "" {
			return n
		}
		return fmt.Sprintf("#%d", i)
	}
	if name == "" {
		return doc.Meshes[0], label(0), nil
	}
	var names []string
	for i, m := range doc.Meshes {
		if m.Name == name {
			return m, name, nil
		}
		names = append(names, label(i))
	}
	return nil, "", fmt.Errorf("no mesh named %q (the file has %s)", name, strings.Join(names, ", "))
}

// source is where one format attribute's values come from.
type source struct {
	gltf     string     // the glTF attribute
	required bool       // refuse a file without it
	fill     [4]float32 // the value when the file has none
}

// sources maps a format attribute's name to its glTF attribute.
var sources = map[string]source{
	"position":     {gltf: gltf.POSITION, required: true},
	"normal":       {gltf: gltf.NORMAL, required: true},
	"tangent":      {gltf: gltf.TANGENT, fill: [4]float32{1, 0, 0, 1}},
	"uv":           {gltf: gltf.TEXCOORD_0},
	"texcoord":     {gltf: gltf.TEXCOORD_0},
	"texcoord_0":   {gltf: gltf.TEXCOORD_0},
	"uv1":          {gltf: gltf.TEXCOORD_1},
	"texcoord_1":   {gltf: gltf.TEXCOORD_1},
	"color":        {gltf: gltf.COLOR_0, fill: [4]float32{1, 1, 1, 1}},
	"color_0":      {gltf: gltf.COLOR_0, fill: [4]float32{1, 1, 1, 1}},
	"bone_ids":     {gltf: gltf.JOINTS_0},
	"joints":       {gltf: gltf.JOINTS_0},
	"joints_0":     {gltf: gltf.JOINTS_0},
	"bone_weights": {gltf: gltf.WEIGHTS_0, fill: [4]float32{1, 0, 0, 0}},
	"weights":      {gltf: gltf.WEIGHTS_0, fill: [4]float32{1, 0, 0, 0}},
	"weights_0":    {gltf: gltf.WEIGHTS_0, fill: [4]float32{1, 0, 0, 0}},
}

// Names returns the format attribute names Load understands, sorted, for
// messages.
func Names() []string {
	return []string{"bone_ids", "bone_weights", "color", "color_0", "joints", "joints_0", "normal", "position",
		"tangent", "texcoord", "texcoord_0", "texcoord_1", "uv", "uv1", "weights", "weights_0"}
}

// accessor returns accessor i of doc, or an error when the file names one
// it does not have.
func accessor(doc *gltf.Document, i int) (*gltf.Accessor, error) {
	if i < 0 || i >= len(doc.Accessors) || doc.Accessors[i] == nil {
		return nil, fmt.Errorf("accessor %d does not exist (the file has %d)", i, len(doc.Accessors))
	}
	return doc.Accessors[i], nil
}

func (m *Mesh) appendPrimitive(doc *gltf.Document, p *gltf.Primitive, layout *formats.Layout) error {
	posIdx, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return errors.New("missing attribute POSITION, which every format needs")
	}
	pos, err := accessor(doc, posIdx)
	if err != nil {
		return fmt.Errorf("POSITION: %w", err)
	}
	positions, err := modeler.ReadPosition(doc, pos, nil)
	if err != nil {
		return fmt.Errorf("POSITION: %w", err)
	}
	n := len(positions)
	columns := make([][][4]float32, len(layout.Attributes))
	for i, a := range layout.Attributes {
		src, known := sources[strings.ToLower(a.Name)]
		if !known {
			return fmt.Errorf("vertex format %s: attribute %q has no glTF counterpart (name it one of %s)",
				layout.Name, a.Name, strings.Join(Names(), ", "))
		}
		idx, has := p.Attributes[src.gltf]
		if !has {
			if src.required {
				return fmt.Errorf("missing attribute %s, which vertex format %s needs for %q", src.gltf, layout.Name, a.Name)
			}
			col := make([][4]float32, n)
			for v := range col {
				col[v] = src.fill
			}
			columns[i] = col
			continue
		}
		acc, err := accessor(doc, idx)
		if err != nil {
			return fmt.Errorf("%s: %w", src.gltf, err)
		}
		col, err := readColumn(doc, acc, src.gltf)
		if err != nil {
			return fmt.Errorf("%s: %w", src.gltf, err)
		}
		if len(col) != n {
			return fmt.Errorf("%s has %d values for %d positions", src.gltf, len(col), n)
		}
		if src.gltf == gltf.JOINTS_0 {
			for _, j := range col {
				m.maxJoint = max(m.maxJoint, int(j[0]), int(j[1]), int(j[2]), int(j[3]))
			}
		}
		columns[i] = col
	}
	var indices []uint32
	if p.Indices != nil {
		acc, err := accessor(doc, *p.Indices)
		if err != nil {
			return fmt.Errorf("indices: %w", err)
		}
		if indices, err = modeler.ReadIndices(doc, acc, nil); err != nil {
			return fmt.Errorf("indices: %w", err)
		}
	} else {
		indices = make([]uint32, n)
		for i := range indices {
			indices[i] = uint32(i)
		}
	}
	if len(indices)%3 != 0 {
		return fmt.Errorf("%d indices is not a whole number of triangles", len(indices))
	}
	base := uint32(len(m.Vertices)) / layout.Stride
	for _, ix := range indices {
		if int(ix) >= n {
			return fmt.Errorf("index %d past the last of %d vertices", ix, n)
		}
		m.Indices = append(m.Indices, base+ix)
	}
	for i, a := range layout.Attributes {
		if strings.ToLower(a.Name) == "tangent" {
			if _, has := p.Attributes[gltf.TANGENT]; !has {
				if err := deriveTangents(doc, p, positions, indices, columns[i]); err != nil {
					return err
				}
			}
		}
	}
	first := len(m.Vertices) == 0
	for v := 0; v < n; v++ {
		vert := make([]byte, layout.Stride)
		for i, a := range layout.Attributes {
			put(vert[a.Offset:], a.Format, columns[i][v])
		}
		m.Vertices = append(m.Vertices, vert...)
		pos := vmath.Vec3(positions[v])
		if first && v == 0 {
			m.Bounds = vmath.AABB{Min: pos, Max: pos}
		}
		m.Bounds = grow(m.Bounds, pos)
	}
	return nil
}

func grow(b vmath.AABB, p vmath.Vec3) vmath.AABB {
	for k := range 3 {
		b.Min[k] = min(b.Min[k], p[k])
		b.Max[k] = max(b.Max[k], p[k])
	}
	return b
}

// readColumn reads any accessor of a vertex attribute as up to four floats
// a vertex (joints as whole numbers, colours normalized).
func readColumn(doc *gltf.Document, acr *gltf.Accessor, attr string) ([][4]float32, error) {
	switch attr {
	case gltf.POSITION, gltf.NORMAL:
		v, err := modeler.ReadNormal(doc, acr, nil)
		return widen3(v), err
	case gltf.TANGENT:
		v, err := modeler.ReadTangent(doc, acr, nil)
		return v, err
	case gltf.TEXCOORD_0, gltf.TEXCOORD_1:
		v, err := modeler.ReadTextureCoord(doc, acr, nil)
		out := make([][4]float32, len(v))
		for i, t := range v {
			out[i] = [4]float32{t[0], t[1], 0, 0}
		}
		return out, err
	case gltf.COLOR_0:
		v, err := modeler.ReadColor64(doc, acr, nil)
		out := make([][4]float32, len(v))
		for i, c := range v {
			for k := range 4 {
				out[i][k] = float32(c[k]) / 65535
			}
		}
		return out, err
	case gltf.JOINTS_0:
		v, err := modeler.ReadJoints(doc, acr, nil)
		out := make([][4]float32, len(v))
		for i, j := range v {
			out[i] = [4]float32{float32(j[0]), float32(j[1]), float32(j[2]), float32(j[3])}
		}
		return out, err
	case gltf.WEIGHTS_0:
		return modeler.ReadWeights(doc, acr, nil)
	}
	return nil, fmt.Errorf("attribute %s is not read", attr)
}

func widen3(v [][3]float32) [][4]float32 {
	out := make([][4]float32, len(v))
	for i, p := range v {
		out[i] = [4]float32{p[0], p[1], p[2], 0}
	}
	return out
}

// put writes one attribute value in the storage of format f.
func put(dst []byte, f formats.AttributeFormat, v [4]float32) {
	le := binary.LittleEndian
	for k := 0; k < f.Components(); k++ {
		x := v[k]
		switch f.Component() {
		case formats.CompF32:
			le.PutUint32(dst[4*k:], math.Float32bits(x))
		case formats.CompF16:
			le.PutUint16(dst[2*k:], half(x))
		case formats.CompU32:
			le.PutUint32(dst[4*k:], uint32(max(x, 0)))
		case formats.CompI32:
			le.PutUint32(dst[4*k:], uint32(int32(x)))
		case formats.CompU8:
			if f.Normalized() {
				x = min(max(x, 0), 1) * 255
				x += 0.5
			}
			dst[k] = uint8(min(max(x, 0), 255))
		case formats.CompI16:
			if f.Normalized() {
				x = min(max(x, -1), 1) * 32767
				x += float32(math.Copysign(0.5, float64(x)))
			}
			le.PutUint16(dst[2*k:], uint16(int16(min(max(x, -32768), 32767))))
		}
	}
}

// half converts to IEEE 754 binary16, rounding toward zero, with
// overflow to infinity and small values flushed to zero.
func half(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case (b>>23)&0xff == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		return sign
	}
	return sign | uint16(exp)<<10 | uint16(mant>>13)
}

// deriveTangents fills col, a primitive's tangent column, from its
// positions, normals and first uvs when the file has no TANGENT: per
// vertex the sum of its triangles' directions of increasing u, made
// perpendicular to the normal, with w the sign that turns normal × tangent
// up the image (decreasing v), as glTF's tangents are. Without uvs or
// normals col keeps its fill.
func deriveTangents(doc *gltf.Document, p *gltf.Primitive, positions [][3]float32, indices []uint32, col [][4]float32) error {
	ni, hasN := p.Attributes[gltf.NORMAL]
	ui, hasUV := p.Attributes[gltf.TEXCOORD_0]
	if !hasN || !hasUV {
		return nil
	}
	read := func(idx int, attr string) ([][4]float32, error) {
		acc, err := accessor(doc, idx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", attr, err)
		}
		c, err := readColumn(doc, acc, attr)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", attr, err)
		}
		if len(c) != len(positions) {
			return nil, fmt.Errorf("%s has %d values for %d positions", attr, len(c), len(positions))
		}
		return c, nil
	}
	normals, err := read(ni, gltf.NORMAL)
	if err != nil {
		return err
	}
	uvs, err := read(ui, gltf.TEXCOORD_0)
	if err != nil {
		return err
	}
	t := make([]vmath.Vec3, len(positions))
	b := make([]vmath.Vec3, len(positions))
	for k := 0; k+2 < len(indices); k += 3 {
		i0, i1, i2 := indices[k], indices[k+1], indices[k+2]
		if int(max(i0, i1, i2)) >= len(positions) {
			return fmt.Errorf("index %d past the last of %d vertices", max(i0, i1, i2), len(positions))
		}
		p0 := vmath.Vec3(positions[i0])
		e1, e2 := vmath.Vec3(positions[i1]).Sub(p0), vmath.Vec3(positions[i2]).Sub(p0)
		u1, v1 := uvs[i1][0]-uvs[i0][0], uvs[i1][1]-uvs[i0][1]
		u2, v2 := uvs[i2][0]-uvs[i0][0], uvs[i2][1]-uvs[i0][1]
		det := u1*v2 - u2*v1
		if det == 0 {
			continue
		}
		dt := e1.Mul(v2).Sub(e2.Mul(v1)).Mul(1 / det)
		db := e2.Mul(u1).Sub(e1.Mul(u2)).Mul(1 / det)
		for _, i := range [3]uint32{i0, i1, i2} {
			t[i], b[i] = t[i].Add(dt), b[i].Add(db)
		}
	}
	for i := range col {
		n := vmath.Vec3{normals[i][0], normals[i][1], normals[i][2]}
		tt := t[i].Sub(n.Mul(n.Dot(t[i])))
		if tt.Dot(tt) < 1e-20 {
			continue // no uv gradient here: keep the fill
		}
		tt = tt.Normalize()
		w := float32(1)
		if n.Cross(tt).Dot(b[i]) > 0 { // normal × tangent runs down the image
			w = -1
		}
		col[i] = [4]float32{tt[0], tt[1], tt[2], w}
	}
	return nil
}

// material reads the base colour factor and texture, the normal map and
// the emission of material index mi.
func (m *Mesh) material(doc *gltf.Document, fsys fs.FS, mi int) error {
	if mi < 0 || mi >= len(doc.Materials) {
		return fmt.Errorf("material %d does not exist", mi)
	}
	mat := doc.Materials[mi]
	if nt := mat.NormalTexture; nt != nil && nt.Index != nil {
		img, err := textureImage(doc, fsys, *nt.Index)
		if err != nil {
			return fmt.Errorf("material %d: normal texture: %w", mi, err)
		}
		m.NormalMap, m.NormalScale = img, float32(nt.ScaleOrDefault())
	}
	if err := m.emission(doc, fsys, mat); err != nil {
		return fmt.Errorf("material %d: %w", mi, err)
	}
	pbr := mat.PBRMetallicRoughness
	if pbr == nil {
		return nil
	}
	c := pbr.BaseColorFactorOrDefault()
	m.Color = vmath.Vec4{float32(c[0]), float32(c[1]), float32(c[2]), float32(c[3])}
	if pbr.BaseColorTexture == nil {
		return nil
	}
	img, err := textureImage(doc, fsys, pbr.BaseColorTexture.Index)
	if err != nil {
		return fmt.Errorf("material %d: base colour texture: %w", mi, err)
	}
	m.Texture = img
	return nil
}

// emission reads a material's emissiveFactor and emissiveTexture into
// Emissive and EmissiveMap.
func (m *Mesh) emission(doc *gltf.Document, fsys fs.FS, mat *gltf.Material) error {
	f := mat.EmissiveFactor
	peak := float32(max(f[0], f[1], f[2]))
	if peak <= 0 {
		return nil
	}
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	copy(img.Pix, []uint8{255, 255, 255, 255})
	if mat.EmissiveTexture != nil {
		var err error
		if img, err = textureImage(doc, fsys, mat.EmissiveTexture.Index); err != nil {
			return fmt.Errorf("emissive texture: %w", err)
		}
	}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(img.Rect.Min.X, y):][:4*img.Rect.Dx()]
		for x := 0; x < len(row); x += 4 {
			for k := range 3 {
				row[x+k] = uint8(math.Round(float64(row[x+k]) * f[k] / float64(peak)))
			}
		}
	}
	m.Emissive, m.EmissiveMap = peak, img
	return nil
}

// textureImage decodes the image of texture ti.
func textureImage(doc *gltf.Document, fsys fs.FS, ti int) (*image.RGBA, error) {
	if ti < 0 || ti >= len(doc.Textures) || doc.Textures[ti].Source == nil || *doc.Textures[ti].Source < 0 || *doc.Textures[ti].Source >= len(doc.Images) {
		return nil, fmt.Errorf("texture %d has no image", ti)
	}
	return readImage(doc, fsys, doc.Images[*doc.Textures[ti].Source])
}

func readImage(doc *gltf.Document, fsys fs.FS, im *gltf.Image) (*image.RGBA, error) {
	var data []byte
	var err error
	switch {
	case im.BufferView != nil:
		if *im.BufferView < 0 || *im.BufferView >= len(doc.BufferViews) {
			return nil, fmt.Errorf("image buffer view %d does not exist", *im.BufferView)
		}
		data, err = modeler.ReadBufferView(doc, doc.BufferViews[*im.BufferView])
	case im.IsEmbeddedResource():
		data, err = im.MarshalData()
	case fsys != nil && fs.ValidPath(im.URI):
		data, err = fs.ReadFile(fsys, im.URI)
	default:
		err = fmt.Errorf("image %q is not a file beside the model", im.URI)
	}
	if err != nil {
		return nil, err
	}
	img, err := imagefile.Decode("image "+im.URI, data, "")
	if err != nil {
		return nil, fmt.Errorf("%w (PNG and JPEG are supported)", err)
	}
	return img, nil
}

// assetDir reads the files beside a model with the asset rules.
type assetDir struct{ dir string }

func (a assetDir) ReadFile(name string) ([]byte, error) {
	return assets.ReadFile(path.Join(a.dir, name))
}

func (a assetDir) Open(name string) (fs.File, error) {
	data, err := a.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(data), name: path.Base(name), size: int64(len(data))}, nil
}

// memFile is an fs.File over bytes already read.
type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }
