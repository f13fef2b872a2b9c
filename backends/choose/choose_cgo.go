//go:build !windows && cgo

package choose

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/opengl"
	"github.com/sleakgo/sleak/backends/vulkan"
)

func init() {
	openers[backends.Vulkan] = vulkan.New
	openers[backends.OpenGL] = opengl.New
}
