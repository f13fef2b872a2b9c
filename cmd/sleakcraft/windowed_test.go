package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/internal/xdotool"
)

// TestPauseMenuSettingPersists plays the game in a window under Xvfb with
// input injected by xdotool, on Vulkan and OpenGL: Escape opens the pause
// menu, Down and Enter open the settings, Right raises the mouse
// sensitivity, which is saved at once; a second start reads it back.
func TestPauseMenuSettingPersists(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
			t.Fatal("no DISPLAY: run under xvfb-run")
		}
		t.Skip("no DISPLAY: the windowed game needs an X server")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
			t.Fatal("xdotool is not installed (scripts/deps.sh installs it)")
		}
		t.Skip("xdotool is not installed")
	}
	bin := filepath.Join(t.TempDir(), "sleakcraft")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cfg, err := os.ReadFile("../../game.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"vulkan", "opengl"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			title := "Sleakcraft pause test " + kind
			cfgPath := filepath.Join(dir, "game.toml")
			os.WriteFile(cfgPath, bytes.Replace(cfg, []byte(`title = "Sleakcraft"`), []byte(`title = "`+title+`"`), 1), 0o644)
			settings := filepath.Join(dir, "settings.toml")
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			args := []string{"-config", cfgPath, "-r", kind, "-size", "400x700", "-rd", "2", "-saves", filepath.Join(dir, "saves"), "-settings", settings}
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Dir = dir
			var mu sync.Mutex
			var stderr bytes.Buffer
			cmd.Stderr = writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return stderr.Write(p) })
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			logHas := func(s string) int { mu.Lock(); defer mu.Unlock(); return strings.Count(stderr.String(), s) }
			win, err := xdotool.FindWindow(ctx, title)
			if err != nil {
				t.Fatal(err)
			}
			if err := xdotool.Focus(ctx, win, 15*time.Second); err != nil {
				t.Fatal(err)
			}
			// Each key is sent again only while its effect has not shown:
			// the first may reach the window before its first frame polls.
			for _, step := range []struct {
				key, want string
				done      func() bool
			}{
				{"Escape", "open=pause", nil},
				{"Down", "", nil},
				{"Return", "open=settings", nil},
				{"Right", "settings saved", func() bool {
					data, _ := os.ReadFile(settings)
					return strings.Contains(string(data), "mouse_sensitivity = 1.1")
				}},
			} {
				before := 0
				if step.want != "" {
					before = logHas(step.want)
				}
				deadline := time.Now().Add(45 * time.Second)
				for {
					if _, err := xdotool.Run(ctx, "key", "--window", win, step.key); err != nil {
						t.Fatal(err)
					}
					if step.want == "" {
						time.Sleep(500 * time.Millisecond)
						break
					}
					wait := time.Now().Add(5 * time.Second)
					for time.Now().Before(wait) && logHas(step.want) == before {
						time.Sleep(100 * time.Millisecond)
					}
					if logHas(step.want) > before && (step.done == nil || step.done()) {
						break
					}
					if time.Now().After(deadline) {
						mu.Lock()
						t.Fatalf("%s never gave %q; stderr:\n%s", step.key, step.want, stderr.String())
					}
				}
			}
			cmd.Process.Kill()
			cmd.Wait()
			// A restart reads the setting back.
			again := exec.CommandContext(ctx, bin, append(args, "-frames", "3")...)
			again.Dir = dir
			out, err := again.CombinedOutput()
			if err != nil {
				t.Fatalf("restart: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), "mouse sensitivity 1.1") {
				t.Errorf("the restarted game did not read the setting back:\n%s", out)
			}
		})
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
