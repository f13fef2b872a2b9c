package conformance

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/allocs"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/render"
)

var updateGolden = flag.Bool("update-golden", false, "conformance: write the golden images instead of comparing against them")

// testShaders are the suite's own stems; the engine's shaders come from
// package assets. The folder's .spv manifest comes along ("all:"), so a
// compile in a scene's folder rebuilds only what the scene changed.
//
//go:embed all:testdata/shaders
var testShaders embed.FS

// The size every scene renders at: small enough for software rasterizers,
// large enough that a 1-unit cube covers a few hundred pixels.
const (
	Width  = 160
	Height = 120
)

// RequireDriversEnv names the environment variable that, set to 1, makes a
// backend that cannot open fail the suite instead of skipping it.
const RequireDriversEnv = "SLEAK_REQUIRE_DRIVERS"

// Options says which backend to test and where its goldens live.
type Options struct {
	// Backend is the kind under test; the suite names shader files through
	// it and nothing else.
	Backend backends.Kind
	// Open starts the backend. The suite passes an offscreen config of
	// Width x Height with Validation on and its own logger and registry.
	Open func(cfg backends.Config) (backends.Backend, error)
	// GoldenDir holds <scene>.png, relative to the calling test's package
	// (e.g. "testdata/golden"). Failures go to GoldenDir/../failures.
	GoldenDir string
	// Reference is another backend's golden folder (e.g.
	// "../vulkan/testdata/golden"); when set, every scene must also agree
	// with that backend's image within AgreeTolerance.
	Reference string
	// NoDriver reports whether an error of Open means the machine has no
	// driver for the backend (a skip) rather than a backend bug (a
	// failure). Nil treats every Open error as a missing driver.
	NoDriver func(error) bool
	// NoGPUTimes says the backend has no timestamp queries, so Stats
	// carries no GPU time (the suite's own test renderer).
	NoGPUTimes bool
	// AllowAllocations skips the check that a steady frame allocates
	// nothing. Real backends leave it false; it exists for the suite's own
	// test renderer, which traces rays in Go.
	AllowAllocations bool
}

// Run runs every scene as a subtest of t. Subtests change the working
// directory, so t must not be parallel.
func Run(t *testing.T, o Options) {
	t.Helper()
	if o.Open == nil || o.GoldenDir == "" {
		t.Fatal("conformance: Options.Open and Options.GoldenDir are required")
	}
	var err error
	s := &suite{o: o}
	if s.golden, err = filepath.Abs(o.GoldenDir); err != nil {
		t.Fatal(err)
	}
	s.failures = filepath.Join(filepath.Dir(s.golden), "failures")
	if o.Reference != "" {
		if s.reference, err = filepath.Abs(o.Reference); err != nil {
			t.Fatal(err)
		}
	}
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			h := s.start(t, sc.name)
			sc.run(h)
		})
	}
}

// suite is the state shared by the scenes of one Run.
type suite struct {
	o                           Options
	golden, failures, reference string
	noDriver                    error // set once Open failed for lack of a driver
}

// harness is one scene's backend, world and log.
type harness struct {
	t     *testing.T
	s     *suite
	scene string
	kind  backends.Kind
	reg   *formats.Registry
	log   *syncBuffer
	r     *app.Runner
	b     backends.Backend
	world *ecs.World
	sys   *render.Systems
	ctx   *frame.Context
	frame int
	// window, when set, opens the backend in a real window.
	window *backends.WindowConfig
	// hotReload starts the game with the runner's hot reload on.
	hotReload bool
	// objects is the analytic copy of what the scene draws, for the
	// picture checks.
	objects []object
}

// start moves the scene into a fresh working directory holding the suite's
// shaders, so stems resolve exactly as in a game and files a scene writes
// or leaves out affect only that scene.
func (s *suite) start(t *testing.T, scene string) *harness {
	if s.noDriver != nil {
		t.Skipf("%s: no driver: %v", s.o.Backend, s.noDriver)
	}
	t.Chdir(t.TempDir())
	if err := copyTestShaders(); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, s: s, scene: scene, kind: s.o.Backend, reg: formats.NewRegistry(), log: &syncBuffer{}}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("log of %s:\n%s", scene, h.log.String())
		}
	})
	return h
}

