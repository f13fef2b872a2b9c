package game

import (
	"errors"
	"image"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// The game's end-to-end tests run the real game headless on each Linux
// backend: scripted input, the real world on disk, pixels read back.
var e2eBackends = []backends.Kind{backends.Vulkan, backends.OpenGL}

const testSeed = 20261130

func testOptions(t *testing.T, kind backends.Kind, saves string, script *Script) Options {
	t.Helper()
	f, ws, err := LoadConfig("../../game.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.SavesDir, ws.Name, ws.Seed, ws.RenderDistance = saves, "e2e", testSeed, 2
	ws.AutosaveSec = 0
	return Options{Config: f, World: ws, Backend: kind, Width: 256, Height: 160, Headless: true, Script: script,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Validation: true}
}

func startGame(t *testing.T, o Options) *Game {
	t.Helper()
	g, err := New(o)
	if errors.Is(err, backends.ErrNoDriver) && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
		t.Skipf("%v: no driver: %v", o.Backend, err)
	}
	if err != nil {
		t.Fatalf("start the game on %v: %v", o.Backend, err)
	}
	if err := g.Load(2, 2*time.Minute); err != nil {
		g.Close()
		t.Fatal(err)
	}
	return g
}

func play(t *testing.T, g *Game) {
	t.Helper()
	for !g.ShouldClose() {
		if err := g.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
	}
	if n := g.Backend().ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors", n)
	}
}

// TestWalkBreakPlaceSaveReload plays: walk forward, look down, dig two
// blocks, place a brick in the second hole, save with F5, quit; then starts
// the game again on the same world and finds the edits and the player where
// they were left.
func TestWalkBreakPlaceSaveReload(t *testing.T) {
	for _, kind := range e2eBackends {
		t.Run(kind.String(), func(t *testing.T) {
			saves := t.TempDir()
			var start vmath.Vec3
			script := &Script{End: 90, Actions: []Action{
				{Frame: 1, Do: func(g *Game) {
					p := g.PlayerState().Body.Pos
					start = vmath.Vec3{float32(p.X), float32(p.Y), float32(p.Z)}
				}},
				{Frame: 2, Key: ecs.KeyW, Down: true},
				{Frame: 32, Key: ecs.KeyW, Down: false},
				{Frame: 40, LookDY: 380}, // look at the ground ahead
				{Frame: 50, Button: ecs.MouseLeft, Click: true},
				{Frame: 55, Button: ecs.MouseLeft, Click: true},
				{Frame: 60, Key: ecs.Key7, Down: true}, // bricks
				{Frame: 61, Key: ecs.Key7, Down: false},
				{Frame: 65, Button: ecs.MouseRight, Click: true},
				{Frame: 70, Key: ecs.KeyF5, Down: true},
				{Frame: 71, Key: ecs.KeyF5, Down: false},
			}}
			g := startGame(t, testOptions(t, kind, saves, script))
			play(t, g)
			edits := append([]worldEdit(nil), toEdits(g)...)
			p := g.PlayerState().Body.Pos
			moved := math.Hypot(p.X-float64(start[0]), p.Z-float64(start[2]))
			if moved < 1 {
				t.Errorf("walking for half a second moved the player %.2f blocks", moved)
			}
			if len(edits) != 3 || edits[0].id != block.Air || edits[1].id != block.Air || edits[2].id != block.Bricks {
				t.Fatalf("edits = %+v; want two blocks broken, then a brick placed", edits)
			}
			if _, err := os.Stat(filepath.Join(saves, "e2e", "world.json")); err != nil {
				t.Fatalf("F5 wrote no world file: %v", err)
			}
			if err := g.Close(); err != nil {
				t.Fatal(err)
			}

			again := startGame(t, testOptions(t, kind, saves, &Script{End: 2}))
			defer again.Close()
			play(t, again)
			final := map[[3]int]block.ID{}
			for _, e := range edits {
				final[e.pos] = e.id
			}
			for pos, want := range final {
				if got, ok := again.World().Block(pos[0], pos[1], pos[2]); !ok || got != want {
					t.Errorf("after reload, %v is %v (loaded %v), want %v", pos, got, ok, want)
				}
			}
			q := again.PlayerState().Body.Pos
			if math.Abs(q.X-p.X) > 1e-6 || math.Abs(q.Z-p.Z) > 1e-6 {
				t.Errorf("player reloaded at %v, saved at %v", q, p)
			}
			// The clock went on from where it was saved, not from the start.
			if saved, got := g.TimeOfDay(), again.TimeOfDay(); saved <= startTimeOfDay || math.Abs(got-saved) > 1e-4 {
				t.Errorf("time of day %v after reload, saved at %v", got, saved)
			}
		})
	}
}

