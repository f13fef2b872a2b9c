package opengl

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
)

// vulkanGolden is the Vulkan backend's golden folder: every scene must also
// agree with the Vulkan picture, so the two backends cannot drift apart.
const vulkanGolden = "../vulkan/testdata/golden"

func TestConformance(t *testing.T) {
	o := conformance.Options{
		Backend:   backends.OpenGL,
		Open:      New,
		GoldenDir: "testdata/golden",
		Reference: vulkanGolden,
		NoDriver:  func(err error) bool { return errors.Is(err, ErrNoContext) },
	}
	conformance.Run(t, o)
}

// TestConformanceWindowed resizes a real window under X (xvfb-run) with a
// missing variant restored in between.
func TestConformanceWindowed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if requireDrivers() {
			t.Fatal("opengl: DISPLAY is not set: run the windowed conformance scenes under xvfb-run")
		}
		t.Skip("opengl: no display for a window (run under xvfb-run -a)")
	}
	conformance.RunWindowed(t, conformance.Options{
		Backend:   backends.OpenGL,
		Open:      New,
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, ErrNoContext) },
	}, resizeGLFW)
}

// resizeGLFW resizes the window as its user would. The call runs on the
// test's goroutine while the backend's GL thread waits between frames, so
// the two never talk to X at once.
func resizeGLFW(w backends.Window, width, height int) error {
	win, ok := w.Native().(*glfw.Window)
	if !ok {
		return fmt.Errorf("Native() is %T, want *glfw.Window", w.Native())
	}
	win.SetSize(width, height)
	return nil
}
