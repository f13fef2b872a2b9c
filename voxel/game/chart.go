package game

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"time"

	"github.com/sleakgo/sleak/formats"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
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

// Chart says how WriteChart draws.
type Chart struct {
	// Title names the run: backend, size and render distance.
	Title string
	// ScaleMS fixes the top of the time axis, so charts of several runs
	// compare; 0 scales to the run (1.2 times its p99, so one spike does not
	// flatten the rest).
	ScaleMS float64
	// GPU is the GPU time of each pass, one entry per frame as the frame
	// times; when any is set a panel below the frame times stacks them,
	// pass by pass, on the same frame axis.
	GPU [][formats.NumPasses]time.Duration
}

// Chart colours and layout.
var (
	chartBG     = color.RGBA{24, 26, 32, 255}
	chartBar    = color.RGBA{90, 170, 240, 255}
	chartAxis   = color.RGBA{200, 200, 210, 255}
	chartGrid   = color.RGBA{60, 64, 74, 255}
	chartTarget = [2]color.RGBA{{240, 200, 80, 255}, {240, 90, 90, 255}} // 60 and 30 FPS
)

const (
	chartW, chartH = 960, 320
	chartLeft      = 64 // room for the millisecond labels
	chartRight     = 16
	chartTop       = 36 // room for the title
	chartBottom    = 40 // room for the frame numbers and the axis name
	gpuPanelH      = 200
	gpuTop         = 28 // room for the panel's title and legend
	gpuBottom      = 12
)

// gpuPassColor tells the passes apart in the GPU panel.
var gpuPassColor = [formats.NumPasses]color.RGBA{
	{150, 150, 160, 255}, // shadow
	{90, 190, 110, 255},  // gbuffer
	{240, 200, 80, 255},  // lighting
	{90, 170, 240, 255},  // forward
	{100, 220, 220, 255}, // transparent
	{210, 120, 220, 255}, // composite
	{240, 240, 240, 255}, // ui
}

