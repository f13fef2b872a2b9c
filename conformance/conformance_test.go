package conformance

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

func setUpdate(t *testing.T, v bool) {
	old := *updateGolden
	*updateGolden = v
	t.Cleanup(func() { *updateGolden = old })
}

// TestSuitePassesOnCorrectRenderer blesses goldens with the reference
// tracer, then runs the suite against them, for two backends' file names,
// the second also against the first as its reference.
func TestSuitePassesOnCorrectRenderer(t *testing.T) {
	dir := t.TempDir()
	vk := filepath.Join(dir, "vulkan", "golden")
	gl := filepath.Join(dir, "opengl", "golden")
	t.Run("bless", func(t *testing.T) {
		setUpdate(t, true)
		Run(t, Options{Backend: backends.Vulkan, Open: openTracer(backends.Vulkan, bugs{}), GoldenDir: vk, AllowAllocations: true, NoGPUTimes: true})
		Run(t, Options{Backend: backends.OpenGL, Open: openTracer(backends.OpenGL, bugs{}), GoldenDir: gl, AllowAllocations: true, NoGPUTimes: true})
	})
	t.Run("compare", func(t *testing.T) {
		Run(t, Options{Backend: backends.Vulkan, Open: openTracer(backends.Vulkan, bugs{}), GoldenDir: vk, AllowAllocations: true, NoGPUTimes: true})
		Run(t, Options{Backend: backends.OpenGL, Open: openTracer(backends.OpenGL, bugs{}), GoldenDir: gl, Reference: vk, AllowAllocations: true, NoGPUTimes: true})
	})
	for _, scene := range scenes {
		if !scene.golden {
			continue
		}
		if _, err := os.Stat(filepath.Join(vk, scene.name+".png")); err != nil {
			t.Errorf("golden of %s not written: %v", scene.name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "vulkan", "failures")); err == nil {
		t.Errorf("a passing run wrote failure images")
	}
}

// brokenRenderers are the faults the suite must catch, and what it says.
var brokenRenderers = []struct {
	name    string
	bugs    bugs
	scenes  string // the scenes to run, a -test.run pattern; "" runs all
	env     []string
	golden  bool     // compare against the correct renderer's goldens
	pass    bool     // the run passes (only skips)
	want    []string // in the output
	failure string   // a file the run must leave in the failures folder
}{
	{name: "no shadows", bugs: bugs{noShadows: true}, golden: true, scenes: "lit_cube",
		want:    []string{"--- FAIL: TestHelperBrokenRenderer/lit_cube", "no shadow: the plane in the cube's shadow has brightness", "differs from the golden"},
		failure: "lit_cube_diff.png"},
	{name: "opaque glass", bugs: bugs{opaqueGlass: true}, golden: true, scenes: "custom_all_stems",
		want: []string{"--- FAIL: TestHelperBrokenRenderer/custom_all_stems", "transparency: the glass looks the same over the plane"}},
	{name: "tint", bugs: bugs{tint: true}, golden: true, scenes: "strict_mode",
		want:    []string{"differs from the golden", "tolerance: a pixel differs when a channel differs by more than 6/255; at most 0.5% of pixels may differ"},
		failure: "strict_mode_actual.png"},
	{name: "no rebuild on resize", bugs: bugs{keepOldStems: true}, golden: true, scenes: "variant_appears_after_resize",
		want: []string{"--- FAIL: TestHelperBrokenRenderer/variant_appears_after_resize", "Stats.DroppedIn(format 1, gbuffer) = 1, want 0", "the late variant is not drawn"}},
	{name: "errors every frame", bugs: bugs{noisy: true}, golden: true, scenes: "lit_cube|missing_gbuffer_variant",
		want: []string{"error line(s) in the log, want none", "error line(s) in the log, want exactly 1 naming assets/shaders/blob_nogb.vert.spv"}},
	{name: "debug lines not depth-tested", bugs: bugs{linesUntested: true}, golden: true, scenes: "debug_lines",
		want:    []string{"--- FAIL: TestHelperBrokenRenderer/debug_lines", "samples behind the cube show through it", "differs from the golden"},
		failure: "debug_lines_diff.png"},
	{name: "maps not bound", bugs: bugs{noMaps: true}, golden: true, scenes: "normal_map|emissive_map",
		want: []string{"--- FAIL: TestHelperBrokenRenderer/normal_map", "is not brighter than the one tilted away",
			"--- FAIL: TestHelperBrokenRenderer/emissive_map", "glows off the emissive map's cross", "does not glow green alone"}},
	{name: "no environment map", bugs: bugs{noEnvironment: true}, golden: true, scenes: "ibl",
		want:    []string{"--- FAIL: TestHelperBrokenRenderer/ibl", "sky pixels differ from the environment map", "differs from the golden"},
		failure: "ibl_diff.png"},
	{name: "validation errors", bugs: bugs{validation: 2}, golden: true, scenes: "lit_cube",
		want: []string{"2 validation error(s); see the log"}},
	{name: "close fails", bugs: bugs{closeErr: true}, golden: true, scenes: "lit_cube",
		want: []string{"Close: tracer: close failed"}},
	{name: "missing golden", scenes: "lit_cube", want: []string{"golden", "is missing", "-update-golden"}, failure: "lit_cube_actual.png"},
	{name: "no driver", bugs: bugs{noDriver: true}, pass: true,
		want: []string{"--- SKIP: TestHelperBrokenRenderer/lit_cube", "vulkan: no driver: tracer: no such driver on this machine"}},
	{name: "no driver required", bugs: bugs{noDriver: true}, env: []string{RequireDriversEnv + "=1"},
		want: []string{"vulkan: open: tracer: no such driver on this machine"}},
}

// TestSuiteCatchesBrokenRenderers runs the suite in a child process on
// renderers with one fault each: the run must fail and say why.
func TestSuiteCatchesBrokenRenderers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite once per fault")
	}
	golden := filepath.Join(t.TempDir(), "good", "golden")
	t.Run("bless", func(t *testing.T) {
		setUpdate(t, true)
		Run(t, Options{Backend: backends.Vulkan, Open: openTracer(backends.Vulkan, bugs{}), GoldenDir: golden, AllowAllocations: true, NoGPUTimes: true})
	})
	for i, br := range brokenRenderers {
		t.Run(br.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "golden")
			if br.golden {
				copyDir(t, golden, dir)
			}
			run := "^TestHelperBrokenRenderer$"
			if br.scenes != "" {
				run += "/^(" + br.scenes + ")$"
			}
			cmd := exec.Command(os.Args[0], "-test.run="+run, "-test.v")
			cmd.Env = append(os.Environ(), "CONFORMANCE_BROKEN="+strconv.Itoa(i), "CONFORMANCE_GOLDEN="+dir)
			cmd.Env = append(cmd.Env, br.env...)
			out, err := cmd.CombinedOutput()
			if (err == nil) != br.pass {
				t.Errorf("run error = %v, want passing %v", err, br.pass)
			}
			for _, w := range br.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q", w)
				}
			}
			if br.failure != "" {
				if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "failures", br.failure)); err != nil {
					t.Errorf("failure image not written: %v", err)
				}
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}

