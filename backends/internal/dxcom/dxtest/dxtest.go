// Package dxtest is the smoke test both Direct3D backends run: a clear-only
// frame, then a lit default-format cube on a plane with its shadow, checked
// pixel by pixel at points projected from the scene.
package dxtest

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// Size of the smoke test's framebuffer.
const Width, Height = 160, 120

// Open starts a backend for a test. When open fails with an error for
// which noDevice is true, the test is skipped with one line, or fails
// when SLEAK_REQUIRE_DRIVERS=1.
func Open(t *testing.T, open func(backends.Config) (backends.Backend, error), noDevice error, cfg backends.Config) backends.Backend {
	t.Helper()
	if cfg.Formats == nil {
		cfg.Formats = formats.NewRegistry()
	}
	if cfg.Width == 0 {
		cfg.Width, cfg.Height = Width, Height
	}
	if cfg.ShadowMapSize == 0 {
		cfg.ShadowMapSize = 512
	}
	b, err := open(cfg)
	if err != nil {
		if errors.Is(err, noDevice) && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
			t.Skipf("no device (SLEAK_REQUIRE_DRIVERS=1 makes this a failure): %v", err)
		}
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return b
}

// Scene is the smoke test's stage: camera, sun and the colours it uses.
var (
	eye        = vmath.Vec3{-2.6, 2.8, 3.5}
	target     = vmath.Vec3{0, 0.3, 0}
	sunDir     = vmath.Vec3{-0.6, -1, -0.5}.Normalize()
	sky        = vmath.Vec3{0.4, 0.6, 0.9}
	planeColor = vmath.Vec4{0.6, 0.6, 0.55, 1}
	cubeColor  = vmath.Vec4{0.8, 0.08, 0.05, 1}
)

// Frame returns the frame data of the scene at the given size.
func Frame(w, h int, shadowSize int) backends.FrameData {
	proj := vmath.Perspective(vmath.Radians(50), float32(w)/float32(h), 0.1, 50)
	vp := proj.Mul(vmath.LookAt(eye, target, vmath.Vec3{0, 1, 0}))
	light := vmath.Ortho(-6, 6, -6, 6, 0.1, 30).Mul(vmath.LookAt(sunDir.Mul(-10), vmath.Vec3{}, vmath.Vec3{0, 1, 0}))
	return backends.FrameData{
		ViewProj: vp, InvViewProj: vp.Inverse(), LightViewProj: light,
		CameraPos: eye, LightDir: sunDir, Shadows: true,
		LightColor: vmath.Vec3{1.4, 1.35, 1.25}, Ambient: vmath.Vec3{0.2, 0.22, 0.25},
		Exposure: 1, FogColor: sky,
	}
}

// Project returns the pixel a world point lands on.
func Project(f *backends.FrameData, w, h int, p vmath.Vec3) image.Point {
	c := f.ViewProj.MulVec4(p.Vec4(1))
	x, y := c[0]/c[3], c[1]/c[3]
	return image.Pt(int((x*0.5+0.5)*float32(w)), int((0.5-y*0.5)*float32(h)))
}

// Tonemap is what composite makes of a linear colour with exposure 1.
func Tonemap(c vmath.Vec3) color.RGBA {
	var out [3]uint8
	for i, x := range c {
		v := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
		v = max(0, min(1, v))
		out[i] = uint8(math.Pow(float64(v), 1/2.2)*255 + 0.5)
	}
	return color.RGBA{out[0], out[1], out[2], 255}
}

// Save writes img as PNG to $SLEAK_DX_SMOKE_DIR/name, when that is set, for
// looking at.
func Save(t *testing.T, name string, img image.Image) {
	dir := os.Getenv("SLEAK_DX_SMOKE_DIR")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Logf("save %s: %v", name, err)
	}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func lum(c color.RGBA) int { return int(c.R)*3 + int(c.G)*6 + int(c.B) }

