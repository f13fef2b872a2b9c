package dxcom

import (
	"fmt"

	"github.com/sleakgo/sleak/formats"
)

// CheckMesh refuses what CreateMesh cannot draw, naming the problem; name
// prefixes the error ("d3d11").
func CheckMesh(name string, reg *formats.Registry, h formats.Handle, vertices []byte, indices []uint32) (*formats.Layout, error) {
	layout, ok := reg.Get(h)
	if !ok {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format handle %d is not registered", name, h)
	}
	if len(vertices) == 0 {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: no vertices", name, layout.Name)
	}
	if len(indices) == 0 {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: no indices", name, layout.Name)
	}
	if layout.Stride == 0 || len(vertices)%int(layout.Stride) != 0 {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: %d bytes of vertices is not a multiple of the stride %d",
			name, layout.Name, len(vertices), layout.Stride)
	}
	// Buffer sizes are 32-bit in both APIs.
	if int64(len(vertices)) > 1<<31 || int64(len(indices))*4 > 1<<31 {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: %d bytes of vertices and %d indices is more than one buffer can hold",
			name, layout.Name, len(vertices), len(indices))
	}
	n := len(vertices) / int(layout.Stride)
	for i, idx := range indices {
		if int64(idx) >= int64(n) {
			return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: index %d (at position %d) is past the last vertex (%d vertices)",
				name, layout.Name, idx, i, n)
		}
	}
	return layout, nil
}