func TestHelperBrokenRenderer(t *testing.T) {
	i := os.Getenv("CONFORMANCE_BROKEN")
	if i == "" {
		t.Skip("run by TestSuiteCatchesBrokenRenderers")
	}
	n, err := strconv.Atoi(i)
	if err != nil {
		t.Fatal(err)
	}
	br := brokenRenderers[n]
	os.Unsetenv(RequireDriversEnv)
	for _, e := range br.env {
		k, v, _ := strings.Cut(e, "=")
		t.Setenv(k, v)
	}
	Run(t, Options{Backend: backends.Vulkan, Open: openTracer(backends.Vulkan, br.bugs), GoldenDir: os.Getenv("CONFORMANCE_GOLDEN"), AllowAllocations: true, NoGPUTimes: true})
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}

func TestCompare(t *testing.T) {
	base := func() *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 10, 10))
		for i := range img.Pix {
			img.Pix[i] = 100
		}
		return img
	}
	tests := []struct {
		name      string
		change    func(*image.RGBA)
		size      image.Rectangle
		differing int
		maxDelta  uint8
		within    bool
	}{
		{name: "identical", change: func(*image.RGBA) {}, within: true},
		{name: "within channel tolerance", change: func(m *image.RGBA) { m.SetRGBA(1, 1, color.RGBA{106, 94, 100, 255}) }, maxDelta: 6, within: true},
		{name: "alpha ignored", change: func(m *image.RGBA) { m.SetRGBA(1, 1, color.RGBA{100, 100, 100, 0}) }, within: true},
		{name: "one pixel over", change: func(m *image.RGBA) { m.SetRGBA(2, 3, color.RGBA{100, 100, 107, 255}) }, differing: 1, maxDelta: 7},
		{name: "wrong size", size: image.Rect(0, 0, 10, 9)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := base()
			got := base()
			if tt.size != (image.Rectangle{}) {
				if _, err := Compare(image.NewRGBA(tt.size), want, GoldenTolerance); err == nil {
					t.Fatal("images of different sizes compared without an error")
				}
				return
			}
			tt.change(got)
			d, err := Compare(got, want, GoldenTolerance)
			if err != nil {
				t.Fatal(err)
			}
			if d.Differing != tt.differing || d.MaxDelta != tt.maxDelta || d.Within(GoldenTolerance) != tt.within || d.Total != 100 {
				t.Errorf("Compare = %v (within %v), want %d differing, max %d, within %v", d, d.Within(GoldenTolerance), tt.differing, tt.maxDelta, tt.within)
			}
			if tt.differing > 0 && d.Image.RGBAAt(2, 3) != (color.RGBA{255, 0, 0, 255}) {
				t.Errorf("the differing pixel is not marked red in the difference image")
			}
		})
	}
}

