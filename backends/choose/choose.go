// Package choose opens a backend by kind. It is the one package that imports
// the concrete backends; everything else sees only the backends.Backend
// contract.
//
// Which backends a binary has depends on its platform: Linux builds (with
// cgo) have Vulkan and OpenGL; Windows builds, which need no cgo and also run
// under Wine, have Direct3D 11 and 12.
package choose

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sleakgo/sleak/backends"
)

type opener func(backends.Config) (backends.Backend, error)

// openers is filled by the platform files of this package.
var openers = map[backends.Kind]opener{}

// Available lists the backends this binary can open.
func Available() []backends.Kind {
	var out []backends.Kind
	for k := range openers {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Open starts the backend of kind k. The error names the backend and says
// why it could not start; there is no fallback to another backend.
func Open(k backends.Kind, cfg backends.Config) (backends.Backend, error) {
	open, ok := openers[k]
	if !ok {
		var names []string
		for _, a := range Available() {
			names = append(names, a.String())
		}
		return nil, fmt.Errorf("start %s backend: this build has only %s; %s", k, strings.Join(names, " and "), platformHint(k))
	}
	b, err := open(cfg)
	if err != nil {
		return nil, fmt.Errorf("start %s backend: %w", k, err)
	}
	return b, nil
}

func platformHint(k backends.Kind) string {
	switch k {
	case backends.D3D11, backends.D3D12:
		return "the Direct3D backends need a Windows build (GOOS=windows), which also runs under Wine: see docs/DIRECTX.md"
	}
	return "Vulkan and OpenGL need a Linux build with cgo"
}
