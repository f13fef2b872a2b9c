package game

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/ui"
)

var docImages = flag.String("doc-images", "", "write the interface screenshots as PNGs to this folder (docs/images)")

// TestInterfaceFitsTheWindow plays the interface's screens headless at a
// portrait and a full-HD size: the HUD with the F3 overlay, the pause menu
// and the settings menu. Every element must lie inside the window, and the
// pixels where the layout put them must show them.
func TestInterfaceFitsTheWindow(t *testing.T) {
	sizes := []struct{ w, h int }{{400, 700}, {1920, 1080}}
	for _, kind := range e2eBackends {
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%v/%dx%d", kind, sz.w, sz.h), func(t *testing.T) {
				shots := map[string]*image.RGBA{}
				elems := map[string][]Element{}
				var g *Game
				take := func(name string) Action {
					return Action{Frame: 0, Do: func(g *Game) {
						img, err := g.Screenshot()
						if err != nil {
							t.Fatal(err)
						}
						shots[name] = img
						elems[name] = append([]Element(nil), g.Elements()...)
					}}
				}
				at := func(f uint64, a Action) Action { a.Frame = f; return a }
				key := func(f uint64, k ecs.Key, down bool) Action { return Action{Frame: f, Key: k, Down: down} }
				script := &Script{End: 24, Actions: []Action{
					key(2, ecs.KeyF3, true), key(3, ecs.KeyF3, false),
					at(8, take("hud")),
					key(9, ecs.KeyEscape, true), key(10, ecs.KeyEscape, false),
					at(13, take("pause")),
					key(14, ecs.KeyDown, true), key(15, ecs.KeyDown, false),
					key(16, ecs.KeyEnter, true), key(17, ecs.KeyEnter, false),
					at(20, take("settings")),
				}}
				o := testOptions(t, kind, t.TempDir(), script)
				o.Width, o.Height = sz.w, sz.h
				g = startGame(t, o)
				defer g.Close()
				play(t, g)
				for _, name := range []string{"hud", "pause", "settings"} {
					img := shots[name]
					if img == nil {
						t.Fatalf("no %s screenshot", name)
					}
					checkElements(t, name, img, elems[name])
					if *docImages != "" && kind.String() == "vulkan" {
						writePNG(t, filepath.Join(*docImages, fmt.Sprintf("ui-%s-%dx%d.png", name, sz.w, sz.h)), img)
					}
				}
				if !g.Paused() {
					t.Error("the settings menu is not a pause")
				}
			})
		}
	}
}

