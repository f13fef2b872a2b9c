// Package coretest is a recording core.Driver for unit tests of the core and
// of the render systems: it draws nothing, and remembers what it was asked to
// do, so a test can check which passes ran, with which draws, and what was
// freed when. No test that claims rendering works uses it.
package coretest

import (
	"errors"
	"image"
	"strconv"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// Mesh, Texture and Program are the recorder's objects: a serial number
// each, so a test can tell them apart.
type (
	Mesh    struct{ N int }
	Texture struct{ N int }
	Program struct {
		N    int
		Spec core.ProgramSpec
	}
	Draw = core.Draw[Mesh, Texture, Program]
)

// Backend is the core over the recorder.
type Backend = core.Backend[Mesh, Texture, Program]

// Driver records every call. Fail, when set, makes NewProgram fail for the
// files it returns true for; Lag holds Completed that many frames behind.
// GPU, when set, is what GPUTimes reports for the frame Lag+1 back.
type Driver struct {
	Passes []formats.Pass // every RunPass, RunEffect and RunLines, in order
	// Effects says, per effect pass, whether its last RunEffect had it on;
	// Modes is what that call asked for.
	Effects [formats.NumPasses]bool
	Modes   [formats.NumPasses]core.EffectMode
	Draws   [formats.NumPasses][]Draw
	// Lines is what the last RunLines drew, copied.
	Lines     core.Lines
	Freed     []string // "mesh 1", "texture 2", "program 3", in order
	Resizes   [][2]int
	Built     []core.ProgramSpec
	Frames    uint64 // frames ended
	Lag       uint64
	Fail      func(files backends.ShaderFiles) bool
	SurfaceW  int // the window size Surface reports; 0 renders offscreen
	SurfaceH  int
	Stale     bool // the next BeginFrame reports a stale surface
	Validated int
	// Lights is the light count of the last grid uploaded.
	Lights int
	// Environment is the texture the last SetEnvironment named.
	Environment Texture
	// Redraw is what the last RedrawCascades named.
	Redraw uint8
	// Block is the Frame block the last BeginFrame uploaded.
	Block backends.FrameBlock
	// Reloads counts ReloadEngine calls; ReloadErr, when set, fails them.
	Reloads   int
	ReloadErr error
	GPU       *[formats.NumPasses]time.Duration

	n int
}

// Open starts the core over a new recorder. cfg.Formats nil gets a fresh
// registry.
func Open(cfg backends.Config) (*Backend, *Driver, error) {
	if cfg.Formats == nil {
		cfg.Formats = formats.NewRegistry()
	}
	d := &Driver{}
	b, err := core.New(backends.Vulkan, cfg, func(backends.Config) (core.Driver[Mesh, Texture, Program], error) { return d, nil })
	return b, d, err
}

func (d *Driver) next() int { d.n++; return d.n }

func (d *Driver) NewMesh(*formats.Layout, core.MeshData) (Mesh, error) { return Mesh{d.next()}, nil }
func (d *Driver) NewTexture(*image.RGBA, backends.TextureOptions) (Texture, error) {
	return Texture{d.next()}, nil
}

func (d *Driver) NewProgram(spec core.ProgramSpec) (Program, error) {
	if d.Fail != nil && d.Fail(spec.Files) {
		return Program{}, &backends.ShaderError{Path: spec.Files.Vertex.Path, Stage: backends.StageVertex, Err: errors.New("does not compile")}
	}
	d.Built = append(d.Built, spec)
	return Program{N: d.next(), Spec: spec}, nil
}

func (d *Driver) FreeMesh(m Mesh)        { d.Freed = append(d.Freed, "mesh "+strconv.Itoa(m.N)) }
func (d *Driver) FreeTexture(t Texture)  { d.Freed = append(d.Freed, "texture "+strconv.Itoa(t.N)) }
func (d *Driver) FreeProgram(p Program)  { d.Freed = append(d.Freed, "program "+strconv.Itoa(p.N)) }
func (d *Driver) White() Texture         { return Texture{-1} }
func (d *Driver) ShadowProgram() Program { return Program{N: -1} }
func (d *Driver) UIProgram() Program     { return Program{N: -2} }

func (d *Driver) BeginFrame(b *backends.FrameBlock) error {
	if d.Stale {
		d.Stale = false
		return core.ErrSurfaceStale
	}
	d.Block = *b
	for p := range d.Draws {
		d.Draws[p] = d.Draws[p][:0]
	}
	return nil
}

func (d *Driver) SetEnvironment(t Texture) { d.Environment = t }

func (d *Driver) UploadLights(g *backends.LightGrid) error {
	d.Lights = g.Lights
	return nil
}

func (d *Driver) RedrawCascades(cascades uint8) { d.Redraw = cascades }

func (d *Driver) RunPass(p formats.Pass, draws []Draw) error {
	d.Passes = append(d.Passes, p)
	d.Draws[p] = append(d.Draws[p], draws...)
	return nil
}

func (d *Driver) RunLines(l *core.Lines) error {
	d.Passes = append(d.Passes, formats.PassDebug)
	d.Lines.Tested = append(d.Lines.Tested[:0], l.Tested...)
	d.Lines.OnTop = append(d.Lines.OnTop[:0], l.OnTop...)
	return nil
}

func (d *Driver) RunEffect(p formats.Pass, mode core.EffectMode) error {
	d.Passes = append(d.Passes, p)
	d.Effects[p], d.Modes[p] = mode == core.EffectOn, mode
	return nil
}

func (d *Driver) ReloadEngine(func(string) bool) error { d.Reloads++; return d.ReloadErr }

func (d *Driver) EndFrame() error { d.Frames++; return nil }

func (d *Driver) Completed() uint64 {
	if d.Frames < d.Lag {
		return 0
	}
	return d.Frames - d.Lag
}

func (d *Driver) WaitIdle() { d.Lag = 0 }

func (d *Driver) GPUTimes(out *[formats.NumPasses]time.Duration) (uint64, bool) {
	if d.GPU == nil || d.Frames <= d.Lag {
		return 0, false
	}
	*out = *d.GPU
	return d.Frames - d.Lag, true
}

func (d *Driver) ReadPixels(*image.RGBA) error { return nil }
func (d *Driver) Resize(w, h int) error        { d.Resizes = append(d.Resizes, [2]int{w, h}); return nil }
func (d *Driver) WaitEvents()                  {}
func (d *Driver) Window() core.NativeWindow    { return nil }
func (d *Driver) SetVSync(bool) error          { return nil }
func (d *Driver) ValidationErrors() int        { return d.Validated }
func (d *Driver) Close() error                 { return nil }
func (d *Driver) Surface() (w, h int, ok bool) {
	return d.SurfaceW, d.SurfaceH, d.SurfaceW != 0
}