func TestBlobVertices(t *testing.T) {
	d := meshes.Cube(1)
	b := blobVertices(d, [4]uint8{1, 2, 3, 4})
	if len(b) != d.VertexCount()*blobStride {
		t.Fatalf("%d bytes for %d vertices", len(b), d.VertexCount())
	}
	l := blobLayout("blob", "blob", "", "", "")
	if err := l.Validate(); err != nil {
		t.Fatal(err)
	}
	for i := range d.VertexCount() {
		v := meshes.ReadVertex(d.Vertices, i)
		got := b[i*blobStride:]
		if p := math.Float32frombits(binary.LittleEndian.Uint32(got[4:])); p != v.Position[1] {
			t.Errorf("vertex %d: y = %v, want %v", i, p, v.Position[1])
		}
		for k := range 3 {
			n := float32(int16(binary.LittleEndian.Uint16(got[12+2*k:]))) / math.MaxInt16
			if math.Abs(float64(n-v.Normal[k])) > 1e-4 {
				t.Errorf("vertex %d: normal[%d] = %v, want %v", i, k, n, v.Normal[k])
			}
		}
		if c := got[20:24]; c[0] != 1 || c[3] != 4 {
			t.Errorf("vertex %d: colour bytes %v", i, c)
		}
	}
}

func TestLookRotation(t *testing.T) {
	q := lookRotation(eye, lookAt)
	f := q.Rotate(vmath.Vec3{0, 0, -1})
	want := lookAt.Sub(eye).Normalize()
	if f.Sub(want).Len() > 1e-5 {
		t.Errorf("forward %v, want %v", f, want)
	}
	if up := q.Rotate(vmath.Vec3{0, 1, 0}); up[1] <= 0 || math.Abs(float64(q.Rotate(vmath.Vec3{1, 0, 0})[1])) > 1e-5 {
		t.Errorf("the camera rolls: up %v", up)
	}
	if pitch := math.Asin(float64(want[1])) * 180 / math.Pi; pitch > -25 || pitch < -35 {
		t.Errorf("the camera looks down %.1f degrees, want about 30", -pitch)
	}
}
