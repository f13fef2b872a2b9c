//go:build !windows

package d3d11

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
)

// New returns an error: Direct3D 11 exists only on Windows.
func New(cfg backends.Config) (backends.Backend, error) {
	return nil, fmt.Errorf("%w: the d3d11 backend needs Windows, or Wine on Linux: see docs/DIRECTX.md", ErrNoDevice)
}
