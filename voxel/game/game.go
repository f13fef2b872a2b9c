package game

import (
	"embed"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"path/filepath"
	"sync"
	"time"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ibl"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
	"github.com/sleakgo/sleak/voxel/occlusion"
	"github.com/sleakgo/sleak/voxel/physics"
	"github.com/sleakgo/sleak/voxel/save"
	"github.com/sleakgo/sleak/voxel/world"
)

//go:embed assets
var embedded embed.FS

// gameAssets are the game's shaders, rooted like the assets folder, for the
// runner to mount.
var gameAssets = sync.OnceValue(func() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // the embed line above guarantees the folder
	}
	return sub
})

// FormatName is the vertex format of chunk meshes in game.toml.
const FormatName = "voxel"

// gbufferStem is the game's own gbuffer stem, which writes the flat gbuffer
// stage's face record (gbuffer_stage = "flat").
const gbufferStem = "voxel_gbuffer"

// Options configure a Game. Config and World come from game.toml; the rest
// from the command line.
type Options struct {
	Config   *config.File
	World    WorldSettings
	Backend  backends.Kind
	Width    int
	Height   int
	Headless bool
	// Script drives input when headless (or always, when set).
	Script *Script
	// Logger receives engine and game log lines; nil: slog.Default().
	Logger *slog.Logger
	// Progress receives the loading progress line; nil: discarded.
	Progress io.Writer
	// Validation turns on the backend's validation layers.
	Validation bool
	// MaxFrames ends a windowed game after that many frames (0: when the
	// window closes).
	MaxFrames uint64
	// Prefs are the player's settings; PrefsPath is the file the settings
	// menu saves them to ("" saves nothing: scripted and throw-away runs).
	Prefs     Prefs
	PrefsPath string
	// VSync, when set, overrides game.toml's [window] vsync.
	VSync *bool
	// TimeOfDay, when set, starts the clock there (a fraction of a day from
	// midnight) instead of where the save left it.
	TimeOfDay *float64
	// NoCaveCulling draws every chunk section, hidden by terrain or not:
	// for measuring what cave culling saves.
	NoCaveCulling bool
}

// Game is a running voxel game.
type Game struct {
	opts    Options
	log     *slog.Logger
	runner  *app.Runner
	backend backends.Backend
	reg     *formats.Registry
	voxelFm formats.Handle

	ecs   *ecs.World
	sched *ecs.Scheduler
	ctx   *frame.Context

	world    *world.World
	streamer *world.Streamer
	// caves finds the chunk sections terrain leaves visible (cullCaves).
	caves *occlusion.Search
	store *save.Store
	saver *save.Saver

	atlas backends.TextureID
	// stars is the night sky (nightSky), an overlay map the frames show
	// at night; nil when game.toml names an environment map of its own,
	// which then stays all day.
	stars  *backends.Environment
	chunks map[chunk.Pos]*chunkEntities
	// torches shows the light-giving blocks near the player.
	torches torchLights
	player  Player
	camera  ecs.Entity
	hud     hud
	edits   []world.Edit // every block this session changed, for tests
	frames  frameLog
	closed  bool
	prefs   Prefs
	// effects are game.toml's [effects] settings, which the player's
	// choices turn off or back on.
	effects backends.Effects
	ui      gameUI
	quit    bool // Quit in the pause menu
	// saveErrs carries autosave failures from the saver's goroutine to
	// the next frame, which shows them.
	saveErrs chan error
	// timeOfDay is the world's clock, a fraction of a day from midnight.
	timeOfDay float64
	// fog is how far the fog ends now: it follows the chunks that are
	// drawn (loadedRadius), so the edge of the loaded world is never seen.
	fog          float32
	loadedRadius int
	fogStale     bool // the drawn chunks or the player's chunk changed
	fogCenter    chunk.Pos
}

type chunkEntities struct {
	// one opaque mesh per face direction (block.Face order) and section
	// (bottom to top), so that directions turned away from the camera and
	// sections that terrain hides are not drawn
	opaque     [6][mesh.Sections]ecs.Entity
	opaqueMesh [6][mesh.Sections]backends.MeshID
	// conn is each section's connectivity, for the cave search; occluded
	// and shadowUnseen what the section's entities were last told
	// (ecs.Mesh.Occluded and ShadowUnseen)
	conn            [mesh.Sections]mesh.Connectivity
	occluded        [mesh.Sections]bool
	shadowUnseen    [mesh.Sections]bool
	translucent     ecs.Entity
	translucentMesh backends.MeshID
	lights          []blockLight // the chunk's light-giving blocks
}