type worldEdit struct {
	pos [3]int
	id  block.ID
}

func toEdits(g *Game) []worldEdit {
	var out []worldEdit
	for _, e := range g.Edits() {
		out = append(out, worldEdit{[3]int{e.X, e.Y, e.Z}, e.ID})
	}
	return out
}

// TestScreenshotGolden renders a fixed seed from a fixed camera and compares
// with the golden image of each backend; the two backends must also agree.
func TestScreenshotGolden(t *testing.T) {
	for _, kind := range e2eBackends {
		t.Run(kind.String(), func(t *testing.T) {
			var view vmath.Vec3
			g := startGame(t, testOptions(t, kind, t.TempDir(), &Script{End: 4}))
			defer g.Close()
			x, y, z := g.World().Generator().Spawn()
			view = vmath.Vec3{float32(x) + 0.5, float32(y) + 28, float32(z) + 0.5}
			g.SetView(view, 2.4, -0.55)
			play(t, g)
			img, err := g.Screenshot()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", kind.String()+".png")
			conformance.MatchGolden(t, img, golden, conformance.GoldenTolerance, filepath.Join("testdata", "failures", kind.String()))
			if kind != backends.Vulkan {
				conformance.CheckImage(t, img, filepath.Join("testdata", "golden", "vulkan.png"), conformance.AgreeTolerance,
					filepath.Join("testdata", "failures", kind.String()+"_vs_vulkan"), "Vulkan golden", "bless the Vulkan golden first")
			}
		})
	}
}

// TestWindowed opens the game in a real window (under Xvfb in make test),
// runs a few frames with the window's own input path, and quits.
func TestWindowed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
			t.Fatal("no DISPLAY: run under xvfb-run")
		}
		t.Skip("no DISPLAY: the windowed game needs an X server")
	}
	for _, kind := range e2eBackends {
		t.Run(kind.String(), func(t *testing.T) {
			o := testOptions(t, kind, t.TempDir(), nil)
			o.Headless, o.MaxFrames = false, 5
			g := startGame(t, o)
			defer g.Close()
			if g.Backend().Window() == nil {
				t.Fatal("no window")
			}
			for !g.ShouldClose() {
				if err := g.Step(time.Second / 60); err != nil {
					t.Fatal(err)
				}
			}
			if g.Stats().Draws[formats.PassGBuffer] == 0 {
				t.Error("the windowed game drew no chunks")
			}
			// The vsync setting applies at once, and frames go on.
			win := g.Backend().Window()
			was := win.VSync()
			g.changeSetting(setVSync, 0, g.ecs)
			if win.VSync() == was || g.prefs.VSync == was {
				t.Errorf("vsync %v after the setting was toggled from %v (setting %v)", win.VSync(), was, g.prefs.VSync)
			}
			for range 3 {
				if err := g.Step(time.Second / 60); err != nil {
					t.Fatal(err)
				}
			}
			if g.Stats().Draws[formats.PassGBuffer] == 0 {
				t.Error("the windowed game drew no chunks after vsync changed")
			}
		})
	}
}

// TestAutosaveFailureIsShown: an autosave that fails on the saver's
// goroutine reaches the screen as an error notice on the next frame.
func TestAutosaveFailureIsShown(t *testing.T) {
	g := startGame(t, testOptions(t, backends.Vulkan, t.TempDir(), nil))
	defer g.Close()
	g.saveErrs <- errors.New("autosave: write r.0.0.vxr: no space left on device")
	if err := g.Step(time.Second / 60); err != nil {
		t.Fatal(err)
	}
	n := g.ui.notices[0]
	if !n.err || !strings.Contains(n.text, "no space left on device") {
		t.Errorf("notice %+v, want the autosave error shown as an error", n)
	}
}

