package game

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
	"time"
)

// FrameSummary condenses frame times.
type FrameSummary struct {
	Frames   int     `json:"frames"`
	MeanMS   float64 `json:"mean_ms"`
	MedianMS float64 `json:"median_ms"`
	P95MS    float64 `json:"p95_ms"`
	P99MS    float64 `json:"p99_ms"`
	MaxMS    float64 `json:"max_ms"`
	FPS      float64 `json:"fps"` // 1000 / mean
}

// Summarize returns the statistics of ft (the first frame, which pays for
// pipeline builds, is kept: it is part of what a player sees).
func Summarize(ft []time.Duration) FrameSummary {
	if len(ft) == 0 {
		return FrameSummary{}
	}
	ms := make([]float64, len(ft))
	var sum float64
	for i, d := range ft {
		ms[i] = float64(d.Microseconds()) / 1000
		sum += ms[i]
	}
	sorted := slices.Clone(ms)
	slices.Sort(sorted)
	at := func(q float64) float64 { return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))] }
	s := FrameSummary{Frames: len(ft), MeanMS: sum / float64(len(ft)), MedianMS: at(0.5), P95MS: at(0.95), P99MS: at(0.99), MaxMS: sorted[len(sorted)-1]}
	if s.MeanMS > 0 {
		s.FPS = 1000 / s.MeanMS
	}
	return s
}

func (s FrameSummary) String() string {
	return fmt.Sprintf("%d frames: mean %.2f ms (%.1f FPS), median %.2f, p95 %.2f, p99 %.2f, max %.2f ms",
		s.Frames, s.MeanMS, s.FPS, s.MedianMS, s.P95MS, s.P99MS, s.MaxMS)
}

// WriteChart draws frame times as bars (one per frame, scaled to the p99
// so one spike does not flatten the rest), with lines at 16.7 ms and 33.3
// ms when they fit, as a PNG.
func WriteChart(w io.Writer, ft []time.Duration) error {
	const width, height = 800, 240
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	bg := color.RGBA{24, 26, 32, 255}
	for i := range img.Pix {
		img.Pix[i] = []uint8{bg.R, bg.G, bg.B, bg.A}[i%4]
	}
	if len(ft) == 0 {
		return png.Encode(w, img)
	}
	top := Summarize(ft).P99MS * 1.2
	if top <= 0 {
		top = 1
	}
	y := func(ms float64) int { return height - 1 - int(ms/top*float64(height-10)) }
	for _, target := range []float64{1000.0 / 60, 1000.0 / 30} {
		if target < top {
			for x := 0; x < width; x += 2 {
				img.SetRGBA(x, y(target), color.RGBA{200, 80, 80, 255})
			}
		}
	}
	for x := 0; x < width; x++ {
		i := x * len(ft) / width
		ms := float64(ft[i].Microseconds()) / 1000
		top := max(y(ms), 0)
		for yy := height - 1; yy >= top; yy-- {
			img.SetRGBA(x, yy, color.RGBA{90, 170, 240, 255})
		}
	}
	return png.Encode(w, img)
}
