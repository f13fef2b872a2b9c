package game

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/formats"
)

func TestWorldSettingsValidate(t *testing.T) {
	tests := []struct {
		edit func(*WorldSettings)
		want string
	}{
		{func(*WorldSettings) {}, ""},
		{func(s *WorldSettings) { s.RenderDistance = 1 }, "render_distance: 1 is out of range 2 to 32 chunks"},
		{func(s *WorldSettings) { s.RenderDistance = 33 }, "render_distance: 33 is out of range 2 to 32 chunks"},
		{func(s *WorldSettings) { s.CoarseDistance = -1 }, "coarse_distance: -1 is out of range 0 (off) to 32 chunks"},
		{func(s *WorldSettings) { s.Name = "" }, "name: the world name is empty"},
		{func(s *WorldSettings) { s.Name = "../../x" }, `name: "../../x": a world name is a single folder name, without '/', '\' or ':'`},
		{func(s *WorldSettings) { s.AutosaveSec = -1 }, "autosave_seconds: -1: must be 0 (off) to 86400"},
		{func(s *WorldSettings) { s.AutosaveSec = math.NaN() }, "autosave_seconds: NaN: must be 0 (off) to 86400"},
		{func(s *WorldSettings) { s.AutosaveSec = 1e300 }, "autosave_seconds: 1e+300: must be 0 (off) to 86400"},
		{func(s *WorldSettings) { s.AutosaveSec = 0 }, ""},
	}
	for _, tc := range tests {
		s := DefaultWorldSettings()
		tc.edit(&s)
		err := s.Validate()
		if got := errString(err); got != tc.want {
			t.Errorf("Validate() = %q, want %q", got, tc.want)
		}
	}
}

