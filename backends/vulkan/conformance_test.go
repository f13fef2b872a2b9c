//go:build linux && cgo

package vulkan

import (
	"errors"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Options{
		Backend:   backends.Vulkan,
		Open:      New,
		GoldenDir: "testdata/golden",
		NoDriver:  func(err error) bool { return errors.Is(err, ErrNoDriver) },
	})
}