// checkElements checks that every element is inside the image and shows.
func checkElements(t *testing.T, screen string, img *image.RGBA, els []Element) {
	t.Helper()
	w, h := float32(img.Rect.Dx()), float32(img.Rect.Dy())
	count := map[string]int{}
	for _, e := range els {
		count[e.Name]++
		if !e.Rect.Inside(w, h) || e.Rect.W <= 0 || e.Rect.H <= 0 {
			t.Errorf("%s: %s at %+v is not inside the %vx%v window", screen, e.Name, e.Rect, w, h)
			continue
		}
		if screen != "hud" && e.Name != ElemMenu && e.Name != ElemButton {
			continue // dimmed under the menu on purpose
		}
		px := func(x, y float32) (r, g, b int) {
			c := img.RGBAAt(int(x), int(y))
			return int(c.R), int(c.G), int(c.B)
		}
		switch e.Name {
		case ElemCrosshair:
			if r, g, b := px(e.Rect.X+e.Rect.W/2, e.Rect.Y+e.Rect.H/2); r < 235 || g < 235 || b < 235 {
				t.Errorf("%s: crosshair centre is %d,%d,%d, want white", screen, r, g, b)
			}
		case ElemSlot, ElemButton, ElemMenu:
			// The frame's top-left pixel is the light or the focus colour.
			if r, g, _ := px(e.Rect.X, e.Rect.Y); r < 150 || g < 130 {
				t.Errorf("%s: %s frame at %v,%v is %d,%d, want its light edge", screen, e.Name, e.Rect.X, e.Rect.Y, r, g)
			}
		case ElemDebug, ElemBlockName:
			white := 0
			for y := e.Rect.Y; y < e.Rect.Y+e.Rect.H; y++ {
				for x := e.Rect.X; x < e.Rect.X+e.Rect.W; x++ {
					if r, g, b := px(x, y); r > 235 && g > 235 && b > 235 {
						white++
					}
				}
			}
			if white < 15 {
				t.Errorf("%s: %s at %+v has %d white text pixels", screen, e.Name, e.Rect, white)
			}
		}
	}
	want := map[string]map[string]int{
		"hud":      {ElemCrosshair: 1, ElemSlot: 9, ElemHotbar: 1, ElemDebug: 1, ElemBlockName: 1},
		"pause":    {ElemSlot: 9, ElemMenu: 1, ElemButton: numPause},
		"settings": {ElemSlot: 9, ElemMenu: 1, ElemButton: numSettings},
	}[screen]
	for name, n := range want {
		if count[name] != n {
			t.Errorf("%s: %d %s element(s), want %d", screen, count[name], name, n)
		}
	}
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestPrefsFile reads, clamps and writes the settings file.
func TestPrefsFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, text string
		want       Prefs
		warnings   int
		err        bool
	}{
		{"missing", "", DefaultPrefs(), 0, false},
		{"values", "mouse_sensitivity = 1.5\ninvert_y = true\nfov = 90\n", Prefs{MouseSensitivity: 1.5, InvertY: true, FOV: 90, VSync: true, NoAntialias: true}, 0, false},
		{"antialiasing on", "antialias_off = false\n", Prefs{MouseSensitivity: 1, FOV: 70, VSync: true}, 0, false},
		{"temporal antialiasing", "antialias_off = false\nantialias_temporal = true\n", Prefs{MouseSensitivity: 1, FOV: 70, VSync: true, TemporalAA: true}, 0, false},
		{"clamped", "mouse_sensitivity = 99\nfov = 5\nrender_distance = 1000\n", Prefs{MouseSensitivity: MaxSensitivity, FOV: MinFOV, RenderDistance: MaxRenderDistance, VSync: true, NoAntialias: true}, 3, false},
		{"unknown key", "colour = 3\n", DefaultPrefs(), 1, false},
		{"not toml", "fov = = 3", DefaultPrefs(), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".toml")
			if tt.text != "" {
				os.WriteFile(path, []byte(tt.text), 0o644)
			}
			p, warn, err := LoadPrefs(path)
			if (err != nil) != tt.err || len(warn) != tt.warnings || p != tt.want {
				t.Errorf("LoadPrefs = %+v, %q, %v; want %+v, %d warnings, error %v", p, warn, err, tt.want, tt.warnings, tt.err)
			}
		})
	}
	p := DefaultPrefs()
	p.MouseSensitivity, p.ShowFPS = 2.3, true
	path := filepath.Join(dir, "sub", SettingsFile)
	if err := p.Save(path); err != nil {
		t.Fatal(err)
	}
	if got, _, err := LoadPrefs(path); err != nil || got != p {
		t.Errorf("saved %+v, read back %+v, %v", p, got, err)
	}
}

// hotbarLayout keeps all nine slots inside any window.
func TestHotbarLayout(t *testing.T) {
	for _, sz := range [][2]int{{400, 700}, {320, 240}, {1920, 1080}, {3840, 2160}} {
		s := ui.NewScreen(sz[0], sz[1], 1)
		_, slots := hotbarLayout(s)
		for i, r := range slots {
			if !r.Inside(s.W, s.H) || r.W < 8 {
				t.Errorf("%v: slot %d at %+v", sz, i+1, r)
			}
		}
	}
	_ = time.Second
}
