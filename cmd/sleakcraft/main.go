// Command sleakcraft is Sleak's sample voxel game.
//
//	sleakcraft [-r vulkan|opengl|d3d11|d3d12] [-w 1200] [-h 800] [-seed N] [-rd 8]
//	           [-world NAME] [-headless] [-frames N] [-screenshot FILE] [-bench]
//
// With a display it opens a window: WASD to walk, mouse to look (click to
// capture, Escape to release), Space to jump (rise when flying), F to toggle
// flying, Ctrl to sprint, Shift to sink, left click to break, right click to
// place, 1-9 or the wheel for the hotbar, F5 to save. Without a display (or
// with -headless) it flies over the world offscreen for -frames frames,
// writes a screenshot, a frame-time summary and a chart, and exits.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/internal/atomicfile"
	"github.com/sleakgo/sleak/voxel/game"
	"github.com/sleakgo/sleak/voxel/save"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type flags struct {
	configPath string
	backend    string
	width      int
	height     int
	seed       int64
	rd         int
	worldName  string
	saves      string
	headless   bool
	frames     int
	screenshot string
	bench      bool
	greedy     string
	validation bool
}

func run(args []string, stdout, stderr io.Writer) int {
	if _, err := assets.ChdirToExecutable(); err != nil {
		fmt.Fprintln(stderr, "sleakcraft:", err)
		return 1
	}
	var fl flags
	fs := flag.NewFlagSet("sleakcraft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&fl.configPath, "config", "game.toml", "the game's declaration")
	fs.StringVar(&fl.backend, "r", "", "backend: vulkan (v), opengl (o), d3d11 (d11), d3d12 (d12); default from game.toml")
	fs.IntVar(&fl.width, "w", 0, "width in pixels; default from game.toml")
	fs.IntVar(&fl.height, "h", 0, "height in pixels; default from game.toml")
	fs.Int64Var(&fl.seed, "seed", 0, "terrain seed of a new world; default from game.toml")
	fs.IntVar(&fl.rd, "rd", 0, fmt.Sprintf("render distance in chunks (%d-%d); default from game.toml", game.MinRenderDistance, game.MaxRenderDistance))
	fs.StringVar(&fl.worldName, "world", "", "world (save folder) name; default from game.toml")
	fs.StringVar(&fl.saves, "saves", "", "folder of the saves; default from game.toml")
	fs.BoolVar(&fl.headless, "headless", false, "render offscreen with a scripted fly-over (implied without a display)")
	fs.IntVar(&fl.frames, "frames", 0, "frames to run: headless default 240, -bench 600; in a window, quit after that many")
	fs.StringVar(&fl.screenshot, "screenshot", "", "PNG of the last frame (headless default out/screenshot.png)")
	fs.BoolVar(&fl.bench, "bench", false, "fly a fixed path over a fresh world and report frame times")
	fs.StringVar(&fl.greedy, "greedy", "", "greedy meshing: on or off; default from game.toml")
	fs.BoolVar(&fl.validation, "validation", false, "turn on the backend's validation layers")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sleakcraft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := play(fl, fs, stdout, stderr); err != nil {
		var list config.Errors
		if errors.As(err, &list) {
			for _, e := range list {
				fmt.Fprintln(stderr, e.Error())
			}
		} else {
			fmt.Fprintln(stderr, "sleakcraft:", err)
		}
		return 1
	}
	return 0
}

func play(fl flags, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	f, ws, err := game.LoadConfig(fl.configPath)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	name := f.Renderer.Backend
	if fl.backend != "" {
		name = fl.backend
	}
	kind, err := backends.ParseKind(name)
	if err != nil {
		return err
	}
	opts := game.Options{Config: f, Backend: kind, Width: f.Window.Width, Height: f.Window.Height, Progress: stderr, Validation: fl.validation}
	if set["w"] {
		opts.Width = fl.width
	}
	if set["h"] {
		opts.Height = fl.height
	}
	if opts.Width <= 0 || opts.Height <= 0 {
		return fmt.Errorf("size %dx%d: width and height must be positive", opts.Width, opts.Height)
	}
	if set["seed"] {
		ws.Seed = fl.seed
	}
	if set["rd"] {
		ws.RenderDistance = fl.rd
	}
	if set["world"] {
		// The name is a folder under the saves folder; checked here so
		// the message names the flag.
		if err := save.CheckWorldName(fl.worldName); err != nil {
			return fmt.Errorf("-world: %w", err)
		}
		ws.Name = fl.worldName
	}
	if set["saves"] {
		ws.SavesDir = fl.saves
	}
	switch fl.greedy {
	case "":
	case "on", "true":
		ws.Greedy = true
	case "off", "false":
		ws.Greedy = false
	default:
		return fmt.Errorf("-greedy %q: valid values are on and off", fl.greedy)
	}
	opts.Headless = fl.headless || os.Getenv("DISPLAY") == ""
	frames := fl.frames
	if frames == 0 {
		frames = 240
		if fl.bench {
			frames = 600
		}
	}
	if fl.bench {
		// A fresh world every time, so runs compare.
		dir, err := os.MkdirTemp("", "sleakcraft-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		ws.SavesDir, ws.Name = dir, "bench"
	}
	if opts.Headless || fl.bench {
		opts.Script = game.FlyOver(uint64(frames))
	} else if set["frames"] {
		opts.MaxFrames = uint64(frames)
	}
	opts.World = ws
	opts.Logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	g, err := game.New(opts)
	if err != nil {
		return err
	}
	defer g.Close()
	if err := g.Load(min(ws.RenderDistance, 4), 5*time.Minute); err != nil {
		return err
	}
	last := time.Now()
	for !g.ShouldClose() {
		now := time.Now()
		dt := now.Sub(last)
		if opts.Script != nil {
			// A scripted run is the same run on every machine: its clock
			// advances 1/60 s a frame however long the frame took.
			dt = time.Second / 60
		}
		if err := g.Step(dt); err != nil {
			return err
		}
		last = now
	}
	sum := game.Summarize(g.FrameTimes())
	fmt.Fprintf(stdout, "%s, render distance %d, %s: %s\n", kind, ws.RenderDistance, sizeString(opts), sum)
	if !opts.Headless && !fl.bench {
		return g.Close()
	}
	shot := fl.screenshot
	if shot == "" {
		shot = "out/screenshot.png"
	}
	if err := writeOutputs(g, shot, sum); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s, %s, %s\n", shot, sibling(shot, "frames.json"), sibling(shot, "frames.png"))
	return g.Close()
}

func sizeString(o game.Options) string { return fmt.Sprintf("%dx%d", o.Width, o.Height) }

func sibling(path, name string) string { return filepath.Join(filepath.Dir(path), name) }

func writeOutputs(g *game.Game, shot string, sum game.FrameSummary) error {
	img, err := g.Screenshot()
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := writeAtomic(shot, func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return err
	}
	if err := writeAtomic(sibling(shot, "frames.json"), func(w io.Writer) error {
		e := json.NewEncoder(w)
		e.SetIndent("", "  ")
		return e.Encode(sum)
	}); err != nil {
		return err
	}
	return writeAtomic(sibling(shot, "frames.png"), func(w io.Writer) error { return game.WriteChart(w, g.FrameTimes()) })
}

// writeAtomic creates path's folder and replaces path only once the new
// content is complete.
func writeAtomic(path string, fill func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFunc(path, fill)
}