// Player is the first-person player.
type Player struct {
	Body      physics.Body
	Params    physics.Params
	Yaw       float64 // radians, 0 looks towards -Z
	Pitch     float64 // radians, up is positive
	Hotbar    [9]block.ID
	Selected  int
	Target    physics.Hit
	HasTarget bool
}

// New opens the world (creating it on first run), the backend and the
// render systems, through the application runner.
func New(opts Options) (*Game, error) {
	if err := opts.World.Validate(); err != nil {
		return nil, err
	}
	if opts.Prefs == (Prefs{}) {
		opts.Prefs = DefaultPrefs()
	}
	g := &Game{opts: opts, log: opts.Logger, chunks: map[chunk.Pos]*chunkEntities{}, prefs: opts.Prefs, frames: newFrameLog(runLength(opts))}
	if opts.Script != nil {
		opts.Script.game = g
	}
	if g.log == nil {
		g.log = slog.Default()
	}
	o := app.Options{File: opts.Config, Backend: opts.Backend.String(), Width: opts.Width, Height: opts.Height,
		Headless: opts.Headless, Validation: opts.Validation, Logger: g.log, VSync: opts.VSync}
	r, err := app.Start(app.Game{Name: "sleakcraft", Assets: gameAssets(), Setup: g.setup}, o)
	if err != nil {
		g.closeWorld()
		return nil, err
	}
	g.runner = r
	if opts.Script != nil {
		r.Input = func(in *ecs.Input, frame uint64) { opts.Script.Apply(frame, in) }
	}
	return g, nil
}

// setup runs inside the runner's start, once the backend is open: it opens
// the world and adds the game's systems.
func (g *Game) setup(r *app.Runner) error {
	g.backend, g.reg = r.Backend, r.Formats
	h, ok := r.Handles[FormatName]
	if !ok {
		return fmt.Errorf("%s: no [[vertex_format]] named %q: the game draws its chunks with it", r.Config.Path, FormatName)
	}
	g.voxelFm = h
	l, _ := g.reg.Get(h)
	if l.InstanceStride != uint32(mesh.QuadSize) || l.PerVertex() {
		return fmt.Errorf("%s: vertex format %q has instance_stride %d and per-vertex attributes %v; chunks are instanced quads of %d bytes and no vertices",
			r.Config.Path, FormatName, l.InstanceStride, l.PerVertex(), mesh.QuadSize)
	}
	if l.GBufferShader == gbufferStem && l.GBufferStage != formats.GBufferFlat {
		return fmt.Errorf("%s: vertex format %q has gbuffer_stage %q; the game's gbuffer stem %s writes the flat stage's face record: set gbuffer_stage = \"flat\"",
			r.Config.Path, FormatName, l.GBufferStage, gbufferStem)
	}
	if err := g.openWorld(); err != nil {
		return err
	}
	g.ecs, g.sched, g.ctx = r.World, r.Scheduler, r.Frame
	return g.setupScene()
}

func (g *Game) openWorld() error {
	ws := g.opts.World
	dir := filepath.Join(ws.SavesDir, ws.Name)
	store, err := save.Open(dir)
	if err != nil {
		return err
	}
	seed := ws.Seed
	info, err := store.LoadWorld()
	switch {
	case err == nil:
		seed = info.Seed
	case errors.Is(err, fs.ErrNotExist):
		info = nil
	default:
		return err // a newer version, or a damaged world file: never overwrite it
	}
	g.store = store
	g.world = world.New(world.Config{Seed: seed, Source: store, Report: func(err error) {
		g.log.Warn("chunk regenerated: " + err.Error())
	}})
	g.player.Params = physics.DefaultParams()
	g.player.Hotbar = block.Hotbar
	g.timeOfDay = startTimeOfDay
	if info != nil && info.TimeOfDay != nil {
		g.timeOfDay = *info.TimeOfDay
	}
	if t := g.opts.TimeOfDay; t != nil {
		g.timeOfDay = *t - math.Floor(*t)
	}
	if info != nil {
		p := info.Player
		g.player.Body.Pos = physics.Vec3{X: p.Position[0], Y: p.Position[1], Z: p.Position[2]}
		g.player.Yaw, g.player.Pitch, g.player.Body.Flying = p.Yaw, p.Pitch, p.Flying
		if ids := p.HotbarIDs(); ids != [9]block.ID{} {
			g.player.Hotbar = ids
		}
		g.player.Selected = min(max(p.Selected, 0), 8)
	} else {
		x, y, z := g.world.Generator().Spawn()
		g.player.Body.Pos = physics.Vec3{X: float64(x) + 0.5, Y: float64(y), Z: float64(z) + 0.5}
	}
	g.streamer = world.NewStreamer(g.world, world.StreamConfig{
		RenderDistance: ws.RenderDistance,
		CoarseDistance: ws.CoarseDistance,
		UploadBudget:   8,
		Mesh:           mesh.Options{Greedy: ws.Greedy},
	})
	g.caves = occlusion.NewSearch(cavesRadius(ws.RenderDistance))
	g.saveErrs = make(chan error, 4)
	g.saver = save.NewSaver(g.world, store, save.SaverConfig{
		Interval: ws.Autosave(),
		// Autosaves fail on the saver's goroutine: the error is handed to
		// the frame, which shows it, and a full queue still logs it.
		Report: func(err error) {
			select {
			case g.saveErrs <- err:
			default:
				g.log.Error(err.Error())
			}
		},
	})
	g.saver.SetPlayer(g.playerState())
	return nil
}

