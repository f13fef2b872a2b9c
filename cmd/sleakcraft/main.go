// Command sleakcraft is Sleak's sample voxel game.
//
//	sleakcraft [-r vulkan|opengl|d3d11|d3d12] [-size 1200x800] [-seed N] [-rd 8]
//	           [-world NAME] [-headless] [-frames N] [-screenshot FILE] [-stats FILE] [-bench] [-nocaves]
//
// It takes the standard flags of every game on the application runner
// (sleakcraft -h lists them) and its own.
//
// With a display it opens a window: WASD to walk, mouse to look (click to
// capture, Escape to release), Space to jump (rise when flying), F to toggle
// flying, Ctrl to sprint, Shift to sink, left click to break, right click to
// place, 1-9 or the wheel for the hotbar, F5 to save, F3 for the debug
// overlay, F6 for chunk borders (debug lines). Without a display (or
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

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/internal/atomicfile"
	"github.com/sleakgo/sleak/voxel/game"
	"github.com/sleakgo/sleak/voxel/save"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type flags struct {
	app       app.Options
	seed      int64
	rd        int
	worldName string
	saves     string
	bench     bool
	noCaves   bool
	greedy    string
	settings  string
	chartMS   float64
	clock     string
}

func run(args []string, stdout, stderr io.Writer) int {
	if _, err := assets.ChdirToExecutable(); err != nil {
		fmt.Fprintln(stderr, "sleakcraft:", err)
		return 1
	}
	var fl flags
	fs := flag.NewFlagSet("sleakcraft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	finish := app.AddFlags(fs, &fl.app, "game.toml")
	fs.Int64Var(&fl.seed, "seed", 0, "terrain seed of a new world; default from game.toml")
	fs.IntVar(&fl.rd, "rd", 0, fmt.Sprintf("render distance in chunks (%d-%d); default from game.toml", game.MinRenderDistance, game.MaxRenderDistance))
	fs.StringVar(&fl.worldName, "world", "", "world (save folder) name; default from game.toml")
	fs.StringVar(&fl.saves, "saves", "", "folder of the saves; default from game.toml")
	fs.BoolVar(&fl.bench, "bench", false, "fly a fixed path over a fresh world and report frame times")
	fs.BoolVar(&fl.noCaves, "nocaves", false, "draw chunk sections that terrain hides from the camera too (no cave culling)")
	fs.StringVar(&fl.greedy, "greedy", "", "greedy meshing: on or off; default from game.toml")
	fs.StringVar(&fl.settings, "settings", "", "the player's settings file; default "+game.SettingsFile+" in the saves folder")
	fs.StringVar(&fl.clock, "time", "", "time of day to start at, HH:MM (06:00 sunrise, 18:00 sunset); default where the world was saved")
	fs.Float64Var(&fl.chartMS, "chart-scale", 0, "the frame chart's time axis in ms, fixed so runs compare (0: scaled to the run)")
	if code, ok := app.Parse(fs, args, "sleakcraft"); !ok {
		return code
	}
	if err := finish(); err != nil {
		fmt.Fprintln(stderr, "sleakcraft:", err)
		return 2
	}
	if !(fl.chartMS >= 0 && fl.chartMS <= 60000) {
		fmt.Fprintf(stderr, "sleakcraft: -chart-scale %g: want 0 (scaled to the run) to 60000 ms\n", fl.chartMS)
		return 2
	}
	stop, err := app.StartCPUProfile(fl.app.CPUProfile)
	if err == nil {
		err = errors.Join(play(fl, fs, stdout, stderr), stop())
	}
	if err != nil {
		app.PrintError(stderr, "sleakcraft", err)
		return 1
	}
	return 0
}

func play(fl flags, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	f, ws, err := game.LoadConfig(fl.app.Config)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	name := f.Renderer.Backend
	if fl.app.Backend != "" {
		name = fl.app.Backend
	}
	kind, err := backends.ParseKind(name)
	if err != nil {
		return err
	}
	if fl.app.Strict {
		f.Renderer.StrictShaders = true
	}
	opts := game.Options{Config: f, Backend: kind, Width: fl.app.Width, Height: fl.app.Height, Progress: stderr, Validation: fl.app.Validation}
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
	if set["time"] {
		t, err := game.ParseTimeOfDay(fl.clock)
		if err != nil {
			return fmt.Errorf("-time: %w", err)
		}
		opts.TimeOfDay = &t
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
	opts.Headless = fl.app.Headless || os.Getenv("DISPLAY") == ""
	opts.NoCaveCulling = fl.noCaves
	prefsPath := fl.settings
	if prefsPath == "" {
		prefsPath = filepath.Join(ws.SavesDir, game.SettingsFile)
	}
	prefs, warnings, err := game.LoadPrefs(prefsPath)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintln(stderr, "sleakcraft:", w)
	}
	if !set["rd"] && prefs.RenderDistance != 0 {
		ws.RenderDistance = prefs.RenderDistance
	}
	if _, err := os.Stat(prefsPath); err == nil && fl.app.VSync == nil {
		opts.VSync = &prefs.VSync
	} else {
		opts.VSync = fl.app.VSync
	}
	opts.Prefs = prefs
	fmt.Fprintf(stderr, "settings: %s: mouse sensitivity %.1f, invert Y %v, field of view %d, render distance %d\n",
		filepath.Clean(prefsPath), prefs.MouseSensitivity, prefs.InvertY, prefs.FOV, ws.RenderDistance)
	frames := fl.app.Frames
	if frames == 0 {
		frames = 240
		if fl.bench {
			frames = 600
		}
	}
	scripted := opts.Headless || fl.bench
	if scripted && !set["world"] {
		// The fly-over and the benchmark start from a fresh world every
		// time, so runs compare and the player's own save is never read
		// or written; naming a world with -world flies over that one.
		dir, err := os.MkdirTemp("", "sleakcraft-flyover-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		ws.SavesDir, ws.Name = dir, "flyover"
	}
	if scripted {
		opts.Script = game.FlyOver(uint64(frames))
	} else {
		// Only a played game saves settings the player changed.
		opts.PrefsPath = prefsPath
		if set["frames"] {
			opts.MaxFrames = uint64(frames)
		}
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
	var passes passTally
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
		passes.add(g.Backend().Stats())
		if fl.bench && passes.frames%chunkSample == 0 {
			// sampled: the streamer's stats walk every chunk it keeps,
			// time between frames that the frame time leaves out
			passes.addChunks(g.StreamStats())
		}
		last = now
	}
	sum := game.Summarize(g.FrameTimes())
	fmt.Fprintf(stdout, "%s, render distance %d, %s: %s\n", kind, ws.RenderDistance, sizeString(g), sum)
	if fl.bench {
		passes.print(stdout)
	}
	if fl.app.Stats != "" {
		if err := writeStats(fl.app.Stats, g.Runner().Summary(), stdout); err != nil {
			return err
		}
	}
	if !opts.Headless && !fl.bench && fl.app.Screenshot == "" {
		return g.Close()
	}
	shot := fl.app.Screenshot
	if shot == "" {
		shot = "out/screenshot.png"
	}
	// One separator in what is printed: Clean writes the platform's.
	shot = filepath.Clean(shot)
	chart := game.Chart{Title: fmt.Sprintf("%s, %s, render distance %d", kind, sizeString(g), ws.RenderDistance), ScaleMS: fl.chartMS, GPU: g.GPUTimes()}
	if err := writeOutputs(g, shot, sum, chart); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s, %s, %s\n", shot, sibling(shot, "frames.json"), sibling(shot, "frames.png"))
	return g.Close()
}

func writeStats(path string, s app.Summary, stdout io.Writer) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if path == "-" {
		_, err = stdout.Write(data)
		return err
	}
	return writeAtomic(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

func sizeString(g *game.Game) string {
	w, h := g.Backend().Size()
	return fmt.Sprintf("%dx%d", w, h)
}

func sibling(path, name string) string { return filepath.Join(filepath.Dir(path), name) }

func writeOutputs(g *game.Game, shot string, sum game.FrameSummary, chart game.Chart) error {
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
	return writeAtomic(sibling(shot, "frames.png"), func(w io.Writer) error { return game.WriteChart(w, g.FrameTimes(), chart) })
}

// writeAtomic creates path's folder and replaces path only once the new
// content is complete.
func writeAtomic(path string, fill func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFunc(path, fill)
}
