package conformance

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// Tolerance says when two images count as the same picture. Rasterizers may
// differ in the last bit of a colour and along triangle edges, so an exact
// match is not asked for; a real rendering change moves far more pixels
// than Fraction allows.
type Tolerance struct {
	// Channel: a pixel differs when any of its R, G or B values differs by
	// more than this (alpha is not compared: the output is opaque).
	Channel uint8
	// Fraction: the images differ when more than this share of the pixels
	// differ.
	Fraction float64
}

func (t Tolerance) String() string {
	return fmt.Sprintf("a pixel differs when a channel differs by more than %d/255; at most %.1f%% of pixels may differ", t.Channel, 100*t.Fraction)
}

// The suite's tolerances.
var (
	// GoldenTolerance compares a backend with its own golden, and a scene
	// with the same scene re-rendered: the same driver should reproduce
	// its picture to rounding noise (6/255 absorbs dithering and the
	// filtering of a shadow edge that moved by a texel).
	GoldenTolerance = Tolerance{Channel: 6, Fraction: 0.005}
	// AgreeTolerance compares two backends: their rasterization rules,
	// depth precision and shadow-map sampling differ slightly, so edges and
	// shadow borders may disagree, but the picture must be the same.
	AgreeTolerance = Tolerance{Channel: 16, Fraction: 0.02}
)

// Diff is the outcome of comparing two images.
type Diff struct {
	Differing int   // pixels beyond the channel tolerance
	Total     int   // pixels compared
	MaxDelta  uint8 // the largest channel difference anywhere
	// Image shows the differing pixels in red over a dimmed grey copy of
	// the actual image, so where they are is visible at a glance.
	Image *image.RGBA
}

// Fraction returns Differing / Total.
func (d Diff) Fraction() float64 {
	if d.Total == 0 {
		return 0
	}
	return float64(d.Differing) / float64(d.Total)
}

// Within reports whether the images are the same picture under t.
func (d Diff) Within(t Tolerance) bool { return d.Fraction() <= t.Fraction }

func (d Diff) String() string {
	return fmt.Sprintf("%d of %d pixels differ (%.2f%%), largest channel difference %d/255", d.Differing, d.Total, 100*d.Fraction(), d.MaxDelta)
}

// Compare compares actual with want pixel by pixel under t's channel
// tolerance. Images of different sizes are an error.
func Compare(actual, want *image.RGBA, t Tolerance) (Diff, error) {
	ab, wb := actual.Bounds(), want.Bounds()
	if ab.Dx() != wb.Dx() || ab.Dy() != wb.Dy() {
		return Diff{}, fmt.Errorf("image is %dx%d, want %dx%d", ab.Dx(), ab.Dy(), wb.Dx(), wb.Dy())
	}
	d := Diff{Total: ab.Dx() * ab.Dy(), Image: image.NewRGBA(image.Rect(0, 0, ab.Dx(), ab.Dy()))}
	for y := range ab.Dy() {
		for x := range ab.Dx() {
			a := actual.RGBAAt(ab.Min.X+x, ab.Min.Y+y)
			w := want.RGBAAt(wb.Min.X+x, wb.Min.Y+y)
			delta := max(absDiff(a.R, w.R), absDiff(a.G, w.G), absDiff(a.B, w.B))
			d.MaxDelta = max(d.MaxDelta, delta)
			if delta > t.Channel {
				d.Differing++
				d.Image.SetRGBA(x, y, color.RGBA{R: 255, G: 0, B: 0, A: 255})
				continue
			}
			g := uint8((uint16(a.R) + uint16(a.G) + uint16(a.B)) / 3 / 3)
			d.Image.SetRGBA(x, y, color.RGBA{R: g, G: g, B: g, A: 255})
		}
	}
	return d, nil
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// ReadPNG loads a PNG as RGBA.
func ReadPNG(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			rgba.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return rgba, nil
}

// WritePNG writes img, creating the folder.
func WritePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return f.Close()
}
