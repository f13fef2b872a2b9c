//go:build linux && cgo

package vulkan_test

import (
	"errors"
	"os"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/vulkan"
	"github.com/sleakgo/sleak/conformance"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Options{
		Backend:   backends.Vulkan,
		Open:      vulkan.New,
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, vulkan.ErrNoDriver) },
	})
}

// TestConformanceWindowed resizes a real window under X (xvfb-run) with a
// missing variant restored in between.
func TestConformanceWindowed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv(conformance.RequireDriversEnv) == "1" {
			t.Fatal("vulkan: DISPLAY is not set: run the windowed conformance scenes under xvfb-run")
		}
		t.Skip("vulkan: no display for a window (run under xvfb-run -a)")
	}
	conformance.RunWindowed(t, conformance.Options{
		Backend:   backends.Vulkan,
		Open:      vulkan.New,
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, vulkan.ErrNoDriver) },
	}, nil)
}