// copyTestShaders writes the embedded test stems to ./assets/shaders.
func copyTestShaders() error {
	if err := os.MkdirAll(backends.ShaderDir, 0o755); err != nil {
		return err
	}
	return fs.WalkDir(testShaders, "testdata/shaders", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := testShaders.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(path.Join(backends.ShaderDir, d.Name()), data, 0o644)
	})
}

// open starts the scene's game through the application runner, as any
// game starts: its formats, the backend under test (Options.Open), the
// render systems. After the scene, the backend must report no validation
// errors and close cleanly.
func (h *harness) open(layouts ...formats.Layout) []formats.Handle {
	t := h.t
	t.Helper()
	logger := slog.New(slog.NewTextHandler(h.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	f := &config.File{
		Path:          "conformance.toml",
		VertexFormats: layouts,
		Renderer:      config.Renderer{Backend: h.kind.String(), ShadowMapSize: 1024, DebugLines: true},
	}
	if h.window != nil {
		f.Window = config.Window{Title: h.window.Title, VSync: h.window.VSync}
	}
	r, err := app.Start(app.Game{Name: "conformance"}, app.Options{
		File: f, Width: Width, Height: Height, Headless: h.window == nil, Validation: true, HotReload: h.hotReload,
		Open: h.s.o.Open, Logger: logger, Stdout: io.Discard, Stderr: h.log,
	})
	if err != nil {
		noDriver := h.s.o.NoDriver == nil || h.s.o.NoDriver(err)
		if !noDriver || os.Getenv(RequireDriversEnv) == "1" {
			t.Fatalf("%s: open: %v", h.kind, err)
		}
		h.s.noDriver = err
		t.Skipf("%s: no driver: %v", h.kind, err)
	}
	b := r.Backend
	if b.Kind() != h.kind {
		t.Errorf("Kind() = %v, want %v", b.Kind(), h.kind)
	}
	if w, hh := b.Size(); w != Width || hh != Height {
		t.Errorf("Size() = %dx%d, want %dx%d", w, hh, Width, Height)
	}
	h.r, h.b, h.reg = r, b, r.Formats
	t.Cleanup(func() {
		switch n := b.ValidationErrors(); {
		case n == backends.ValidationUnavailable:
			// Said, not trusted: the scene's calls went unchecked.
			t.Logf("%s: no validation layer on this machine: the scene's API use was not validated", h.kind)
		case n != 0:
			t.Errorf("%d validation error(s); see the log", n)
		}
		if err := r.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	h.world, h.ctx, h.sys = r.World, r.Frame, r.Render
	h.ctx.Env.ShadowDistance = shadowDistance
	hs := make([]formats.Handle, len(layouts))
	for i, l := range layouts {
		hs[i] = r.Handles[l.Name]
	}
	return hs
}

// step renders n frames; a backend error in any render system fails the
// scene at once.
func (h *harness) step(n int) {
	h.t.Helper()
	for range n {
		h.frame++
		if err := h.r.Step(16 * time.Millisecond); err != nil {
			h.t.Fatalf("frame %d: %v", h.frame, err)
		}
	}
}

// stepSkipping renders one frame through the render systems but skip.
func (h *harness) stepSkipping(skip ecs.System) {
	h.t.Helper()
	h.frame++
	rs := h.sys
	for _, sys := range rs.List() {
		if sys != skip {
			sys.Update(h.world)
		}
	}
	if err := rs.Err(); err != nil {
		h.t.Fatalf("frame %d: %v", h.frame, err)
	}
}

// expectNoAllocations checks that a steady-state frame, through every render
// system and the backend, allocates nothing on the Go side.
func (h *harness) expectNoAllocations() {
	h.t.Helper()
	if h.s.o.AllowAllocations {
		return
	}
	if n := allocs.Steady(10, func() { h.step(1) }); n != 0 {
		h.t.Errorf("a steady frame allocates %v times, want 0", n)
	}
}

// pixels reads the last finished frame.
func (h *harness) pixels() *image.RGBA {
	h.t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	if err := h.b.ReadPixels(img); err != nil {
		h.t.Fatalf("ReadPixels: %v", err)
	}
	return img
}

// errorLines returns the log lines at level ERROR so far.
func (h *harness) errorLines() []string {
	var out []string
	for _, line := range strings.Split(h.log.String(), "\n") {
		if strings.Contains(line, " level=ERROR ") {
			out = append(out, line)
		}
	}
	return out
}

// noErrors fails the scene when anything was logged at level ERROR.
func (h *harness) noErrors() {
	h.t.Helper()
	if lines := h.errorLines(); len(lines) > 0 {
		h.t.Errorf("%d error line(s) in the log, want none:\n%s", len(lines), strings.Join(lines, "\n"))
	}
}

// matchGolden compares img with the scene's golden (or writes it under
// -update-golden) and, when a reference is set, with the reference
// backend's golden.
func (h *harness) matchGolden(img *image.RGBA) {
	t := h.t
	t.Helper()
	golden := filepath.Join(h.s.golden, h.scene+".png")
	if *updateGolden {
		if err := WritePNG(golden, img); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		t.Logf("wrote golden %s", golden)
	} else {
		h.compare(img, golden, GoldenTolerance, "", "golden",
			fmt.Sprintf("bless it with: go test -run '/%s$' -update-golden", h.scene))
	}
	if h.s.reference != "" {
		h.compare(img, filepath.Join(h.s.reference, h.scene+".png"), AgreeTolerance, "_vs_reference", "reference backend's golden",
			"bless it in the reference backend's package first")
	}
}

// compare checks img against the PNG at want under tol; on a difference it
// writes the actual image and the difference image to the failures folder.
func (h *harness) compare(img *image.RGBA, want string, tol Tolerance, suffix, what, bless string) {
	h.t.Helper()
	CheckImage(h.t, img, want, tol, filepath.Join(h.s.failures, h.scene+suffix), what, bless)
}

func (h *harness) writeFailure(name string, img image.Image) string {
	p := filepath.Join(h.s.failures, name)
	if err := WritePNG(p, img); err != nil {
		h.t.Errorf("write %s: %v", p, err)
	}
	return p
}

// MatchGolden compares img with the golden PNG at path within tol, or
// writes it when the test runs with -update-golden. A missing golden fails.
// On failure the actual and difference images are written beside
// failures (a path prefix, e.g. "testdata/failures/vulkan").
func MatchGolden(t testing.TB, img *image.RGBA, path string, tol Tolerance, failures string) {
	t.Helper()
	if *updateGolden {
		if err := WritePNG(path, img); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		t.Logf("wrote golden %s", path)
		return
	}
	CheckImage(t, img, path, tol, failures, "golden", "bless it with -update-golden")
}

// CheckImage compares img with the PNG at want under tol and fails t on a
// difference or a missing file, writing failures+"_actual.png" and
// failures+"_diff.png" and naming them. what and bless complete the message.
func CheckImage(t testing.TB, img *image.RGBA, want string, tol Tolerance, failures, what, bless string) {
	t.Helper()
	write := func(suffix string, im image.Image) string {
		p := failures + suffix
		if err := WritePNG(p, im); err != nil {
			t.Errorf("write %s: %v", p, err)
		}
		return p
	}
	ref, err := ReadPNG(want)
	if errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s %s is missing (actual image: %s); %s", what, want, write("_actual.png", img), bless)
		return
	}
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	d, err := Compare(img, ref, tol)
	if err != nil {
		t.Errorf("%s %s: %v", what, want, err)
		return
	}
	if d.Within(tol) {
		return
	}
	t.Errorf("differs from the %s %s: %v; tolerance: %v\n  actual: %s\n  diff:   %s",
		what, want, d, tol, write("_actual.png", img), write("_diff.png", d.Image))
}

// syncBuffer is the log's destination; backends may log from their own
// render thread.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// must fails the scene on err.
func (h *harness) must(err error, what string, args ...any) {
	h.t.Helper()
	if err != nil {
		h.t.Fatalf("%s: %v", fmt.Sprintf(what, args...), err)
	}
}
