package backends

import (
	"fmt"
	"image"

	"github.com/sleakgo/sleak/formats"
)

// CheckMesh refuses, for backend k, mesh data CreateMesh cannot draw, naming
// the problem: an unregistered format, no vertices or no indices (as the C++
// engine's MeshBatch refuses them), a vertex byte count that is not a
// multiple of the stride, an index past the last vertex, or more data than
// one 32-bit-sized buffer holds. It returns the format's layout.
func CheckMesh(k Kind, reg *formats.Registry, h formats.Handle, vertices []byte, indices []uint32) (*formats.Layout, error) {
	layout, ok := reg.Get(h)
	if !ok {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format handle %d is not registered", k, h)
	}
	fail := func(format string, args ...any) (*formats.Layout, error) {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: %s", k, layout.Name, fmt.Sprintf(format, args...))
	}
	switch {
	case len(vertices) == 0:
		return fail("no vertices")
	case len(indices) == 0:
		return fail("no indices")
	case layout.Stride == 0 || len(vertices)%int(layout.Stride) != 0:
		return fail("%d bytes of vertices is not a multiple of the stride %d", len(vertices), layout.Stride)
	case int64(len(vertices)) > 1<<31 || int64(len(indices))*4 > 1<<31:
		return fail("%d bytes of vertices and %d indices is more than one buffer can hold", len(vertices), len(indices))
	}
	n := len(vertices) / int(layout.Stride)
	for i, idx := range indices {
		if int64(idx) >= int64(n) {
			return fail("index %d (at position %d) is past the last vertex (%d vertices)", idx, i, n)
		}
	}
	return layout, nil
}

// MaxTextureSize is the largest side of a texture on every backend (the
// smallest limit of the four APIs).
const MaxTextureSize = MaxTargetSize

// CheckTexture refuses, for backend k, an image CreateTexture cannot
// upload: nil, empty, larger than MaxTextureSize on a side, or with a
// stride or pixel buffer too short for its rectangle.
func CheckTexture(k Kind, img *image.RGBA) error {
	if img == nil || img.Rect.Empty() {
		return fmt.Errorf("%s: CreateTexture: the image is empty", k)
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w > MaxTextureSize || h > MaxTextureSize {
		return fmt.Errorf("%s: CreateTexture: %dx%d is larger than %d on a side", k, w, h, MaxTextureSize)
	}
	if img.Stride < w*4 {
		return fmt.Errorf("%s: CreateTexture: stride %d is shorter than a row of %d pixels", k, img.Stride, w)
	}
	if need := img.PixOffset(img.Rect.Min.X, img.Rect.Max.Y-1) + w*4; img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y) < 0 || need > len(img.Pix) {
		return fmt.Errorf("%s: CreateTexture: %d bytes of pixels is too short for %dx%d", k, len(img.Pix), w, h)
	}
	return nil
}