// [world] problems were plain messages without a place in the file; they
// now come out as FILE:LINE:COL like the engine's, NaN included.
func TestWorldTableErrorsArePositioned(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ world, want string }{
		{"render_distance = 99\n", "g.toml:2:1: world.render_distance: 99 is out of range 2 to 32 chunks"},
		{"name = \"../../x\"\n", `g.toml:2:1: world.name: "../../x": a world name is a single folder name, without '/', '\' or ':'`},
		{"autosave_seconds = nan\n", "g.toml:2:1: world.autosave_seconds: expected a finite number, found float NaN"},
		{"autosave_seconds = 1e300\n", "g.toml:2:1: world.autosave_seconds: 1e+300: must be 0 (off) to 86400"},
	} {
		p := filepath.Join(dir, "g.toml")
		if err := os.WriteFile(p, []byte("[world]\n"+tc.world), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := LoadConfig(p)
		if got := strings.TrimPrefix(errString(err), dir+string(filepath.Separator)); got != tc.want {
			t.Errorf("LoadConfig with %q:\n got %s\nwant %s", tc.world, got, tc.want)
		}
	}
	// autosave_seconds = 0 is off: no interval, not the Saver's old default.
	ws := DefaultWorldSettings()
	ws.AutosaveSec = 0
	if ws.Validate() != nil || ws.Autosave() != 0 {
		t.Errorf("autosave_seconds = 0: Validate %v, Autosave %v", ws.Validate(), ws.Autosave())
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestGameTOMLWorldTable(t *testing.T) {
	f, ws, err := LoadConfig("../../game.toml")
	if err != nil {
		t.Fatal(err)
	}
	if ws.Validate() != nil || ws.Seed == 0 {
		t.Fatalf("game.toml [world] = %+v", ws)
	}
	found := false
	for _, l := range f.VertexFormats {
		if l.Name == FormatName && l.Shader != "" && l.ShadowShader != "" && l.GBufferShader != "" && l.TransparentShader != "" {
			found = true
		}
	}
	if !found {
		t.Fatalf("game.toml has no %q vertex format with all four stems", FormatName)
	}
}

func TestSummarizeAndChart(t *testing.T) {
	ft := []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 30 * time.Millisecond, 40 * time.Millisecond}
	s := Summarize(ft)
	if s.Frames != 4 || s.MeanMS != 25 || s.MaxMS != 40 || s.FPS != 40 {
		t.Fatalf("Summarize = %+v", s)
	}
	if !strings.Contains(s.String(), "4 frames: mean 25.00 ms (40.0 FPS)") {
		t.Fatalf("String = %q", s)
	}
	chart := func(ft []time.Duration, c Chart) image.Image {
		t.Helper()
		var buf bytes.Buffer
		if err := WriteChart(&buf, ft, c); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil || img.Bounds().Dx() != chartW {
			t.Fatalf("chart: %v %v", err, img.Bounds())
		}
		return img
	}
	is := func(img image.Image, x, y int, want color.RGBA) bool {
		return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == want
	}
	img := chart(ft, Chart{Title: "vulkan, 1200x800, render distance 8", ScaleMS: 50})
	// The 60 FPS line lies over the bars: every frame here is slower.
	plotH := chartH - chartTop - chartBottom
	y60 := chartTop + plotH - int(1000.0/60/50*float64(plotH))
	if !is(img, chartLeft+plotW()/2, y60, chartTarget[0]) {
		t.Errorf("the 16.7 ms line is not drawn over the bars at y %d", y60)
	}
	// The title and the axis labels are there: text pixels in their rows.
	ink := func(y0, y1, x0, x1 int) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if !is(img, x, y, chartBG) {
					n++
				}
			}
		}
		return n
	}
	if ink(8, 28, chartLeft, chartLeft+300) < 100 {
		t.Error("no title")
	}
	if ink(chartTop, chartTop+plotH, 0, chartLeft-8) < 100 {
		t.Error("no millisecond labels")
	}
	if ink(chartTop+plotH+6, chartH, chartLeft, chartW) < 50 {
		t.Error("no frame numbers")
	}
	// A fixed scale puts the same time at the same height in every run.
	other := chart([]time.Duration{5 * time.Millisecond, 45 * time.Millisecond}, Chart{ScaleMS: 50})
	if !is(other, chartLeft+plotW()/4, y60, chartTarget[0]) {
		t.Error("with a fixed scale the 16.7 ms line moved between runs")
	}
	// GPU times per pass get a panel of their own below, stacked in the
	// passes' colours.
	gpu := make([][formats.NumPasses]time.Duration, len(ft))
	for i := range gpu {
		gpu[i][formats.PassShadow] = 2 * time.Millisecond
		gpu[i][formats.PassForward] = 6 * time.Millisecond
	}
	withGPU := chart(ft, Chart{ScaleMS: 10, GPU: gpu})
	if h := withGPU.Bounds().Dy(); h != chartH+gpuPanelH {
		t.Fatalf("a chart with GPU times is %d high, want %d", h, chartH+gpuPanelH)
	}
	panelBottom := chartH + gpuPanelH - gpuBottom
	perMS := float64(gpuPanelH-gpuTop-gpuBottom) / 10
	for _, c := range []struct {
		pass formats.Pass
		ms   float64 // the middle of its segment
	}{{formats.PassShadow, 1}, {formats.PassForward, 5}} {
		yy := panelBottom - int(c.ms*perMS)
		if !is(withGPU, chartLeft+plotW()/2, yy, gpuPassColor[c.pass]) {
			t.Errorf("no %v segment at %g ms (y %d) in the GPU panel", c.pass, c.ms, yy)
		}
	}
	if noGPU := chart(ft, Chart{GPU: make([][formats.NumPasses]time.Duration, len(ft))}); noGPU.Bounds().Dy() != chartH {
		t.Error("a run without GPU times got a GPU panel")
	}
}

func plotW() int { return chartW - chartLeft - chartRight }

func TestAtlasIsDeterministicAndComplete(t *testing.T) {
	a, b := Atlas(), Atlas()
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Fatal("the atlas differs between two runs")
	}
	// No tile is left unpainted (magenta).
	for i := 0; i < len(a.Pix); i += 4 {
		if a.Pix[i] == 255 && a.Pix[i+1] == 0 && a.Pix[i+2] == 255 {
			t.Fatalf("unpainted texel at %d", i/4)
		}
	}
}
