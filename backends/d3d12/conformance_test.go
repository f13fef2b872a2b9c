//go:build windows

package d3d12_test

import (
	"errors"
	"os"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/d3d12"
	"github.com/sleakgo/sleak/backends/internal/dxcom/dxtest"
	"github.com/sleakgo/sleak/conformance"
)

// reference is the Vulkan backend's goldens; every scene must agree with
// them within the suite's tolerance once they exist.
const reference = "../vulkan/testdata/golden"

func options() conformance.Options {
	o := conformance.Options{
		Backend:   backends.D3D12,
		Open:      dxtest.EmptyingWorkDir(d3d12.New),
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, d3d12.ErrNoDevice) },
	}
	if _, err := os.Stat(reference); err == nil {
		o.Reference = reference
	}
	return o
}

func TestConformance(t *testing.T) {
	conformance.Run(t, options())
}

// TestConformanceWindowed runs the windowed scenes in a native window under
// Wine's X display (scripts/test-windows.sh runs it inside Xvfb): the lit
// cube presented and read back from the swap chain against the offscreen
// golden, and a resize by the window with a missing variant restored in
// between. The window's SetSize resizes it as a user would.
func TestConformanceWindowed(t *testing.T) {
	conformance.RunWindowed(t, options(), nil)
}
