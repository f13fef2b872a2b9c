package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/internal/xdotool"
)

// buildFirstGame copies the first-game template into a folder outside the
// repository, as its own module that finds the engine through a replace
// directive, and builds it the way a newcomer would.
func buildFirstGame(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := os.DirFS("testdata/firstgame")
	if err := os.CopyFS(dir, src); err != nil {
		t.Fatal(err)
	}
	n := countGoLines(t, src, "main.go")
	if n >= 60 {
		t.Errorf("main.go is %d lines; the first game must take under 60 besides its systems", n)
	}
	gomod := fmt.Sprintf("module example.com/spinner\n\ngo 1.26\n\nrequire github.com/sleakgo/sleak v0.0.0\n\nreplace github.com/sleakgo/sleak => %s\n", root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	// The engine's checksums cover every module the game needs.
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	bin := filepath.Join(dir, "spinner")
	cmd := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func countGoLines(t *testing.T, fsys fs.FS, name string) int {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(data, []byte("\n"))
}

func requireDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
			t.Fatal("no DISPLAY: run under xvfb-run")
		}
		t.Skip("no DISPLAY: windowed runs need an X server")
	}
}

// noDriver reports a run that failed for lack of a driver, which skips
// unless every driver is required.
func noDriver(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "no driver") && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
		t.Skipf("no driver: %s", out)
	}
}

// TestFirstGame builds the walk-through's game outside the repository and
// runs it headless and windowed on Vulkan and OpenGL: its own format, its
// own shaders (strict mode on, so every pipeline must build), a glTF model
// with a texture, and one system.
func TestFirstGame(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the first game's Linux runs")
	}
	bin := buildFirstGame(t)
	dir := filepath.Dir(bin)
	for _, kind := range linuxBackends {
		t.Run(kind+"/headless", func(t *testing.T) {
			shot, stats := filepath.Join(dir, kind+".png"), filepath.Join(dir, kind+".json")
			out, err := runGame(t, bin, "-r", kind, "-headless", "-frames", "3", "-size", "160x90", "-screenshot", shot, "-stats", stats)
			if err != nil {
				noDriver(t, out)
				t.Fatalf("%v\n%s", err, out)
			}
			var s Summary
			data, _ := os.ReadFile(stats)
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatalf("stats: %v %s", err, data)
			}
			if s.Frames != 3 || s.Draws["forward"] != 1 || len(s.Dropped) != 0 {
				t.Errorf("stats %+v; want 3 frames, the cube drawn in the forward pass, nothing dropped", s)
			}
			img, err := decodePNG(shot)
			if err != nil {
				t.Fatal(err)
			}
			// The cube's checker texture is red and white; the sky is blue.
			c := color.RGBAModel.Convert(img.At(80, 45)).(color.RGBA)
			if c.R < 100 || c.R < c.B {
				t.Errorf("centre pixel %v: want the red-and-white cube", c)
			}
		})
		t.Run(kind+"/windowed", func(t *testing.T) {
			requireDisplay(t)
			out, err := runGame(t, bin, "-r", kind, "-frames", "5")
			if err != nil {
				noDriver(t, out)
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}

func runGame(t *testing.T, bin string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = t.TempDir() // anywhere: the game's files are embedded
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestInputReachesASystem runs the first game in a window under Xvfb and
// types and clicks into it with xdotool: Space, a left click and Escape
// must each reach the game's system, which says so on stdout and quits on
// Escape.
func TestInputReachesASystem(t *testing.T) {
	requireDisplay(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
			t.Fatal("xdotool is not installed (scripts/deps.sh installs it)")
		}
		t.Skip("xdotool is not installed")
	}
	bin := buildFirstGame(t)
	for _, kind := range linuxBackends {
		t.Run(kind, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			title := "Spinner " + kind
			// The title must be unique so xdotool finds this run's window.
			cfg, _ := os.ReadFile(filepath.Join(filepath.Dir(bin), "game.toml"))
			cfgPath := filepath.Join(t.TempDir(), "game.toml")
			os.WriteFile(cfgPath, bytes.Replace(cfg, []byte(`title = "Spinner"`), []byte(`title = "`+title+`"`), 1), 0o644)
			cmd := exec.CommandContext(ctx, bin, "-r", kind, "-size", "320x200", "-config", cfgPath)
			cmd.Dir = t.TempDir()
			stdout, _ := cmd.StdoutPipe()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			seen := map[string]bool{}
			go func() {
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					mu.Lock()
					seen[strings.TrimPrefix(sc.Text(), "input: ")] = true
					mu.Unlock()
				}
			}()
			has := func(s string) bool { mu.Lock(); defer mu.Unlock(); return seen[s] }
			win, err := xdotool.FindWindow(ctx, title)
			if err != nil {
				cmd.Process.Kill()
				cmd.Wait() // then stderr is complete, and no longer written
				t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
			}
			if err := xdotool.Focus(ctx, win, 15*time.Second); err != nil {
				cmd.Process.Kill()
				t.Fatal(err)
			}
			// Repeat each until the game reports it: the first events may
			// reach the window before its first frame polls.
			for _, step := range []struct {
				want string
				args []string
			}{
				{"space", []string{"key", "--window", win, "space"}},
				{"click", []string{"mousemove", "--window", win, "100", "80", "click", "1"}},
				{"escape", []string{"key", "--window", win, "Escape"}},
			} {
				deadline := time.Now().Add(30 * time.Second)
				for !has(step.want) {
					if time.Now().After(deadline) {
						cmd.Process.Kill()
						t.Fatalf("the game never saw %s; stderr:\n%s", step.want, stderr.String())
					}
					// A refused event is sent again, as a missed one is.
					if _, err := xdotool.Run(ctx, step.args...); err != nil {
						t.Log(err)
					}
					time.Sleep(300 * time.Millisecond)
				}
			}
			if err := cmd.Wait(); err != nil {
				noDriver(t, stderr.String())
				t.Fatalf("the game did not end cleanly on Escape: %v\n%s", err, stderr.String())
			}
		})
	}
}

// decodePNG reads a screenshot. (The conformance package's image helpers
// start games through this package, so its tests cannot use them.)
func decodePNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}