// WriteChart draws frame times as a PNG: one bar per frame (or per group of
// frames, when there are more frames than pixels), a millisecond axis with
// grid lines, frame numbers along the bottom, the title, and the 16.7 ms
// (60 FPS) and 33.3 ms (30 FPS) lines drawn over the bars where they fit.
func WriteChart(w io.Writer, ft []time.Duration, c Chart) error {
	height := chartH
	if hasGPU(c.GPU) {
		height += gpuPanelH
	}
	img := image.NewRGBA(image.Rect(0, 0, chartW, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(chartBG), image.Point{}, draw.Src)
	face, err := chartFace()
	if err != nil {
		return err
	}
	text := func(x, y int, col color.RGBA, s string) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	width := func(s string) int { return font.MeasureString(face, s).Ceil() }
	title := c.Title
	if title == "" {
		title = "frame times"
	}
	text(chartLeft, 22, chartAxis, title+fmt.Sprintf(" (%d frames)", len(ft)))

	top := c.ScaleMS
	if top <= 0 {
		top = max(Summarize(ft).P99MS*1.2, 1)
	}
	plotW, plotH := chartW-chartLeft-chartRight, chartH-chartTop-chartBottom
	y := func(ms float64) int { return chartTop + plotH - int(ms/top*float64(plotH)) }

	// Grid and millisecond labels at a round step.
	msGrid(img, top, 5, y, text, width)
	// Bars: the slowest frame of each column, so no spike hides.
	if n := len(ft); n > 0 {
		for x := 0; x < plotW; x++ {
			lo, hi := x*n/plotW, max((x+1)*n/plotW, x*n/plotW+1)
			var worst time.Duration
			for _, d := range ft[lo:min(hi, n)] {
				worst = max(worst, d)
			}
			ms := min(float64(worst.Microseconds())/1000, top)
			for yy := y(ms); yy < chartTop+plotH; yy++ {
				img.SetRGBA(chartLeft+x, yy, chartBar)
			}
		}
	}
	// Targets over the bars, labelled at the right on a backing so they
	// read over bars; the 60 FPS label goes below its line when the two
	// lines are too close for both labels above.
	targets := [...]float64{1000.0 / 60, 1000.0 / 30}
	for i, target := range targets {
		if target > top {
			continue
		}
		yy := y(target)
		hline(img, chartLeft, chartLeft+plotW, yy, chartTarget[i], 2)
		label := fmt.Sprintf("%.1f ms (%d FPS)", target, [...]int{60, 30}[i])
		base := yy - 5
		if i == 0 && targets[1] <= top && y(targets[1]) > yy-18 {
			base = yy + 16
		}
		lw := width(label)
		x := chartLeft + plotW - lw - 6
		draw.Draw(img, image.Rect(x-3, base-12, x+lw+3, base+4), image.NewUniform(chartBG), image.Point{}, draw.Src)
		text(x, base, chartTarget[i], label)
	}
	// Axes, and frame numbers at a round step.
	hline(img, chartLeft, chartLeft+plotW, chartTop+plotH, chartAxis, 1)
	for yy := chartTop; yy <= chartTop+plotH; yy++ {
		img.SetRGBA(chartLeft, yy, chartAxis)
	}
	if n := len(ft); n > 0 {
		fstep := max(int(niceStep(float64(n)/6)), 1)
		for f := 0; f <= n; f += fstep {
			x := chartLeft + f*plotW/n
			for yy := chartTop + plotH; yy < chartTop+plotH+5; yy++ {
				img.SetRGBA(x, yy, chartAxis)
			}
			label := fmt.Sprint(f)
			text(x-width(label)/2, chartTop+plotH+18, chartAxis, label)
		}
	}
	name := "frame"
	text(chartLeft+plotW/2-width(name)/2, chartH-6, chartAxis, name)
	if hasGPU(c.GPU) {
		drawGPUPanel(img, c, text, width)
	}
	return png.Encode(w, img)
}

func hasGPU(g [][formats.NumPasses]time.Duration) bool {
	for i := range g {
		if g[i] != ([formats.NumPasses]time.Duration{}) {
			return true
		}
	}
	return false
}

// drawGPUPanel stacks each frame's GPU time per pass below the frame
// times, over the same frame columns, with a legend naming the passes.
func drawGPUPanel(img *image.RGBA, c Chart, text func(x, y int, col color.RGBA, s string), width func(string) int) {
	top0 := chartH
	plotW, plotH := chartW-chartLeft-chartRight, gpuPanelH-gpuTop-gpuBottom
	totals := make([]time.Duration, len(c.GPU))
	for i, f := range c.GPU {
		for _, d := range f {
			totals[i] += d
		}
	}
	scale := c.ScaleMS
	if scale <= 0 {
		scale = max(Summarize(totals).P99MS*1.2, 0.1)
	}
	y := func(ms float64) int { return top0 + gpuTop + plotH - int(min(ms, scale)/scale*float64(plotH)) }
	x := chartLeft
	text(x, top0+18, chartAxis, "GPU time per pass:")
	x += width("GPU time per pass:") + 10
	for p := range formats.NumPasses {
		draw.Draw(img, image.Rect(x, top0+9, x+10, top0+19), image.NewUniform(gpuPassColor[p]), image.Point{}, draw.Src)
		name := formats.Pass(p).String()
		text(x+14, top0+18, chartAxis, name)
		x += 14 + width(name) + 12
	}
	msGrid(img, scale, 4, y, text, width)
	// Each column shows the frame of its group with the most GPU time.
	if n := len(c.GPU); n > 0 {
		for col := 0; col < plotW; col++ {
			lo, hi := col*n/plotW, max((col+1)*n/plotW, col*n/plotW+1)
			worst := lo
			for i := lo; i < min(hi, n); i++ {
				if totals[i] > totals[worst] {
					worst = i
				}
			}
			var acc float64
			for p, d := range c.GPU[worst] {
				from := y(acc)
				acc += d.Seconds() * 1000
				for yy := y(acc); yy < from; yy++ {
					img.SetRGBA(chartLeft+col, yy, gpuPassColor[p])
				}
			}
		}
	}
	hline(img, chartLeft, chartLeft+plotW, top0+gpuTop+plotH, chartAxis, 1)
	for yy := top0 + gpuTop; yy <= top0+gpuTop+plotH; yy++ {
		img.SetRGBA(chartLeft, yy, chartAxis)
	}
}

// msGrid draws grid lines with their millisecond labels, from 0 to top at
// a round step of about top/lines, y placing a time on the plot.
func msGrid(img *image.RGBA, top float64, lines int, y func(float64) int, text func(x, y int, col color.RGBA, s string), width func(string) int) {
	plotW := chartW - chartLeft - chartRight
	step := niceStep(top / float64(lines))
	for ms := 0.0; ms <= top+1e-9; ms += step {
		yy := y(ms)
		hline(img, chartLeft, chartLeft+plotW, yy, chartGrid, 1)
		label := fmt.Sprintf("%g ms", ms)
		text(chartLeft-8-width(label), yy+5, chartAxis, label)
	}
}

// hline draws a horizontal line t pixels thick.
func hline(img *image.RGBA, x0, x1, y int, c color.RGBA, t int) {
	for yy := y; yy < y+t; yy++ {
		for x := x0; x < x1; x++ {
			img.SetRGBA(x, yy, c)
		}
	}
}

// niceStep rounds v up to 1, 2 or 5 times a power of ten.
func niceStep(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range [...]float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

// chartFace is Go Regular at 13 px, the font the UI layer uses.
func chartFace() (font.Face, error) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("chart font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 13, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("chart font: %w", err)
	}
	return face, nil
}