// Clear renders a frame with no draws and checks that every pixel is the
// tonemapped sky colour.
func Clear(t *testing.T, b backends.Backend) {
	w, h := b.Size()
	f := Frame(w, h, 512)
	runFrame(t, b, &f, nil)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := b.ReadPixels(img); err != nil {
		t.Fatal(err)
	}
	Save(t, "clear.png", img)
	want := Tonemap(sky)
	for _, p := range []image.Point{{0, 0}, {w - 1, 0}, {w / 2, h / 2}, {0, h - 1}, {w - 1, h - 1}} {
		if got := img.RGBAAt(p.X, p.Y); !near(got, want, 3) {
			t.Errorf("pixel %v = %v, want the sky %v", p, got, want)
		}
	}
}

type draw struct {
	pass formats.Pass
	d    backends.Draw
}

func runFrame(t *testing.T, b backends.Backend, f *backends.FrameData, draws []draw) {
	t.Helper()
	if err := b.BeginFrame(f); err != nil {
		t.Fatal(err)
	}
	for p := formats.Pass(0); p < formats.NumPasses; p++ {
		if err := b.BeginPass(p); err != nil {
			t.Fatal(err)
		}
		for i := range draws {
			if draws[i].pass == p {
				b.Draw(&draws[i].d)
			}
		}
		if err := b.EndPass(); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.EndFrame(); err != nil {
		t.Fatal(err)
	}
}

// LitCube draws a red cube on a grey plane with the engine's default shader
// and checks the lit top, the dark side, the lit plane and the cube's shadow.
func LitCube(t *testing.T, b backends.Backend) {
	w, h := b.Size()
	shader, err := b.CreateShader("assets/shaders/default_shader.hlsl")
	if err != nil {
		t.Fatal(err)
	}
	cube, plane := meshes.Cube(1), meshes.Plane(10)
	cubeID, err := b.CreateMesh(formats.DefaultHandle, cube.Vertices, cube.Indices)
	if err != nil {
		t.Fatal(err)
	}
	planeID, err := b.CreateMesh(formats.DefaultHandle, plane.Vertices, plane.Indices)
	if err != nil {
		t.Fatal(err)
	}
	cubeModel := vmath.Translate(vmath.Vec3{0, 0.5, 0})
	f := Frame(w, h, 512)
	var draws []draw
	for _, p := range []formats.Pass{formats.PassShadow, formats.PassForward} {
		draws = append(draws,
			draw{p, backends.Draw{Mesh: planeID, Shader: shader, Model: vmath.Ident(), Color: planeColor}},
			draw{p, backends.Draw{Mesh: cubeID, Shader: shader, Model: cubeModel, Color: cubeColor}})
	}
	runFrame(t, b, &f, draws)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := b.ReadPixels(img); err != nil {
		t.Fatal(err)
	}
	Save(t, "lit_cube.png", img)

	at := func(p vmath.Vec3) color.RGBA {
		q := Project(&f, w, h, p)
		return img.RGBAAt(q.X, q.Y)
	}
	top := at(vmath.Vec3{0, 1, 0})
	left := at(vmath.Vec3{-0.5, 0.5, 0})
	lit := at(vmath.Vec3{1.5, 0, 1.5})
	shadowed := at(vmath.Vec3{-0.9, 0, -0.6})
	t.Logf("top %v, left side %v, lit plane %v, shadowed plane %v", top, left, lit, shadowed)
	if !(top.R > 150 && top.G < 120 && top.B < 120) {
		t.Errorf("cube top %v: want a bright red", top)
	}
	if !(left.R < top.R && left.R > 20) {
		t.Errorf("cube's left side %v: want darker than its top %v (ambient only) but not black", left, top)
	}
	if !(lit.R > 120 && near(lit, color.RGBA{lit.R, lit.R, lit.R, 255}, 30)) {
		t.Errorf("lit plane %v: want a light grey", lit)
	}
	if lum(shadowed)*4 > lum(lit)*3 {
		t.Errorf("plane in the cube's shadow %v is not darker than the lit plane %v", shadowed, lit)
	}
	if sky := Tonemap(sky); near(top, sky, 10) || near(lit, sky, 10) {
		t.Errorf("the scene shows the sky colour %v where geometry is", sky)
	}
	b.DestroyMesh(cubeID)
	b.DestroyMesh(planeID)
}
