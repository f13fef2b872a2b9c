package backends

import (
	"fmt"
	"strings"
)

// Kind names a rendering backend.
type Kind uint8

// The backends, in the order a player would try them.
const (
	Vulkan Kind = iota + 1
	OpenGL
	D3D11
	D3D12
)

// Kinds returns every backend.
func Kinds() []Kind { return []Kind{Vulkan, OpenGL, D3D11, D3D12} }

var kindNames = map[Kind]string{Vulkan: "vulkan", OpenGL: "opengl", D3D11: "d3d11", D3D12: "d3d12"}

// The aliases the -r flag accepts, as the C++ engine spells them.
var kindAliases = map[string]Kind{
	"v": Vulkan, "vulkan": Vulkan, "vk": Vulkan,
	"o": OpenGL, "opengl": OpenGL, "gl": OpenGL,
	"d11": D3D11, "d3d11": D3D11, "directx11": D3D11, "dx11": D3D11,
	"d12": D3D12, "d3d12": D3D12, "directx12": D3D12, "dx12": D3D12,
}

// String returns the backend's canonical name ("vulkan", "opengl", "d3d11", "d3d12").
func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("backend(%d)", uint8(k))
}

// ParseKind accepts a canonical name or one of the C++ engine's aliases
// (v, o, d11, directx11, d12, directx12), in any case. An unknown name is an
// error that lists the valid ones: there is no silent fallback.
func ParseKind(s string) (Kind, error) {
	if k, ok := kindAliases[strings.ToLower(strings.TrimSpace(s))]; ok {
		return k, nil
	}
	return 0, fmt.Errorf("unknown backend %q: valid backends are vulkan (v), opengl (o), d3d11 (d11, directx11), d3d12 (d12, directx12)", s)
}

// Set implements flag.Value so a Kind can be a command-line flag.
func (k *Kind) Set(s string) error {
	v, err := ParseKind(s)
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// UnmarshalText lets a Kind be decoded from TOML or JSON.
func (k *Kind) UnmarshalText(b []byte) error { return k.Set(string(b)) }

// MarshalText returns the canonical name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
