package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
)

// TestRenderHeadless renders the showcase scene on each Linux backend and
// checks the PNG and the statistics JSON it writes.
func TestRenderHeadless(t *testing.T) {
	for _, kind := range []string{"vulkan", "opengl"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			fl := renderFlags{backend: kind, scene: "../../scenes/showcase.toml", size: "96x64", frames: 2,
				out: filepath.Join(dir, "shot.png"), stats: filepath.Join(dir, "stats.json"), headless: true}
			err := renderScene(fl, io.Discard, io.Discard)
			if errors.Is(err, backends.ErrNoDriver) && os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
				t.Skipf("%s: no driver: %v", kind, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			img, err := conformance.ReadPNG(fl.out)
			if err != nil || img.Bounds().Dx() != 96 || img.Bounds().Dy() != 64 {
				t.Fatalf("screenshot: %v %v", err, img.Bounds())
			}
			data, err := os.ReadFile(fl.stats)
			if err != nil {
				t.Fatal(err)
			}
			var s Summary
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatalf("stats JSON: %v\n%s", err, data)
			}
			if s.Backend != kind || s.Frames != 2 || s.Draws["forward"] != 3 || s.Draws["transparent"] != 1 || len(s.Dropped) != 0 {
				t.Errorf("stats = %+v", s)
			}
		})
	}
}

func TestRenderStrictRefusesMissingShader(t *testing.T) {
	dir := t.TempDir()
	scene := filepath.Join(dir, "scene.toml")
	os.WriteFile(scene, []byte("[[material]]\nname = \"m\"\nshader = \"assets/shaders/nowhere.hlsl\"\n[[entity]]\nmesh = \"cube\"\nmaterial = \"m\"\n"), 0o644)
	err := renderScene(renderFlags{backend: "opengl", scene: scene, frames: 1, headless: true, strict: true}, io.Discard, io.Discard)
	var mf *backends.MissingFilesError
	if !errors.As(err, &mf) || len(mf.Missing) != 2 {
		t.Fatalf("err = %v; want both missing OpenGL files listed", err)
	}
}

// TestRenderOutIsOffscreen: with a display present, -out still renders
// offscreen and returns after one frame instead of opening a window that
// waits to be closed.
func TestRenderOutIsOffscreen(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no DISPLAY: the case needs a display to be present")
	}
	out := filepath.Join(t.TempDir(), "shot.png")
	done := make(chan int, 1)
	go func() {
		done <- renderCommand([]string{"-r", "vulkan", "-scene", "../../scenes/showcase.toml", "-size", "64x48", "-out", out}, io.Discard, io.Discard)
	}()
	select {
	case rc := <-done:
		if rc != 0 {
			t.Fatalf("sleak render -out exited %d", rc)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("sleak render -out did not return: it opened a window")
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}
