package opengl

import (
	"errors"
	"testing"

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
