// Package choose opens a backend by kind. It is the one package that imports
// the concrete backends; everything else sees only the backends.Backend
// contract.
package choose

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/opengl"
	"github.com/sleakgo/sleak/backends/vulkan"
)

// Open starts the backend of kind k. The error names the backend and says
// why it could not start; there is no fallback to another backend.
func Open(k backends.Kind, cfg backends.Config) (backends.Backend, error) {
	var (
		b   backends.Backend
		err error
	)
	switch k {
	case backends.Vulkan:
		b, err = vulkan.New(cfg)
	case backends.OpenGL:
		b, err = opengl.New(cfg)
	case backends.D3D11, backends.D3D12:
		err = fmt.Errorf("the %s backend needs Windows (or Wine); this build has Vulkan and OpenGL", k)
	default:
		err = fmt.Errorf("unknown backend %v", k)
	}
	if err != nil {
		return nil, fmt.Errorf("start %s backend: %w", k, err)
	}
	return b, nil
}
