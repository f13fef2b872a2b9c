//go:build windows

package d3d12

import (
	"errors"
	"os"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom/dxtest"
	"github.com/sleakgo/sleak/conformance"
)

// reference is the Vulkan backend's goldens; every scene must agree with
// them within the suite's tolerance once they exist.
const reference = "../vulkan/testdata/golden"

func TestConformance(t *testing.T) {
	// The suite's pictures need textures (the gbuffer and HDR targets are
	// read through descriptor tables): check the driver binds them first.
	open(t)
	o := conformance.Options{
		Backend:   backends.D3D12,
		Open:      dxtest.EmptyingWorkDir(New),
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, ErrNoDevice) },
	}
	if _, err := os.Stat(reference); err == nil {
		o.Reference = reference
	}
	conformance.Run(t, o)
}
