//go:build linux && cgo

package vulkan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
	vk "github.com/vulkan-go/vulkan"
)

// requireDrivers reports whether a missing Vulkan driver fails the tests
// instead of skipping them (CI machines that have lavapipe set it).
func requireDrivers() bool { return os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" }

// skipWithoutDriver is the one place that decides the policy: without a
// usable driver the test skips with a one-line reason, unless drivers are
// required. Any other error fails.
func skipWithoutDriver(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, ErrNoDriver) && !requireDrivers() {
		t.Skip("vulkan: no Vulkan driver: " + err.Error())
	}
	t.Fatalf("vulkan: New: %v", err)
}

// logBuffer collects log output for assertions.
type logBuffer struct {
	mu sync.Mutex
	bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.Buffer.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.Buffer.String()
}

// testConfig is an offscreen configuration with validation on and a small
// shadow map; logs go to the returned buffer.
func testConfig(w, h int, reg *formats.Registry) (backends.Config, *logBuffer) {
	if reg == nil {
		reg = formats.NewRegistry()
	}
	logs := &logBuffer{}
	return backends.Config{
		Width: w, Height: h, Formats: reg,
		Logger:        slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})),
		ShadowMapSize: 1024,
		Validation:    true,
	}, logs
}

func newTestBackend(t testing.TB, cfg backends.Config) *backend {
	t.Helper()
	b, err := newBackend(cfg)
	if err != nil {
		skipWithoutDriver(t, err)
	}
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return b
}

// defaultVertex appends one 96-byte default-format vertex.
func defaultVertex(buf []byte, pos, normal vmath.Vec3, c vmath.Vec4, uv vmath.Vec2) []byte {
	var v [24]float32
	copy(v[0:3], pos[:])
	copy(v[3:6], normal[:])
	v[6], v[9] = 1, 1 // tangent (1, 0, 0, 1)
	copy(v[10:14], c[:])
	copy(v[14:16], uv[:])
	// bone ids (Int4, zero) and weights stay zero
	for _, f := range v {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(f))
	}
	return buf
}

// cubeMesh builds a unit cube centred on the origin: 24 vertices (four per
// face, so normals stay flat), counter-clockwise seen from outside.
func cubeMesh(c vmath.Vec4) ([]byte, []uint32) {
	faces := []struct{ n, u, v vmath.Vec3 }{
		{vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 0, 1}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{0, 1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}},
		{vmath.Vec3{0, -1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, 1}},
		{vmath.Vec3{0, 0, 1}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{0, 0, -1}, vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 1, 0}},
	}
	var vb []byte
	var ib []uint32
	for i, f := range faces {
		centre := f.n.Mul(0.5)
		for _, k := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			p := centre.Add(f.u.Mul(0.5 * k[0])).Add(f.v.Mul(0.5 * k[1]))
			vb = defaultVertex(vb, p, f.n, c, vmath.Vec2{(k[0] + 1) / 2, (k[1] + 1) / 2})
		}
		base := uint32(4 * i)
		ib = append(ib, base, base+1, base+2, base, base+2, base+3)
	}
	return vb, ib
}

// planeMesh is a square of side 2*half on y = 0, facing up.
func planeMesh(half float32, c vmath.Vec4) ([]byte, []uint32) {
	var vb []byte
	up := vmath.Vec3{0, 1, 0}
	for _, p := range []vmath.Vec3{{-half, 0, half}, {half, 0, half}, {half, 0, -half}, {-half, 0, -half}} {
		vb = defaultVertex(vb, p, up, c, vmath.Vec2{})
	}
	return vb, []uint32{0, 1, 2, 0, 2, 3}
}

// scene is the smoke test's world: a unit cube resting on a plane, lit by a
// low sun so its shadow falls to the right of it.
type scene struct {
	frame           backends.FrameData
	cube, plane     backends.MeshID
	shader          backends.ShaderID
	cubeDraw        backends.Draw
	planeDraw       backends.Draw
	skyFog          vmath.Vec3
	viewProj        vmath.Mat4
	width, height   int
	shadowPt, litPt vmath.Vec3
}

