//go:build !(linux && cgo)

package vulkan

import (
	"errors"

	"github.com/sleakgo/sleak/backends"
)

// New reports that this build has no Vulkan backend: it needs Linux and cgo.
func New(cfg backends.Config) (backends.Backend, error) {
	return nil, errors.New("vulkan: this build has no Vulkan backend (it needs linux and cgo)")
}
