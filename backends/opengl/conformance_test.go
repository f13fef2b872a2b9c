package opengl_test

import (
	"errors"
	"os"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/opengl"
	"github.com/sleakgo/sleak/conformance"
)

// vulkanGolden is the Vulkan backend's golden folder: every scene must also
// agree with the Vulkan picture, so the two backends cannot drift apart.
const vulkanGolden = "../vulkan/testdata/golden"

func TestConformance(t *testing.T) {
	o := conformance.Options{
		Backend:   backends.OpenGL,
		Open:      opengl.New,
		GoldenDir: "testdata/golden",
		Reference: vulkanGolden,
		NoDriver:  func(err error) bool { return errors.Is(err, opengl.ErrNoContext) },
	}
	conformance.Run(t, o)
}

// TestConformanceWindowed resizes a real window under X (xvfb-run) with a
// missing variant restored in between.
func TestConformanceWindowed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv(conformance.RequireDriversEnv) == "1" {
			t.Fatal("opengl: DISPLAY is not set: run the windowed conformance scenes under xvfb-run")
		}
		t.Skip("opengl: no display for a window (run under xvfb-run -a)")
	}
	conformance.RunWindowed(t, conformance.Options{
		Backend:   backends.OpenGL,
		Open:      opengl.New,
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, opengl.ErrNoContext) },
	}, nil)
}