func newScene(t testing.TB, b *backend) *scene {
	t.Helper()
	bw, bh := b.Size()
	s := &scene{width: bw, height: bh}
	var err error
	if s.shader, err = b.CreateShader("assets/shaders/default_shader.hlsl"); err != nil {
		t.Fatalf("CreateShader: %v", err)
	}
	vb, ib := cubeMesh(vmath.Vec4{0.9, 0.15, 0.1, 1})
	if s.cube, err = b.CreateMesh(formats.DefaultHandle, vb, ib); err != nil {
		t.Fatalf("CreateMesh(cube): %v", err)
	}
	vb, ib = planeMesh(10, vmath.Vec4{0.7, 0.7, 0.7, 1})
	if s.plane, err = b.CreateMesh(formats.DefaultHandle, vb, ib); err != nil {
		t.Fatalf("CreateMesh(plane): %v", err)
	}
	aspect := float32(s.width) / float32(s.height)
	view := vmath.LookAt(vmath.Vec3{0, 2.5, 4}, vmath.Vec3{0, 0.5, 0}, vmath.Vec3{0, 1, 0})
	proj := vmath.Perspective(vmath.Radians(60), aspect, 0.1, 100)
	s.viewProj = proj.Mul(view)
	light := vmath.Vec3{0.7, -1, 0.3}.Normalize()
	lightView := vmath.LookAt(light.Mul(-20), vmath.Vec3{}, vmath.Vec3{0, 1, 0})
	lightProj := vmath.Ortho(-12, 12, -12, 12, 0.1, 50)
	s.skyFog = vmath.Vec3{0.4, 0.6, 0.9}
	s.frame = backends.FrameData{
		ViewProj:      s.viewProj,
		InvViewProj:   s.viewProj.Inverse(),
		LightViewProj: lightProj.Mul(lightView),
		CameraPos:     vmath.Vec3{0, 2.5, 4},
		LightDir:      light,
		Shadows:       true,
		LightColor:    vmath.Vec3{2.5, 2.4, 2.2},
		Ambient:       vmath.Vec3{0.25, 0.27, 0.3},
		FogColor:      s.skyFog,
	}
	s.cubeDraw = backends.Draw{Mesh: s.cube, Shader: s.shader, Model: vmath.Translate(vmath.Vec3{0, 0.5, 0}), Color: vmath.Vec4{1, 1, 1, 1}}
	s.planeDraw = backends.Draw{Mesh: s.plane, Shader: s.shader, Model: vmath.Ident(), Color: vmath.Vec4{1, 1, 1, 1}}
	s.shadowPt = vmath.Vec3{1.0, 0, 0.4} // the cube stands between it and the sun
	s.litPt = vmath.Vec3{-2, 0, 1}
	return s
}

// render draws one frame of the scene through every pass.
func (s *scene) render(t testing.TB, b *backend) {
	if err := b.BeginFrame(&s.frame); err != nil {
		t.Fatalf("BeginFrame: %v", err)
	}
	for p := formats.PassShadow; p < formats.NumPasses; p++ {
		if err := b.BeginPass(p); err != nil {
			t.Fatalf("BeginPass(%s): %v", p, err)
		}
		if p == formats.PassShadow || p == formats.PassForward {
			b.Draw(&s.cubeDraw)
			b.Draw(&s.planeDraw)
		}
		if err := b.EndPass(); err != nil {
			t.Fatalf("EndPass(%s): %v", p, err)
		}
	}
	if err := b.EndFrame(); err != nil {
		t.Fatalf("EndFrame: %v", err)
	}
}

// pixelOf projects a world point to its pixel, top row first.
func (s *scene) pixelOf(p vmath.Vec3) image.Point {
	c := s.viewProj.MulVec4(p.Vec4(1))
	x := (c[0]/c[3]*0.5 + 0.5) * float32(s.width)
	y := (0.5 - c[1]/c[3]*0.5) * float32(s.height)
	return image.Pt(int(x), int(y))
}

func readPixels(t testing.TB, b *backend) *image.RGBA {
	t.Helper()
	img := newRGBA(b)
	if err := b.ReadPixels(img); err != nil {
		t.Fatalf("ReadPixels: %v", err)
	}
	return img
}

