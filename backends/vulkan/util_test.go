//go:build linux && cgo

package vulkan

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

// savePNG writes img under $SLEAK_SAVE_IMAGES for a human to look at.
func savePNG(t testing.TB, name string, img image.Image) {
	dir := os.Getenv("SLEAK_SAVE_IMAGES")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func newRGBA(b *backend) *image.RGBA {
	w, h := b.Size()
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// driverOf returns the Vulkan driver beneath a backend.
func driverOf(b *backend) *driver { return b.Driver().(*driver) }

func passOf(i int) formats.Pass { return formats.Pass(i) }

const numPasses = int(formats.NumPasses)