func (g *Game) playerState() save.Player {
	p := save.Player{
		Position: [3]float64{g.player.Body.Pos.X, g.player.Body.Pos.Y, g.player.Body.Pos.Z},
		Yaw:      g.player.Yaw, Pitch: g.player.Pitch, Flying: g.player.Body.Flying,
		Selected: g.player.Selected,
	}
	p.SetHotbar(g.player.Hotbar)
	return p
}

func (g *Game) setupScene() error {
	var err error
	g.atlas, err = g.backend.CreateTexture(Atlas(), backends.TextureOptions{Nearest: true})
	if err != nil {
		return fmt.Errorf("atlas texture: %w", err)
	}
	if g.ctx.Env.Map == nil {
		m, err := ibl.SkyOnly("night sky", nightSky())
		if err != nil {
			return err
		}
		if g.stars, err = m.Upload(g.backend, starIntensity); err != nil {
			return fmt.Errorf("night sky: %w", err)
		}
		g.stars.Overlay = true
	}
	rd := float32(g.opts.World.RenderDistance * chunk.Size)
	// Three chunks of shadow: the four cascades keep the nearest blocks'
	// shadows sharp while the far ones still get them.
	g.ctx.Env.ShadowDistance = 96
	g.effects = g.ctx.Env.Effects
	g.applyEffects()
	g.ecs.SpawnLight(ecs.NewTransform(vmath.Vec3{}), daylightAt(g.timeOfDay).light)
	g.camera = g.ecs.SpawnCamera(ecs.NewTransform(vmath.Vec3{}), ecs.Camera{FovY: 70, Near: 0.05, Far: rd + 64, Active: true})
	if err := g.hud.init(g); err != nil {
		return err
	}
	g.torches.init(g.ecs)
	g.ui.canvas = g.ctx.UI
	g.sched.Add(ecs.FixedUpdate, ecs.SystemFunc(g.movePlayer))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.menuKeys))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.captureMouse))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.look))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.interact))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.streamChunks))
	g.sched.Add(ecs.Update, ecs.SystemFunc(g.advanceDay))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.placeCamera))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.cullCaves))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.followLoaded))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.lightTorches))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.drawBorders))
	g.sched.Add(ecs.LateUpdate, ecs.SystemFunc(g.drawUI))
	return nil
}

// Runner returns the application runner the game runs on.
func (g *Game) Runner() *app.Runner { return g.runner }

// Backend returns the game's backend.
func (g *Game) Backend() backends.Backend { return g.backend }

// World returns the voxel world.
func (g *Game) World() *world.World { return g.world }

// PlayerState returns the player.
func (g *Game) PlayerState() *Player { return &g.player }

// Edits returns every block change this session made, in order.
func (g *Game) Edits() []world.Edit { return g.edits }

// Stats returns the last frame's render statistics.
func (g *Game) Stats() *backends.Stats { return g.ctx.Stats }

// FrameTimes returns the CPU time of each frame kept, oldest first: every
// frame of a run of known length (Options.MaxFrames, Script.End), or of an
// open-ended session the most recent ones, up to 32,768 frames.
func (g *Game) FrameTimes() []time.Duration {
	cpu, _ := g.frames.frames()
	return cpu
}

// GPUTimes returns, for the frames FrameTimes returns and in its order, the
// GPU time of each pass the backend measured then (zero where it has no
// timestamps).
func (g *Game) GPUTimes() [][formats.NumPasses]time.Duration {
	_, gpu := g.frames.frames()
	return gpu
}

