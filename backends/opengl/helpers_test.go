package opengl

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// requireDrivers makes a missing OpenGL context a failure instead of a skip,
// for CI machines that are known to have Mesa.
func requireDrivers() bool { return os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" }

// open starts a backend or skips the test when no context can be made.
func open(t testing.TB, cfg backends.Config) *backend {
	t.Helper()
	return openOn(t, cfg, platformAuto)
}

func openOn(t testing.TB, cfg backends.Config, plat platform) *backend {
	t.Helper()
	if cfg.Formats == nil {
		cfg.Formats = formats.NewRegistry()
	}
	r, err := newBackend(cfg, plat)
	if err != nil {
		if errors.Is(err, ErrNoContext) && !requireDrivers() {
			t.Skip("opengl: no OpenGL context: " + err.Error())
		}
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Close(); err != nil {
			t.Error(err)
		}
	})
	return r
}

// logBuffer is a slog handler target that tests can read back.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// lines returns the log lines containing s.
func (l *logBuffer) lines(s string) []string {
	var out []string
	for _, line := range strings.Split(l.String(), "\n") {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

func newLogger() (*slog.Logger, *logBuffer) {
	lb := &logBuffer{}
	return slog.New(slog.NewTextHandler(lb, &slog.HandlerOptions{Level: slog.LevelDebug})), lb
}

// vertex is the engine's default 96-byte vertex.
type vertex struct {
	pos, normal vmath.Vec3
	color       vmath.Vec4
	uv          vmath.Vec2
}

func packDefault(vs []vertex) []byte {
	out := make([]byte, 0, len(vs)*96)
	f := func(v float32) { out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v)) }
	for _, v := range vs {
		for _, x := range v.pos {
			f(x)
		}
		for _, x := range v.normal {
			f(x)
		}
		for _, x := range [4]float32{1, 0, 0, 1} { // tangent
			f(x)
		}
		for _, x := range v.color {
			f(x)
		}
		for _, x := range v.uv {
			f(x)
		}
		for range 4 { // bone ids
			out = binary.LittleEndian.AppendUint32(out, 0)
		}
		for _, x := range [4]float32{1, 0, 0, 0} { // bone weights
			f(x)
		}
	}
	return out
}

// box returns a box of half-size h centred at the origin, counter-clockwise
// faces seen from outside, with per-face normals.
func box(h vmath.Vec3, c vmath.Vec4) ([]vertex, []uint32) {
	faces := []struct{ n, u, v vmath.Vec3 }{
		{vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 0, 1}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{0, 1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, -1}},
		{vmath.Vec3{0, -1, 0}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 0, 1}},
		{vmath.Vec3{0, 0, 1}, vmath.Vec3{1, 0, 0}, vmath.Vec3{0, 1, 0}},
		{vmath.Vec3{0, 0, -1}, vmath.Vec3{-1, 0, 0}, vmath.Vec3{0, 1, 0}},
	}
	var vs []vertex
	var is []uint32
	for _, f := range faces {
		base := uint32(len(vs))
		for _, c2 := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			p := f.n.Add(f.u.Mul(c2[0])).Add(f.v.Mul(c2[1])).MulVec(h)
			vs = append(vs, vertex{pos: p, normal: f.n, color: c, uv: vmath.Vec2{(c2[0] + 1) / 2, (c2[1] + 1) / 2}})
		}
		is = append(is, base, base+1, base+2, base, base+2, base+3)
	}
	return vs, is
}

// scene is a camera and a sun shared by the rendering tests.
type scene struct {
	w, h  int
	frame backends.FrameData
}

func newScene(w, h int) *scene {
	s := &scene{w: w, h: h}
	view := vmath.LookAt(vmath.Vec3{0, 5, 7}, vmath.Vec3{0, 0, 0}, vmath.Vec3{0, 1, 0})
	proj := vmath.Perspective(vmath.Radians(50), float32(w)/float32(h), 0.1, 100)
	vp := proj.Mul(view)
	light := vmath.Vec3{1, -1, -0.3}.Normalize()
	lview := vmath.LookAt(light.Mul(-10), vmath.Vec3{}, vmath.Vec3{0, 1, 0})
	lproj := vmath.Ortho(-6, 6, -6, 6, 0.1, 30)
	s.frame = backends.FrameData{
		ViewProj:      vp,
		InvViewProj:   vp.Inverse(),
		LightViewProj: lproj.Mul(lview),
		CameraPos:     vmath.Vec3{0, 5, 7},
		LightDir:      light,
		Shadows:       true,
		LightColor:    vmath.Vec3{1.3, 1.25, 1.2},
		Ambient:       vmath.Vec3{0.2, 0.22, 0.25},
		Exposure:      1,
		FogColor:      vmath.Vec3{0.4, 0.6, 0.9},
	}
	return s
}

// pixel returns where world point p lands in a ReadPixels image.
func (s *scene) pixel(p vmath.Vec3) image.Point {
	c := s.frame.ViewProj.MulVec4(p.Vec4(1))
	x := (c[0]/c[3]*0.5 + 0.5) * float32(s.w)
	y := (1 - (c[1]/c[3]*0.5 + 0.5)) * float32(s.h)
	return image.Pt(int(x), int(y))
}

// tonemap is composite_gl.comp on the CPU, for expected colours.
func tonemap(v vmath.Vec3, exposure float32) color.RGBA {
	if exposure <= 0 {
		exposure = 1
	}
	ch := func(x float32) uint8 {
		x *= exposure
		a := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
		a = min(max(a, 0), 1)
		return uint8(math.Round(math.Pow(float64(a), 1/2.2) * 255))
	}
	return color.RGBA{ch(v[0]), ch(v[1]), ch(v[2]), 255}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return abs(int(x)-int(y)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func luma(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// runFrame runs every pass once; draws[p] are the draws of pass p.
func runFrame(t testing.TB, b backends.Backend, frame *backends.FrameData, draws map[formats.Pass][]backends.Draw) {
	t.Helper()
	if err := b.BeginFrame(frame); err != nil {
		t.Fatal(err)
	}
	for p := formats.Pass(0); p < formats.NumPasses; p++ {
		if err := b.BeginPass(p); err != nil {
			t.Fatal(err)
		}
		for i := range draws[p] {
			b.Draw(&draws[p][i])
		}
		if err := b.EndPass(); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.EndFrame(); err != nil {
		t.Fatal(err)
	}
}

func readPixels(t testing.TB, b backends.Backend) *image.RGBA {
	t.Helper()
	w, h := b.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := b.ReadPixels(img); err != nil {
		t.Fatal(err)
	}
	return img
}

// dump writes img as a PNG into $SLEAK_TEST_DUMP, when set, for looking at.
func dump(t testing.TB, name string, img image.Image) {
	dir := os.Getenv("SLEAK_TEST_DUMP")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
	}
}

// driverOf returns the OpenGL driver beneath a backend.
func driverOf(b *backend) *driver { return b.Driver().(*driver) }
