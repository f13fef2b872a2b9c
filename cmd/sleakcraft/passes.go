package main

import (
	"fmt"
	"io"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/voxel/world"
)

// passTally sums each pass's draws, triangles and GPU time over a run, so
// -bench can say where a frame's time goes.
type passTally struct {
	frames    int
	draws     [formats.NumPasses]int
	triangles [formats.NumPasses]int
	gpu       [formats.NumPasses]time.Duration
	gpuFrames int // frames that carried GPU times
	// chunks and coarse sum the chunks drawn and those within the render
	// distance at a lower resolution (world.StreamStats), over the frames
	// (chunkFrames, one in chunkSample) that counted them: streaming
	// decides how much of the world a frame draws
	chunks, coarse, chunkFrames int
}

// chunkSample is how many frames apart -bench counts the chunks.
const chunkSample = 30

// addChunks counts one frame's chunks.
func (t *passTally) addChunks(s world.StreamStats) {
	t.chunks += s.Meshed
	t.coarse += s.Coarse
	t.chunkFrames++
}

// add counts one finished frame's statistics.
func (t *passTally) add(s *backends.Stats) {
	t.frames++
	for p := range t.draws {
		t.draws[p] += s.Draws[p]
		t.triangles[p] += s.Triangles[p]
	}
	if s.GPUFrame != 0 {
		t.gpuFrames++
		for p, d := range s.GPUTime {
			t.gpu[p] += d
		}
	}
}

// PassSummary is one pass's means per frame, as frames.json records them.
type PassSummary struct {
	Pass      string  `json:"pass"`
	Draws     float64 `json:"draws"`
	Triangles float64 `json:"triangles"`
	GPUms     float64 `json:"gpu_ms"` // 0 when the backend has no timestamps
}

func (t *passTally) summary() []PassSummary {
	out := make([]PassSummary, formats.NumPasses)
	n := float64(max(t.frames, 1))
	for p := range out {
		out[p] = PassSummary{Pass: formats.Pass(p).String(), Draws: float64(t.draws[p]) / n, Triangles: float64(t.triangles[p]) / n}
		if t.gpuFrames > 0 {
			out[p].GPUms = t.gpu[p].Seconds() * 1000 / float64(t.gpuFrames)
		}
	}
	return out
}

// print writes the per-pass table: means per frame over the run.
func (t *passTally) print(w io.Writer) {
	fmt.Fprintf(w, "%-12s %10s %12s %10s\n", "pass", "draws", "triangles", "GPU ms")
	var draws, tris, gpu float64
	for _, s := range t.summary() {
		gpuCol := "-"
		if t.gpuFrames > 0 {
			gpuCol = fmt.Sprintf("%.3f", s.GPUms)
		}
		fmt.Fprintf(w, "%-12s %10.0f %12.0f %10s\n", s.Pass, s.Draws, s.Triangles, gpuCol)
		draws, tris, gpu = draws+s.Draws, tris+s.Triangles, gpu+s.GPUms
	}
	gpuCol := "- (no timestamps)"
	if t.gpuFrames > 0 {
		gpuCol = fmt.Sprintf("%.3f", gpu)
	}
	fmt.Fprintf(w, "%-12s %10.0f %12.0f %10s   (means per frame over %d frames)\n", "all", draws, tris, gpuCol, t.frames)
	if t.chunkFrames > 0 {
		n := float64(t.chunkFrames)
		fmt.Fprintf(w, "chunks drawn %.0f; coarse within the render distance %.0f (means over every %dth frame)\n", float64(t.chunks)/n, float64(t.coarse)/n, chunkSample)
	}
}