// TestDayPasses: with a short day, two frames two seconds apart show the
// morning brightening, sky and ground; a paused game stops the clock.
func TestDayPasses(t *testing.T) {
	o := testOptions(t, backends.Vulkan, t.TempDir(), nil)
	o.World.DayMinutes = 0.5 // a day in 30 s
	dawn := 0.245
	o.TimeOfDay = &dawn
	g := startGame(t, o)
	defer g.Close()
	x, y, z := g.World().Generator().Spawn()
	look := func() *image.RGBA {
		t.Helper()
		g.SetView(vmath.Vec3{float32(x) + 0.5, float32(y) + 20, float32(z) + 0.5}, math.Pi/2, 0.1) // east, a little up
		if err := g.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
		img, err := g.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	before := look()
	for range 120 {
		if err := g.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
	}
	after := look()
	if got := g.TimeOfDay(); math.Abs(got-(dawn+122.0/60/30)) > 1e-3 {
		t.Errorf("time of day %v after 122 frames of a 30 s day from %v", got, dawn)
	}
	b, a := meanLuma(before), meanLuma(after)
	if a-b < 0.05 {
		t.Errorf("the picture brightened from %.3f to %.3f over an hour and a half of morning, want at least 0.05", b, a)
	}

	g.ui.menu = menuPause
	paused := g.TimeOfDay()
	for range 30 {
		if err := g.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
	}
	if got := g.TimeOfDay(); got != paused {
		t.Errorf("the clock moved from %v to %v under the pause menu", paused, got)
	}
}

func meanLuma(img *image.RGBA) float64 {
	var sum float64
	for i := 0; i < len(img.Pix); i += 4 {
		sum += 0.2126*float64(img.Pix[i]) + 0.7152*float64(img.Pix[i+1]) + 0.0722*float64(img.Pix[i+2])
	}
	return sum / float64(len(img.Pix)/4) / 255
}

// TestFogFollowsWhatIsDrawn: the fog ends where the drawn chunks end, so a
// larger render distance set while playing does not show the unloaded
// edge; once the new ring is in, the fog recedes to it.
func TestFogFollowsWhatIsDrawn(t *testing.T) {
	g := startGame(t, testOptions(t, backends.Vulkan, t.TempDir(), nil))
	defer g.Close()
	step := func(n int) {
		t.Helper()
		for range n {
			if err := g.Step(time.Second / 60); err != nil {
				t.Fatal(err)
			}
		}
	}
	step(2)
	if got, want := g.ctx.Env.FogEnd, float32(2*chunk.Size); got != want {
		t.Fatalf("fog ends at %v with render distance 2 loaded, want %v", got, want)
	}
	g.setRenderDistance(4)
	step(1)
	if got := g.ctx.Env.FogEnd; got > float32((g.loadedRadius)*chunk.Size) {
		t.Fatalf("fog ends at %v right after the render distance grew, beyond the %d drawn chunks", got, g.loadedRadius)
	}
	if err := g.Load(4, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	step(240)
	if got, want := g.ctx.Env.FogEnd, float32(4*chunk.Size); want-got > 1 {
		t.Errorf("fog ends at %v with render distance 4 loaded, want %v", got, want)
	}
	if _, cam := g.hud.camMap.Get(g.camera); cam.Far < 4*chunk.Size {
		t.Errorf("camera far plane %v, short of render distance 4", cam.Far)
	}
}

// TestAntialiasSetting: the antialiasing setting steps from off through
// edge smoothing to temporal antialiasing and back to off, each applied to
// the next frame and named in the menu.
func TestAntialiasSetting(t *testing.T) {
	g := startGame(t, testOptions(t, backends.Vulkan, t.TempDir(), nil))
	defer g.Close()
	if !g.effects.Antialias {
		t.Fatal("the game's [effects] does not antialias")
	}
	for i, want := range []struct {
		label          string
		antialias, taa bool
	}{{"off", false, false}, {"edges", true, false}, {"temporal", false, true}, {"off", false, false}} {
		if i > 0 { // the first is the default
			g.changeSetting(setAntialias, 0, g.ecs)
		}
		if err := g.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
		fx := g.ctx.Env.Effects
		if got := string(g.antialiasState(nil)); got != want.label || fx.Antialias != want.antialias || fx.TAA != want.taa {
			t.Errorf("setting %q, antialias %v, taa %v; want %q, %v, %v", got, fx.Antialias, fx.TAA, want.label, want.antialias, want.taa)
		}
	}
}

// TestSmoothGBufferStageIsRefused: the game's gbuffer stem writes the flat
// stage's face record, so a game.toml that puts the chunk format back on
// the smooth stage is refused at start with a message that says what to
// set, rather than drawing garbage.
func TestSmoothGBufferStageIsRefused(t *testing.T) {
	o := testOptions(t, backends.Vulkan, t.TempDir(), nil)
	for i := range o.Config.VertexFormats {
		if o.Config.VertexFormats[i].Name == FormatName {
			o.Config.VertexFormats[i].GBufferStage = formats.GBufferSmooth
		}
	}
	g, err := New(o)
	if errors.Is(err, backends.ErrNoDriver) && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
		t.Skipf("no driver: %v", err)
	}
	if err == nil {
		g.Close()
		t.Fatal("the game started with its chunk format on the smooth gbuffer stage")
	}
	want := `vertex format "voxel" has gbuffer_stage "smooth"; the game's gbuffer stem voxel_gbuffer writes the flat stage's face record: set gbuffer_stage = "flat"`
	if !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant it to say %s", err, want)
	}
}
