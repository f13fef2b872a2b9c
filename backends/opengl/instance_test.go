package opengl

import (
	"encoding/binary"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// The "rects" format has no vertex buffer: each instance is a rectangle in
// clip space and a colour (20 bytes), stepped by attribute divisors, and
// the vertex shader makes the four corners from gl_VertexID.
var rectShaders = map[string]string{
	"rects_gl.vert": `#version 410 core
layout(location = 0) in vec4 inRect;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 vColor;
void main() {
    int i = gl_VertexID;
    vec2 p = vec2((i == 1 || i == 2) ? inRect.z : inRect.x, i >= 2 ? inRect.w : inRect.y);
    vColor = inColor;
    gl_Position = vec4(p, 0.0, 1.0);
}
`,
	"rects_gl.frag": `#version 410 core
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
`,
}

// openRects opens a backend of width x height with the "rects" format
// registered, run from a folder holding its shaders.
func openRects(t *testing.T, width, height int) (*backend, formats.Handle) {
	t.Helper()
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	writeShaders(t, shaders, rectShaders)
	t.Chdir(dir)
	reg := formats.NewRegistry()
	fh, err := reg.Register(formats.Layout{Name: "rects", InstanceStride: 20, Shader: "rects", Attributes: []formats.Attribute{
		{Name: "rect", Location: 0, Format: formats.Float4, Step: formats.StepInstance},
		{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 16, Step: formats.StepInstance},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return open(t, backends.Config{Width: width, Height: height, Formats: reg}), fh
}

// appendRect appends one "rects" instance: a clip-space rectangle and its
// colour.
func appendRect(ins []byte, r [4]float32, c [4]byte) []byte {
	for _, f := range r {
		ins = binary.LittleEndian.AppendUint32(ins, math.Float32bits(f))
	}
	return append(ins, c[:]...)
}

var rectFrame = backends.FrameData{ViewProj: vmath.Ident(), InvViewProj: vmath.Ident(), LightViewProj: vmath.Ident(),
	LightDir: vmath.Vec3{0, 0, -1}, FogColor: vmath.Vec3{0.2, 0.3, 0.4}}

func TestInstancedFormatDrawsEveryInstance(t *testing.T) {
	b, fh := openRects(t, 128, 64)
	var ins []byte
	for i, r := range [][4]float32{{-0.9, -0.5, -0.1, 0.5}, {0.1, -0.5, 0.9, 0.5}} {
		ins = appendRect(ins, r, [][4]byte{{0, 255, 0, 255}, {255, 0, 0, 255}}[i])
	}
	m, err := b.CreateInstancedMesh(fh, nil, []uint32{0, 1, 2, 0, 2, 3}, ins)
	if err != nil {
		t.Fatal(err)
	}
	frame := rectFrame
	runFrame(t, b, &frame, map[formats.Pass][]backends.Draw{formats.PassForward: {{Mesh: m, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}}}})
	if got := b.Stats().Triangles[formats.PassForward]; got != 4 {
		t.Errorf("Triangles[forward] = %d, want 4 (2 per instance)", got)
	}
	img := readPixels(t, b)
	if c := img.RGBAAt(32, 32); !(c.G > 200 && c.R < 5 && c.B < 5) {
		t.Errorf("instance 0: %v, want green", c)
	}
	if c := img.RGBAAt(96, 32); !(c.R > 200 && c.G < 5 && c.B < 5) {
		t.Errorf("instance 1: %v, want red", c)
	}
}

// Meshes of a format with no vertex buffer share their format's buffers
// where the context has base instances, and draw exactly as meshes with
// their own objects: a grid of one-rectangle meshes, a third of them
// destroyed and their ranges handed to new ones, and a mesh of more
// instances than a pack first holds, which grows it under the meshes
// already in it.
func TestPackedMeshesDrawAsTheirOwn(t *testing.T) {
	const cols, rows = 16, 8
	var shots [2]*image.RGBA
	for k, packed := range []bool{true, false} {
		packMeshes = packed
		b, fh := openRects(t, 8*cols, 8*rows)
		packMeshes = true
		quad := []uint32{0, 1, 2, 0, 2, 3}
		cell := func(i int) [4]float32 {
			x, y := float32(i%cols), float32(i/cols)
			return [4]float32{-1 + (2*x+0.5)/cols, -1 + (2*y+0.5)/rows, -1 + (2*x+1.5)/cols, -1 + (2*y+1.5)/rows}
		}
		// Generation 0 has no green, generation 1 full green.
		colour := func(i, gen int) [4]byte { return [4]byte{byte(40 + 13*i), byte(255 * gen), byte(255 - 2*i), 255} }
		ids := make([]backends.MeshID, cols*rows)
		make1 := func(i, gen int) {
			var err error
			if ids[i], err = b.CreateInstancedMesh(fh, nil, quad, appendRect(nil, cell(i), colour(i, gen))); err != nil {
				t.Fatal(err)
			}
		}
		for i := range ids {
			make1(i, 0)
		}
		// Drawn once, so that the first meshes are uploaded before the
		// pack grows under them.
		frame := rectFrame
		runFrame(t, b, &frame, nil)
		for i := 0; i < len(ids); i += 3 {
			b.DestroyMesh(ids[i])
		}
		for range 3 {
			runFrame(t, b, &frame, nil) // the destroyed meshes' ranges come back
		}
		for i := 0; i < len(ids); i += 3 {
			make1(i, 1)
		}
		// Past a pack's first size: many rectangles off screen, then one
		// on screen, last.
		var big []byte
		for range packInstances + 10 {
			big = appendRect(big, [4]float32{2, 2, 3, 3}, [4]byte{255, 255, 255, 255})
		}
		big = appendRect(big, [4]float32{-1, -1, -1 + 0.5/cols, -1 + 0.5/rows}, [4]byte{255, 255, 0, 255})
		bigID, err := b.CreateInstancedMesh(fh, nil, quad, big)
		if err != nil {
			t.Fatal(err)
		}
		draws := []backends.Draw{{Mesh: bigID, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}}}
		for _, id := range ids {
			draws = append(draws, backends.Draw{Mesh: id, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}})
		}
		runFrame(t, b, &frame, map[formats.Pass][]backends.Draw{formats.PassForward: draws})
		q := &b.Driver().(*driver).meshQ
		switch {
		case packed && !q.baseInstance:
			t.Log("the context has no base instances: both runs draw meshes with their own objects")
		case packed && (len(q.packs) != 1 || q.packs["rects"].insLen <= packInstances):
			t.Errorf("packs %v: want one, grown past %d instances", q.packs, packInstances)
		case !packed && len(q.packs) != 0:
			t.Errorf("packs %v with packing off", q.packs)
		}
		img := readPixels(t, b)
		shots[k] = img
		bg := img.RGBAAt(0, 0) // between the cells
		for i := range ids {
			// Row 0 of the read-back is the top; clip y grows up.
			x, y := 8*(i%cols)+4, 8*rows-1-(8*(i/cols)+4)
			gen := 0
			if i%3 == 0 {
				gen = 1
			}
			if c := img.RGBAAt(x, y); (gen == 1) != (c.G > 128) || c == bg {
				t.Errorf("packed %v: mesh %d (generation %d) at (%d, %d): %v", packed, i, gen, x, y, c)
			}
		}
		if c := img.RGBAAt(1, 8*rows-2); !(c.R > 128 && c.G > 128 && c.B < 64) {
			t.Errorf("packed %v: the grown mesh's last rectangle: %v, want yellow", packed, c)
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for y := range 8 * rows {
		for x := range 8 * cols {
			if a, b := shots[0].RGBAAt(x, y), shots[1].RGBAAt(x, y); a != b {
				t.Fatalf("(%d, %d): %v packed, %v with their own objects", x, y, a, b)
			}
		}
	}
}
