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
// one 32-bit-sized buffer holds. Instances are the per-instance records of
// an instanced format (formats.Layout.Instanced), a whole number of
// InstanceStride each, and must be absent for other formats; a format
// whose attributes all step per instance takes no vertices, and its
// indices are vertex indices the shader turns into corners. It returns the
// format's layout.
func CheckMesh(k Kind, reg *formats.Registry, h formats.Handle, vertices []byte, indices []uint32, instances []byte) (*formats.Layout, error) {
	layout, ok := reg.Get(h)
	if !ok {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format handle %d is not registered", k, h)
	}
	fail := func(format string, args ...any) (*formats.Layout, error) {
		return nil, fmt.Errorf("%s: CreateMesh: vertex format %s: %s", k, layout.Name, fmt.Sprintf(format, args...))
	}
	perVertex, instanced := layout.PerVertex() || !layout.Instanced(), layout.Instanced()
	switch {
	case perVertex && len(vertices) == 0:
		return fail("no vertices")
	case !perVertex && len(vertices) != 0:
		return fail("%d bytes of vertices, but every attribute steps per instance: the format takes none", len(vertices))
	case len(indices) == 0:
		return fail("no indices")
	case perVertex && (layout.Stride == 0 || len(vertices)%int(layout.Stride) != 0):
		return fail("%d bytes of vertices is not a multiple of the stride %d", len(vertices), layout.Stride)
	case instanced && len(instances) == 0:
		return fail("no instances: the format steps per instance (CreateInstancedMesh)")
	case !instanced && len(instances) != 0:
		return fail("%d bytes of instances, but no attribute steps per instance", len(instances))
	case instanced && len(instances)%int(layout.InstanceStride) != 0:
		return fail("%d bytes of instances is not a multiple of the instance stride %d", len(instances), layout.InstanceStride)
	case int64(len(vertices)) > 1<<31 || int64(len(indices))*4 > 1<<31 || int64(len(instances)) > 1<<31:
		return fail("%d bytes of vertices, %d indices and %d bytes of instances is more than one buffer can hold", len(vertices), len(indices), len(instances))
	}
	if !perVertex {
		return layout, nil
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
