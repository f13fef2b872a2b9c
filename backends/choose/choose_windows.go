//go:build windows

package choose

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/d3d11"
	"github.com/sleakgo/sleak/backends/d3d12"
)

func init() {
	openers[backends.D3D11] = d3d11.New
	openers[backends.D3D12] = d3d12.New
}
