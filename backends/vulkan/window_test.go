//go:build linux && cgo

package vulkan

import (
	"os"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends"
)

func TestWindowNeedsDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	cfg, _ := testConfig(64, 64, nil)
	cfg.Window = &backends.WindowConfig{Title: "test"}
	_, err := New(cfg)
	if err == nil || !strings.Contains(err.Error(), "DISPLAY") {
		t.Fatalf("New without a display: %v, want an error naming DISPLAY", err)
	}
}

// TestWindow renders to a window and follows a resize of it. It needs an X
// display (xvfb-run -a go test ./backends/vulkan -run Window).
func TestWindow(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("vulkan: no display for a window (run under xvfb-run -a)")
	}
	cfg, logs := testConfig(160, 120, nil)
	cfg.Window = &backends.WindowConfig{Title: "sleak vulkan test"}
	b := newTestBackend(t, cfg)
	if b.Window() == nil {
		t.Fatal("Window() is nil in windowed mode")
	}
	s := newScene(t, b)
	for range 5 {
		b.Window().PollEvents()
		s.render(t, b)
	}
	b.Window().Native().(*glfw.Window).SetSize(200, 100)
	for range 20 {
		b.Window().PollEvents()
		s.render(t, b)
	}
	if w, h := b.Size(); w != 200 || h != 100 {
		t.Errorf("after the window resized to 200x100 the backend is %dx%d", w, h)
	}
	if n := b.ValidationErrors(); n != 0 {
		t.Errorf("%d validation errors:\n%s", n, logs.String())
	}
}
