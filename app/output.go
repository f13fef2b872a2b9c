package app

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/atomicfile"
)

// Summary is the frame statistics -stats writes as JSON: the last frame's
// draws and drops by pass, and CPU frame times.
type Summary struct {
	Backend        string             `json:"backend"`
	Width          int                `json:"width"`
	Height         int                `json:"height"`
	Frames         int                `json:"frames"`
	Draws          map[string]int     `json:"draws"`
	Dropped        map[string]int     `json:"dropped"`
	Culled         int                `json:"culled"`
	PassTimeMS     map[string]float64 `json:"pass_time_ms"`
	CPUFrameMS     float64            `json:"cpu_frame_ms"`
	MeanCPUFrameMS float64            `json:"mean_cpu_frame_ms"`
}

// Summary returns the statistics of the run so far.
func (r *Runner) Summary() Summary {
	w, h := r.Backend.Size()
	st := r.Frame.Stats
	s := Summary{Backend: r.Kind.String(), Width: w, Height: h, Frames: r.frames, Culled: st.Culled,
		Draws: map[string]int{}, Dropped: map[string]int{}, PassTimeMS: map[string]float64{},
		CPUFrameMS: ms(st.CPUTime)}
	if r.frames > 0 {
		s.MeanCPUFrameMS = ms(r.cpu) / float64(r.frames)
	}
	for p := formats.Pass(0); p < formats.NumPasses; p++ {
		if p.TakesDraws() {
			s.Draws[p.String()] = st.Draws[p]
		}
		s.PassTimeMS[p.String()] = ms(st.PassTime[p])
	}
	for _, hd := range r.Formats.Handles() {
		l, _ := r.Formats.Get(hd)
		for p := formats.Pass(0); p < formats.NumPasses; p++ {
			if n := st.DroppedIn(hd, p); n > 0 {
				s.Dropped[l.Name+"/"+p.String()] = n
			}
		}
	}
	if st.DroppedMaterial > 0 {
		s.Dropped["material"] = st.DroppedMaterial
	}
	if st.DroppedJoints > 0 {
		s.Dropped["joints"] = st.DroppedJoints
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Screenshot reads the last finished frame.
func (r *Runner) Screenshot() (*image.RGBA, error) {
	w, h := r.Backend.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := r.Backend.ReadPixels(img); err != nil {
		return nil, fmt.Errorf("read pixels: %w", err)
	}
	return img, nil
}

// writeOutputs writes what -screenshot and -stats ask for.
func (r *Runner) writeOutputs() error {
	o := &r.Options
	if o.Screenshot != "" {
		img, err := r.Screenshot()
		if err != nil {
			return err
		}
		if err := WriteFile(o.Screenshot, func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
			return fmt.Errorf("screenshot: %w", err)
		}
		fmt.Fprintf(o.Stdout, "wrote %s\n", o.Screenshot)
	}
	if o.Stats != "" {
		data, err := json.MarshalIndent(r.Summary(), "", "  ")
		if err != nil {
			return err
		}
		data = append(data, '\n')
		if o.Stats == "-" {
			_, err = o.Stdout.Write(data)
			return err
		}
		if err := WriteFile(o.Stats, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return fmt.Errorf("stats: %w", err)
		}
	}
	return nil
}

// WriteFile creates path's folder and replaces path only once fill has
// written the whole new content, so a crash never leaves half a file.
func WriteFile(path string, fill func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFunc(path, fill)
}