func luminance(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// tonemap is what composite.comp does to a linear colour, for expected
// values.
func tonemap(v float32) uint8 {
	x := float64(v)
	a := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
	a = math.Max(0, math.Min(1, a))
	return uint8(math.Round(math.Pow(a, 1/2.2) * 255))
}

func near(a, b uint8, tol int) bool {
	d := int(a) - int(b)
	return d >= -tol && d <= tol
}

func TestSmoke(t *testing.T) {
	cfg, logs := testConfig(256, 256, nil)
	b := newTestBackend(t, cfg)
	if !driverOf(b).validating && requireDrivers() {
		t.Fatal("validation layers are not installed (Debian: vulkan-validationlayers)")
	}
	s := newScene(t, b)
	for range 3 { // a few frames, so that both frame slots run
		s.render(t, b)
	}
	img := readPixels(t, b)
	if os.Getenv("SLEAK_SAVE_IMAGES") != "" {
		savePNG(t, "smoke.png", img)
	}

	sky := img.RGBAAt(2, 2)
	want := [3]uint8{tonemap(s.skyFog[0]), tonemap(s.skyFog[1]), tonemap(s.skyFog[2])}
	if !near(sky.R, want[0], 3) || !near(sky.G, want[1], 3) || !near(sky.B, want[2], 3) {
		t.Errorf("top-left corner %v, want the sky colour %v", sky, want)
	}
	centre := img.RGBAAt(s.pixelOf(vmath.Vec3{0, 0.5, 0.5}).X, s.pixelOf(vmath.Vec3{0, 0.5, 0.5}).Y)
	if !(centre.R > 100 && int(centre.R) > 2*int(centre.G) && int(centre.R) > 2*int(centre.B)) {
		t.Errorf("cube front face %v, want the cube's red", centre)
	}
	sp, lp := s.pixelOf(s.shadowPt), s.pixelOf(s.litPt)
	shadow, lit := img.RGBAAt(sp.X, sp.Y), img.RGBAAt(lp.X, lp.Y)
	if luminance(shadow) > 0.7*luminance(lit) {
		t.Errorf("plane in the cube's shadow at %v is %v, not darker than the lit plane at %v, %v", sp, shadow, lp, lit)
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}

func TestTexture(t *testing.T) {
	cfg, logs := testConfig(64, 64, nil)
	b := newTestBackend(t, cfg)
	s := newScene(t, b)
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = [4]uint8{20, 40, 230, 255}[i%4]
	}
	tex, err := b.CreateTexture(img, backends.TextureOptions{Nearest: true, Clamp: true})
	if err != nil {
		t.Fatal(err)
	}
	s.planeDraw.Texture = tex
	s.render(t, b)
	out := readPixels(t, b)
	p := s.pixelOf(s.litPt)
	textured := out.RGBAAt(p.X, p.Y)
	if c := textured; !(int(c.B) > int(c.R)+60 && int(c.B) > int(c.G)+60) {
		t.Errorf("textured plane %v, want blue", c)
	}
	b.DestroyTexture(tex)
	s.planeDraw.Texture = tex // destroyed: the draw is dropped, never drawn with another texture
	s.render(t, b)
	s.render(t, b)
	if c := readPixels(t, b).RGBAAt(p.X, p.Y); int(c.R) < int(textured.R)+60 {
		t.Errorf("plane after its texture was destroyed %v: still drawn as before (%v)", c, textured)
	}
	if n := b.Stats().DroppedStale; n == 0 {
		t.Error("a draw naming a destroyed texture was not counted as dropped")
	}
	if !strings.Contains(logs.String(), fmt.Sprintf("texture ID %d was destroyed", tex)) {
		t.Errorf("no log line names the stale texture ID %d:\n%s", tex, logs.String())
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}

// The name and queue queries are read in C (native.c); check that they see
// what the device choice relies on.
func TestDeviceQueries(t *testing.T) {
	cfg, _ := testConfig(64, 64, nil)
	d := driverOf(newTestBackend(t, cfg))
	if d.validating && !instanceExtensions("")[debugReportExt] && !instanceExtensions(validationLayer)[debugReportExt] {
		t.Errorf("validation is on but neither the loader nor %s lists %s", validationLayer, debugReportExt)
	}
	if requireDrivers() {
		if !instanceLayers()[validationLayer] {
			t.Errorf("instance layers lack %s", validationLayer)
		}
		if !instanceExtensions(validationLayer)[validationFeaturesExt] {
			t.Errorf("%s lacks %s", validationLayer, validationFeaturesExt)
		}
	}
	if !deviceExtensions(d.inst, d.gpu)[swapchainExt] {
		t.Errorf("%s lacks %s", d.gpuName, swapchainExt)
	}
	fams := queueFamilies(d.inst, d.gpu)
	if int(d.queueFamily) >= len(fams) {
		t.Fatalf("queue family %d of %d", d.queueFamily, len(fams))
	}
	want := vk.QueueFlags(vk.QueueGraphicsBit | vk.QueueComputeBit)
	if fams[d.queueFamily].flags&want != want {
		t.Errorf("queue family %d has flags %#x, want graphics and compute", d.queueFamily, fams[d.queueFamily].flags)
	}
}
