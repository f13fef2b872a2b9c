// Package imagefile decodes texture images (PNG, and JPEG inside glTF
// models) with their size checked from the header before any pixel is
// decoded, so a small file that declares a huge image costs nothing.
package imagefile

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // glTF textures may be JPEG
	_ "image/png"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/internal/safetext"
)

// Limits every decoded image is held to.
const (
	// MaxSide is the largest texture side every backend supports.
	MaxSide = backends.MaxTextureSize
	// MaxPixels bounds an image's area at 8192x8192, 256 MiB as RGBA; the
	// conversion to RGBA may need as much again.
	MaxPixels = 8192 * 8192
)

// Decode decodes data as RGBA; name is used in messages only. want, when
// not empty, is the one format accepted ("png").
func Decode(name string, data []byte, want string) (*image.RGBA, error) {
	return DecodeWithin(name, data, want, MaxSide, MaxPixels)
}

// DecodeWithin is Decode with the limits given.
func DecodeWithin(name string, data []byte, want string, maxSide int, maxPixels int64) (*image.RGBA, error) {
	path := safetext.Name(name)
	cfg, kind, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if want != "" && kind != want {
		return nil, fmt.Errorf("decode %s: a %s image, want %s", path, kind, want)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide ||
		int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, fmt.Errorf("decode %s: %dx%d pixels; a texture may have at most %d on a side and %d in all",
			path, cfg.Width, cfg.Height, maxSide, maxPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba, nil
}
