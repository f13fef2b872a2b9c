package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/choose"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ibl"
	"github.com/sleakgo/sleak/input"
	"github.com/sleakgo/sleak/scene"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/render"
)

// Game is what a game gives the runner. Only Setup is usually needed; the
// rest have defaults.
type Game struct {
	// Name is the command's name in usage lines and error messages;
	// default "game".
	Name string
	// Config is the path of the game's declaration; default "game.toml".
	// The -config flag overrides it.
	Config string
	// Assets are the game's own files, rooted like the assets folder
	// ("shaders/foo.vert.spv" is the asset "assets/shaders/foo.vert.spv").
	// The runner mounts them once (assets.Mount), so a game that embeds its
	// shaders and models runs from any directory.
	Assets fs.FS
	// Sections are the game's own game.toml tables, decoded into its values
	// before Setup runs. Declare them in [game] sections too, so the tools
	// accept the file.
	Sections []config.Section
	// Flags adds the game's own command-line flags to the standard ones.
	Flags func(fs *flag.FlagSet)
	// Setup runs once the backend is open and the scene is built, before
	// the first frame: add systems (Runner.Add, Runner.Scheduler) and
	// resources, spawn entities, set the environment.
	Setup func(r *Runner) error
	// Done runs after the last frame when the loop ended without error,
	// before the screenshot and statistics are written and the backend
	// closes.
	Done func(r *Runner) error
}

// Options are the run settings the standard flags set. Zero values take
// game.toml's values or the documented defaults.
type Options struct {
	// File is game.toml already loaded (by a test, or a game that loads
	// it itself); Config and Game.Sections are then not read.
	File       *config.File
	Config     string        // game.toml path; default Game.Config
	Backend    string        // a backend name as -r takes it; default game.toml's
	Width      int           // framebuffer width; default game.toml's [window] width
	Height     int           // framebuffer height; default game.toml's
	VSync      *bool         // nil: game.toml's
	Validation bool          // the driver's validation layers
	Headless   bool          // render offscreen; implied without a display
	Frames     int           // stop after this many frames; 0: headless 1, windowed until closed
	Screenshot string        // write the last frame as a PNG here
	Stats      string        // write frame statistics as JSON here ("-": Stdout)
	CPUProfile string        // write a CPU profile of the run here (RunArgs; see StartCPUProfile)
	Strict     bool          // strict shaders even if game.toml says otherwise
	FixedStep  time.Duration // the FixedUpdate interval; default 1/60 s
	// Clock is the time a frame advances: 0 measures real time in a
	// window and uses FixedStep headless, so headless runs are the same on
	// every machine.
	Clock time.Duration
	// Open opens the backend instead of backends/choose: a test's own
	// backend, or one the game brings.
	Open   func(backends.Config) (backends.Backend, error)
	Logger *slog.Logger // default: text to Stderr at Info
	Stdout io.Writer    // default os.Stdout
	Stderr io.Writer    // default os.Stderr
	// HotReload watches the shader files and rebuilds the programs an
	// edit touches, without a restart, even if game.toml's [shaders]
	// hot_reload is false (see docs/SHADERS.md).
	HotReload bool

	reloadInterval time.Duration // how often hot reload looks; 0: the watcher's default
}

// Runner is a running game. Its fields are set by Start and may be read by
// the game (in Setup and in tests); replace none of them.
type Runner struct {
	Game      Game
	Options   Options
	Config    *config.File
	Kind      backends.Kind
	Headless  bool
	Backend   backends.Backend
	Formats   *formats.Registry
	Handles   map[string]formats.Handle // the game.toml formats by name
	World     *ecs.World
	Scheduler *ecs.Scheduler
	Frame     *frame.Context
	Render    *render.Systems
	Log       *slog.Logger
	// Input, when set, runs each frame after the window's events reached
	// World.Input and before the systems: scripted input for headless runs
	// and tests.
	Input func(in *ecs.Input, frame uint64)

	source  *input.Source
	reload  *hotReload
	ctl     control
	sysErr  error
	frames  int
	cpu     time.Duration // CPU time of every frame, for the mean
	last    time.Time
	closed  bool
	started bool
}