// Load streams the chunks within radius of the player before play starts,
// writing a progress line. It returns once they are all uploaded, or the
// timeout passed.
func (g *Game) Load(radius int, timeout time.Duration) error {
	// The streamer meshes a disc of chunks: count the same disc.
	want := 0
	for dx := -radius; dx <= radius; dx++ {
		for dz := -radius; dz <= radius; dz++ {
			if dx*dx+dz*dz <= radius*radius {
				want++
			}
		}
	}
	center := chunk.PosOf(int(math.Floor(g.player.Body.Pos.X)), int(math.Floor(g.player.Body.Pos.Z)))
	deadline := time.Now().Add(timeout)
	last := -1
	for {
		g.streamChunks(g.ecs)
		have := 0
		for p := range g.chunks {
			dx, dz := int(p.X-center.X), int(p.Z-center.Z)
			if dx*dx+dz*dz <= radius*radius {
				have++
			}
		}
		if g.opts.Progress != nil && have != last && (have == want || have-last >= max(want/10, 1) || last < 0) {
			fmt.Fprintf(g.opts.Progress, "generating world: %d/%d chunks\n", have, want)
			last = have
		}
		if have >= want {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("loading the %d chunks around the player took longer than %v", want, timeout)
		}
		time.Sleep(2 * time.Millisecond)
	}
	// The player may have been placed before the ground existed.
	g.settlePlayer()
	return nil
}

// settlePlayer lifts the player out of any block it stands in.
func (g *Game) settlePlayer() {
	b := &g.player.Body
	for i := 0; i < chunk.Height; i++ {
		box := b.Box(&g.player.Params)
		blocked := false
		for x := int(math.Floor(box.Min.X)); x <= int(math.Floor(box.Max.X)); x++ {
			for z := int(math.Floor(box.Min.Z)); z <= int(math.Floor(box.Max.Z)); z++ {
				for y := int(math.Floor(box.Min.Y)); y <= int(math.Floor(box.Max.Y)); y++ {
					if g.world.Solid(x, y, z) {
						blocked = true
					}
				}
			}
		}
		if !blocked {
			return
		}
		b.Pos.Y = math.Floor(b.Pos.Y) + 1
	}
}

// Step runs one frame of dt.
func (g *Game) Step(dt time.Duration) error {
	w := g.ecs
	start := time.Now()
	err := g.runner.Step(dt)
	var gpu [formats.NumPasses]time.Duration
	if st := g.ctx.Stats; st.GPUFrame != 0 {
		gpu = st.GPUTime
	}
	g.frames.add(time.Since(start), &gpu)
	if err != nil {
		return err
	}
	if w.Input.Pressed[ecs.KeyF5] {
		g.saveNow()
	}
	return nil
}

// ShouldClose reports whether the window was closed or Escape asked to quit.
func (g *Game) ShouldClose() bool {
	if g.opts.Script != nil && g.opts.Script.Done(g.ecs.Time.Frame) {
		return true
	}
	if g.opts.MaxFrames > 0 && g.ecs.Time.Frame >= g.opts.MaxFrames {
		return true
	}
	if g.quit {
		return true
	}
	win := g.backend.Window()
	return win != nil && win.ShouldClose()
}

// Save writes the world and the player now.
func (g *Game) Save() error {
	g.saver.SetPlayer(g.playerState())
	return g.saver.Save()
}

// Screenshot reads the last frame.
func (g *Game) Screenshot() (*image.RGBA, error) {
	w, h := g.backend.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := g.backend.ReadPixels(img); err != nil {
		return nil, err
	}
	return img, nil
}

// Close stops streaming, saves a last time, and shuts the backend down.
func (g *Game) Close() error {
	if g.closed {
		return nil
	}
	g.closed = true
	errs := []error{g.closeWorld()}
	if g.runner != nil {
		errs = append(errs, g.runner.Close())
	}
	return errors.Join(errs...)
}

func (g *Game) closeWorld() error {
	if g.streamer != nil {
		g.streamer.Close()
	}
	if g.saver != nil {
		g.saver.SetPlayer(g.playerState())
		return g.saver.Close()
	}
	return nil
}

// SetView places the player's eye and look direction directly, for
// screenshots from a fixed camera.
func (g *Game) SetView(eye vmath.Vec3, yaw, pitch float64) {
	p := &g.player
	p.Body.Pos = physics.Vec3{X: float64(eye[0]), Y: float64(eye[1]) - p.Params.EyeHeight, Z: float64(eye[2])}
	p.Body.Vel = physics.Vec3{}
	p.Body.Flying = true
	p.Yaw, p.Pitch = yaw, pitch
}

// StreamStats is what the chunk streamer holds now: chunks meshed and
// drawn, coarse among them, loaded and in flight.
func (g *Game) StreamStats() world.StreamStats { return g.streamer.Stats() }

// SaveDir is the folder the world is saved in.
func (g *Game) SaveDir() string { return g.store.Dir() }
