package game

import (
	"errors"
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