// Start loads the game, opens its backend and builds its scene; the caller
// runs frames with Step or Run and must Close the runner. Nothing is left
// open when it fails.
func Start(g Game, o Options) (*Runner, error) {
	r := &Runner{Game: g, Options: o}
	if err := r.start(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

func (r *Runner) start() error {
	o := &r.Options
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	r.Log = o.Logger
	if r.Log == nil {
		r.Log = slog.New(slog.NewTextHandler(o.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	if g := r.Game; g.Assets != nil {
		mount(g.Assets)
	}
	path := o.Config
	if path == "" {
		path = r.Game.Config
	}
	if path == "" {
		path = "game.toml"
	}
	f := o.File
	if f == nil {
		var err error
		if f, err = config.Load(path, r.Game.Sections...); err != nil {
			return err
		}
	}
	r.Config = f
	var err error
	name := f.Renderer.Backend
	if o.Backend != "" {
		name = o.Backend
	}
	if r.Kind, err = backends.ParseKind(name); err != nil {
		return err
	}
	r.Formats = formats.NewRegistry()
	if r.Handles, err = f.Register(r.Formats); err != nil {
		return err
	}
	strict := o.Strict || f.Renderer.StrictShaders
	if strict {
		// Missing files are known without a device: say so before opening
		// one, which takes seconds on a software driver.
		if err := checkFiles(r.Kind, r.Formats, f); err != nil {
			return err
		}
	}
	w, h := f.Window.Width, f.Window.Height
	if o.Width != 0 {
		w = o.Width
	}
	if o.Height != 0 {
		h = o.Height
	}
	if w <= 0 || h <= 0 {
		return fmt.Errorf("size %dx%d: width and height must be positive", w, h)
	}
	r.Headless = o.Headless || !hasDisplay()
	log := r.Log
	cfg := backends.Config{Width: w, Height: h, Formats: r.Formats, Logger: log, Validation: o.Validation,
		ShadowMapSize: f.Renderer.ShadowMapSize}
	if !r.Headless {
		vsync := f.Window.VSync
		if o.VSync != nil {
			vsync = *o.VSync
		}
		cfg.Window = &backends.WindowConfig{Title: f.Window.Title, VSync: vsync, Fullscreen: f.Window.Fullscreen}
	}
	open := o.Open
	if open == nil {
		open = func(cfg backends.Config) (backends.Backend, error) { return choose.Open(r.Kind, cfg) }
	}
	if r.Backend, err = open(cfg); err != nil {
		return err
	}
	// Before anything loads a shader, so the folders on disk are mounted
	// over the embedded copies from the first program on.
	if err := r.startReload(path); err != nil {
		return err
	}
	r.World = ecs.NewWorld()
	ecs.AddResource(r.World, &r.ctl)
	r.Scheduler = ecs.NewScheduler()
	if o.FixedStep > 0 {
		r.Scheduler.FixedStep = o.FixedStep
	}
	r.Frame = frame.NewContext(r.Backend, r.Formats, log)
	r.Frame.Env.PunctualLights = !f.Lighting.PunctualLightsOff
	r.Frame.Env.MaxLights = f.Lighting.MaxLights
	r.Frame.Env.Effects = f.Effects.Settings()
	r.Frame.Env.ShadowMapSize = f.Renderer.ShadowMapSize
	r.Frame.Env.CascadeInterval = f.Renderer.CascadeInterval
	if f.Environment.Map != "" {
		m, err := ibl.Load(f.Environment.Map)
		if err != nil {
			return err
		}
		if r.Frame.Env.Map, err = m.Upload(r.Backend, f.Environment.Intensity); err != nil {
			return fmt.Errorf("%s: %w", f.Environment.Map, err)
		}
	}
	// The screen-space interface: games draw on it from any system
	// (ecs.Resource[ui.Canvas]); the UI pass shows it after the composite.
	ecs.AddResource(r.World, r.Frame.UI)
	// Debug lines, likewise (ecs.Resource[debugdraw.List]), drawn after the
	// composite and before the UI when game.toml turns them on.
	r.Frame.Debug.SetEnabled(f.Renderer.DebugLines)
	ecs.AddResource(r.World, r.Frame.Debug)
	if strict {
		if err := buildAll(r); err != nil {
			return err
		}
	}
	if err := scene.BuildFormats(f, r.World, r.Backend, r.Formats); err != nil {
		return err
	}
	r.source = input.Attach(r.Backend.Window())
	if r.Game.Setup != nil {
		if err := r.Game.Setup(r); err != nil {
			return fmt.Errorf("set up: %w", err)
		}
	}
	r.Render = render.Install(r.Scheduler, r.Frame)
	if err := r.Scheduler.Init(r.World); err != nil {
		return err
	}
	r.started = true
	r.World.Window.Width, r.World.Window.Height = r.Backend.Size()
	return nil
}

// hasDisplay reports whether a window can be opened: on Linux an X or
// Wayland display must be named, since GLFW's own check only logs.
func hasDisplay() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// Add adds a system that can fail to a stage, after those added before.
// Add systems in Game.Setup: the render systems are installed after it.
func (r *Runner) Add(stage ecs.Stage, s System) {
	r.Scheduler.Add(stage, &fallible{sys: s, stage: stage, err: &r.sysErr})
}

// Step runs one frame advancing the clock by dt: the window's events into
// World.Input, then Input, then every system. It returns the first error a
// system or the renderer met in the frame.
func (r *Runner) Step(dt time.Duration) error {
	// Between frames, so a changed shader is rebuilt before the frame
	// that draws with it.
	if err := r.applyReload(); err != nil {
		return err
	}
	w := r.World
	w.Input.BeginStep()
	r.source.Poll(&w.Input)
	if r.Input != nil {
		r.Input(&w.Input, w.Time.Frame)
	}
	// The backend reports a window resize in Size once it has polled, so
	// the camera's aspect follows the window the same frame.
	w.Window.Width, w.Window.Height = r.Backend.Size()
	r.Frame.UI.Begin(w.Window.Width, w.Window.Height, &w.Input)
	r.Scheduler.Step(w, dt)
	r.frames++
	r.cpu += r.Frame.Stats.CPUTime
	if r.sysErr != nil {
		return r.sysErr
	}
	if err := r.Render.Err(); err != nil {
		return fmt.Errorf("frame %d: %w", w.Time.Frame, err)
	}
	return nil
}

// Frames returns the number of frames run.
func (r *Runner) Frames() int { return r.frames }

// Done reports whether the loop should end: Quit was called, the window
// closed, or the frame limit was reached.
func (r *Runner) Done() bool {
	if r.ctl.quit {
		return true
	}
	if n := r.frameLimit(); n > 0 && r.frames >= n {
		return true
	}
	win := r.Backend.Window()
	return win != nil && win.ShouldClose()
}

func (r *Runner) frameLimit() int {
	if r.Options.Frames == 0 && r.Headless {
		return 1
	}
	return r.Options.Frames
}

// Run runs frames until Done, then Game.Done, and writes the screenshot and
// statistics the options ask for. It does not Close the runner.
func (r *Runner) Run() error {
	clock := r.Options.Clock
	if clock == 0 && r.Headless {
		clock = r.Scheduler.FixedStep
	}
	r.last = time.Now()
	for !r.Done() {
		now := time.Now()
		dt := now.Sub(r.last)
		r.last = now
		if clock > 0 {
			dt = clock
		}
		if err := r.Step(dt); err != nil {
			return err
		}
	}
	if r.Game.Done != nil {
		if err := r.Game.Done(r); err != nil {
			return err
		}
	}
	return r.writeOutputs()
}

// Close ends the systems and closes the backend; it is safe to call twice.
func (r *Runner) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	var errs []error
	if r.source != nil {
		r.source.Close()
	}
	if r.reload != nil {
		r.reload.w.Close() // before the backend goes, so nothing is handed to it
	}
	if r.started {
		errs = append(errs, r.Scheduler.Close(r.World))
	}
	if r.Backend != nil {
		errs = append(errs, r.Backend.Close())
	}
	return errors.Join(errs...)
}
