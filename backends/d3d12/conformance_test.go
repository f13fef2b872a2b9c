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

func TestConformance(t *testing.T) {
	o := conformance.Options{
		Backend:   backends.D3D12,
		Open:      dxtest.EmptyingWorkDir(d3d12.New),
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, d3d12.ErrNoDevice) },
	}
	if _, err := os.Stat(reference); err == nil {
		o.Reference = reference
	}
	conformance.Run(t, o)
}
