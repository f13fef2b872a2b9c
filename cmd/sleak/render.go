package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/choose"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/atomicfile"
	"github.com/sleakgo/sleak/scene"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/render"
)

type renderFlags struct {
	backend  string
	scene    string
	size     string
	frames   int
	out      string
	stats    string
	headless bool
	strict   bool
}

func renderCommand(args []string, stdout, stderr io.Writer) int {
	var fl renderFlags
	fs := flag.NewFlagSet("sleak render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&fl.backend, "r", "", "backend: vulkan (v), opengl (o), d3d11 (d11), d3d12 (d12); default: the scene's [renderer] backend")
	fs.StringVar(&fl.scene, "scene", "scenes/showcase.toml", "the scene: a TOML file with [[material]] and [[entity]] tables")
	fs.StringVar(&fl.size, "size", "", "framebuffer size WxH; default: the scene's [window] size")
	fs.IntVar(&fl.frames, "frames", 0, "frames to render, then exit (0: until the window closes; headless default 1)")
	fs.StringVar(&fl.out, "out", "", "write the last frame as a PNG to this file")
	fs.StringVar(&fl.stats, "stats", "", "write frame statistics as JSON to this file ('-' for stdout)")
	fs.BoolVar(&fl.headless, "headless", false, "render offscreen, with no window (implied when DISPLAY is unset)")
	fs.BoolVar(&fl.strict, "strict-shaders", false, "refuse to start when any shader variant the scene needs is missing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sleak render: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := renderScene(fl, stdout, stderr); err != nil {
		printConfigErrors(stderr, err)
		return 1
	}
	return 0
}

// Summary is what `sleak render -stats` writes.
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

func renderScene(fl renderFlags, stdout, stderr io.Writer) error {
	f, err := config.Load(fl.scene)
	if err != nil {
		return err
	}
	name := f.Renderer.Backend
	if fl.backend != "" {
		name = fl.backend
	}
	kind, err := backends.ParseKind(name)
	if err != nil {
		return err
	}
	width, height := f.Window.Width, f.Window.Height
	if fl.size != "" {
		if width, height, err = parseSize(fl.size); err != nil {
			return err
		}
	}
	reg := formats.NewRegistry()
	if _, err := f.Register(reg); err != nil {
		return err
	}
	if fl.strict || f.Renderer.StrictShaders {
		if err := backends.CheckFiles(kind, reg, scene.MaterialShaders(f)); err != nil {
			return err
		}
	}
	headless := fl.headless || os.Getenv("DISPLAY") == ""
	if headless && fl.frames == 0 {
		fl.frames = 1
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	cfg := backends.Config{Width: width, Height: height, Formats: reg, Logger: logger}
	if !headless {
		cfg.Window = &backends.WindowConfig{Title: f.Window.Title, VSync: f.Window.VSync, Fullscreen: f.Window.Fullscreen}
	}
	b, err := choose.Open(kind, cfg)
	if err != nil {
		return err
	}
	defer b.Close()

	w := ecs.NewWorld()
	if err := scene.Build(f, w, b); err != nil {
		return err
	}
	sched := ecs.NewScheduler()
	ctx := frame.NewContext(b, reg, logger)
	rs := render.Install(sched, ctx)
	if err := sched.Init(w); err != nil {
		return err
	}
	var total time.Duration
	n := 0
	last := time.Now()
	for fl.frames == 0 || n < fl.frames {
		if win := b.Window(); win != nil {
			win.PollEvents()
			if win.ShouldClose() {
				break
			}
		}
		now := time.Now()
		w.Window.Width, w.Window.Height = b.Size()
		sched.Step(w, now.Sub(last))
		last = now
		if err := rs.Err(); err != nil {
			return err
		}
		total += ctx.Stats.CPUTime
		n++
	}
	if fl.out != "" {
		if err := screenshot(b, fl.out); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", fl.out)
	}
	if fl.stats != "" {
		if err := writeStats(fl.stats, summarize(kind, b, reg, ctx.Stats, n, total), stdout); err != nil {
			return err
		}
	}
	return sched.Close(w)
}

func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("size %q: want WIDTHxHEIGHT, like 1280x720", s)
	}
	return w, h, nil
}

func summarize(k backends.Kind, b backends.Backend, reg *formats.Registry, st *backends.Stats, frames int, total time.Duration) Summary {
	w, h := b.Size()
	s := Summary{Backend: k.String(), Width: w, Height: h, Frames: frames, Culled: st.Culled,
		Draws: map[string]int{}, Dropped: map[string]int{}, PassTimeMS: map[string]float64{},
		CPUFrameMS: ms(st.CPUTime)}
	if frames > 0 {
		s.MeanCPUFrameMS = ms(total) / float64(frames)
	}
	for p := backends.RenderPass(0); p < backends.NumRenderPasses; p++ {
		if _, ok := p.Stem(); ok {
			s.Draws[p.String()] = st.Draws[p]
		}
		s.PassTimeMS[p.String()] = ms(st.PassTime[p])
	}
	for _, hd := range reg.Handles() {
		l, _ := reg.Get(hd)
		for p := formats.Pass(0); p < formats.NumPasses; p++ {
			if n := st.DroppedIn(hd, p); n > 0 {
				s.Dropped[l.Name+"/"+p.String()] = n
			}
		}
	}
	if st.DroppedMaterial > 0 {
		s.Dropped["material"] = st.DroppedMaterial
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func writeStats(path string, s Summary, stdout io.Writer) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if path == "-" {
		_, err = stdout.Write(data)
		return err
	}
	return atomicfile.Write(path, data)
}

func screenshot(b backends.Backend, path string) error {
	w, h := b.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := b.ReadPixels(img); err != nil {
		return fmt.Errorf("read pixels: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFunc(path, func(w io.Writer) error { return png.Encode(w, img) })
}
