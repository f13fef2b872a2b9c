package core

import (
	"fmt"
	"image"
	"log/slog"
	"strings"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/handles"
	"github.com/sleakgo/sleak/formats"
)

// Backend implements backends.Backend over a Driver.
type Backend[M, T, P any] struct {
	kind   backends.Kind
	cfg    backends.Config
	log    *slog.Logger
	drv    Driver[M, T, P]
	win    *window[M, T, P] // nil offscreen
	closed bool

	width, height int

	meshes   handles.Pool[meshEntry[M]]
	textures handles.Pool[T]
	shaders  handles.Pool[shaderEntry[P]]
	shaderID map[shaderKey]backends.ShaderID // path and options -> live shader
	// shaderErr remembers material shaders that failed, so asking again
	// costs nothing until the next resize tries them again.
	shaderErr map[string]error

	table *backends.PipelineTable
	progs [][formats.NumPasses]P // by format handle and stem pass, valid where the table says Ready

	seq sequencer
	// neutral says, per effect pass, whether its output holds its neutral
	// value since the last clear (effectMode).
	neutral [formats.NumPasses]bool
	block   backends.FrameBlock
	grid    *backends.LightGrid
	// jointBase is the light grid's joint index of the frame's first
	// joint matrix, joints how many it holds (LightGrid.SetJoints).
	jointBase, joints int
	draws             []Draw[M, T, P]
	// white and passProgram are the driver's white texture and the open
	// pass's own program (shadow or UI), asked once a pass rather than
	// once a draw.
	white       T
	passProgram P
	lines       Lines // the open debug pass's lines, reused every frame
	stats       backends.Stats
	submitted   uint64 // frames ended
	lastStale   uint32 // the stale ID logged last, so a stale ID costs one line

	deadMeshes   []dead[M]
	deadTextures []dead[T]
	deadPrograms []dead[P]
}

type meshEntry[M any] struct {
	format    formats.Handle
	triangles int
	obj       M
}

// shaderKey is what tells material shaders apart: their file and options.
type shaderKey struct {
	canonical string
	opts      backends.ShaderOptions
}

type shaderEntry[P any] struct {
	canonical string
	opts      backends.ShaderOptions
	files     backends.ShaderFiles // what prog was built from, for ResetFiles
	prog      P
	// broken is set when a rebuild after its files changed failed: the
	// ID stays (materials keep it) but its draws are dropped, and prog is
	// the zero value.
	broken bool
}

// dead is an object destroyed by the caller that frames up to after may
// still use.
type dead[O any] struct {
	after uint64
	obj   O
}

// Open is how New starts a driver, with the config already checked and its
// defaults filled in.
type Open[M, T, P any] func(cfg backends.Config) (Driver[M, T, P], error)

// New checks cfg (backends.Config.WithDefaults), starts the driver and
// returns the backend. Errors name the backend kind.
func New[M, T, P any](kind backends.Kind, cfg backends.Config, open Open[M, T, P]) (*Backend[M, T, P], error) {
	cfg, err := cfg.WithDefaults(kind)
	if err != nil {
		return nil, err
	}
	drv, err := open(cfg)
	if err != nil {
		return nil, err
	}
	b := &Backend[M, T, P]{
		kind: kind, cfg: cfg, log: cfg.Logger, drv: drv,
		width: cfg.Width, height: cfg.Height,
		shaderID:  map[shaderKey]backends.ShaderID{},
		shaderErr: map[string]error{},
		draws:     make([]Draw[M, T, P], 0, 256),
		grid:      backends.NewLightGrid(),
	}
	if w, h, ok := drv.Surface(); ok && w > 0 && h > 0 {
		// A window manager may give another size than asked for (a tiling
		// one, a high-DPI screen): the framebuffer is what the window has.
		if w != b.width || h != b.height {
			if err := drv.Resize(w, h); err != nil {
				drv.Close()
				return nil, fmt.Errorf("%s: window size %dx%d: %w", kind, w, h, err)
			}
			b.width, b.height = w, h
		}
	}
	if w := drv.Window(); w != nil {
		b.win = &window[M, T, P]{b: b, inner: w, vsync: cfg.Window != nil && cfg.Window.VSync}
	}
	b.table = backends.NewPipelineTable(kind, cfg.Formats, b.buildFormat, b.log)
	return b, nil
}

// Driver returns the driver, for a backend's own tests.
func (b *Backend[M, T, P]) Driver() Driver[M, T, P] { return b.drv }

func (b *Backend[M, T, P]) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{b.kind}, args...)...)
}

func (b *Backend[M, T, P]) errClosed(call string) error {
	return b.errorf("%s: %w", call, backends.ErrClosed)
}

func (b *Backend[M, T, P]) Kind() backends.Kind    { return b.kind }
func (b *Backend[M, T, P]) Size() (int, int)       { return b.width, b.height }
func (b *Backend[M, T, P]) Stats() *backends.Stats { return &b.stats }
func (b *Backend[M, T, P]) ValidationErrors() int  { return b.drv.ValidationErrors() }
func (b *Backend[M, T, P]) Window() backends.Window {
	if b.win == nil {
		return nil // a nil *window in the interface would not compare equal to nil
	}
	return b.win
}

// CreateMesh checks the input (backends.CheckMesh) and uploads it.
func (b *Backend[M, T, P]) CreateMesh(h formats.Handle, vertices []byte, indices []uint32) (backends.MeshID, error) {
	return b.CreateInstancedMesh(h, vertices, indices, nil)
}

// CreateInstancedMesh uploads a mesh of an instanced format: its vertices
// (none when every attribute steps per instance), indices, and one record
// of the format's InstanceStride per instance; a draw of it draws every
// instance.
func (b *Backend[M, T, P]) CreateInstancedMesh(h formats.Handle, vertices []byte, indices []uint32, instances []byte) (backends.MeshID, error) {
	if b.closed {
		return 0, b.errClosed("CreateMesh")
	}
	layout, err := backends.CheckMesh(b.kind, b.cfg.Formats, h, vertices, indices, instances)
	if err != nil {
		return 0, err
	}
	m, err := b.drv.NewMesh(layout, MeshData{Vertices: vertices, Indices: indices, Instances: instances})
	if err != nil {
		return 0, b.errorf("CreateMesh: vertex format %s: %w", layout.Name, err)
	}
	n := 1
	if layout.Instanced() {
		n = len(instances) / int(layout.InstanceStride)
	}
	id := b.meshes.Add(meshEntry[M]{format: h, triangles: len(indices) / 3 * n, obj: m})
	if id == 0 {
		b.drv.FreeMesh(m)
		return 0, b.errorf("CreateMesh: %w", backends.ErrTooManyObjects)
	}
	return backends.MeshID(id), nil
}

// DestroyMesh frees a mesh once no frame in flight draws it. Its ID is
// refused from now on; a stale or unknown ID does nothing.
func (b *Backend[M, T, P]) DestroyMesh(id backends.MeshID) {
	if b.closed {
		return
	}
	if m, ok := b.meshes.Remove(uint32(id)); ok {
		b.deadMeshes = append(b.deadMeshes, dead[M]{b.lastUse(), m.obj})
		b.collect()
	}
}

// CreateTexture checks the image (backends.CheckTexture) and uploads it.
func (b *Backend[M, T, P]) CreateTexture(img *image.RGBA, opts backends.TextureOptions) (backends.TextureID, error) {
	if b.closed {
		return 0, b.errClosed("CreateTexture")
	}
	if err := backends.CheckTexture(b.kind, img); err != nil {
		return 0, err
	}
	t, err := b.drv.NewTexture(img, opts)
	if err != nil {
		return 0, b.errorf("CreateTexture: %w", err)
	}
	id := b.textures.Add(t)
	if id == 0 {
		b.drv.FreeTexture(t)
		return 0, b.errorf("CreateTexture: %w", backends.ErrTooManyObjects)
	}
	return backends.TextureID(id), nil
}

// DestroyTexture frees a texture once no frame in flight samples it.
func (b *Backend[M, T, P]) DestroyTexture(id backends.TextureID) {
	if b.closed {
		return
	}
	if t, ok := b.textures.Remove(uint32(id)); ok {
		b.deadTextures = append(b.deadTextures, dead[T]{b.lastUse(), t})
		b.collect()
	}
}

// CreateShader loads the material shader its canonical .hlsl path names.
// The same path gives the same ShaderID while it lives. A failure is
// returned again, without another attempt, until the next resize.
func (b *Backend[M, T, P]) CreateShader(canonical string) (backends.ShaderID, error) {
	return b.CreateShaderWith(canonical, backends.ShaderOptions{})
}

// CreateShaderWith loads a material shader with options; see CreateShader.
func (b *Backend[M, T, P]) CreateShaderWith(canonical string, o backends.ShaderOptions) (backends.ShaderID, error) {
	if b.closed {
		return 0, b.errClosed("CreateShader")
	}
	key := shaderKey{canonical, o}
	if id, ok := b.shaderID[key]; ok {
		return id, nil
	}
	if err, ok := b.shaderErr[canonical]; ok {
		return 0, err
	}
	files, err := backends.Resolve(b.kind, canonical)
	if err != nil {
		return 0, b.errorf("%w", err)
	}
	p, err := b.drv.NewProgram(b.materialSpec(canonical, files, o))
	if err != nil {
		err = b.errorf("material shader %s (tried %s): %w", canonical, strings.Join(files.Paths(), " and "), err)
		b.shaderErr[canonical] = err
		return 0, err
	}
	id := backends.ShaderID(b.shaders.Add(shaderEntry[P]{canonical: canonical, opts: o, files: files, prog: p}))
	if id == 0 {
		b.drv.FreeProgram(p)
		return 0, b.errorf("CreateShader: %w", backends.ErrTooManyObjects)
	}
	b.shaderID[key] = id
	return id, nil
}

// materialSpec is what a material shader's program is built from.
func (b *Backend[M, T, P]) materialSpec(canonical string, files backends.ShaderFiles, o backends.ShaderOptions) ProgramSpec {
	def, _ := b.cfg.Formats.Get(formats.DefaultHandle)
	return ProgramSpec{Files: files, Layout: def, Material: true, TwoSided: o.TwoSided, Pass: formats.PassForward,
		Label: "material shader " + canonical}
}

// DestroyShader frees a material shader once no frame in flight uses it.
func (b *Backend[M, T, P]) DestroyShader(id backends.ShaderID) {
	if b.closed {
		return
	}
	if s, ok := b.shaders.Remove(uint32(id)); ok {
		delete(b.shaderID, shaderKey{s.canonical, s.opts})
		if s.broken {
			return // its program was already freed
		}
		b.deadPrograms = append(b.deadPrograms, dead[P]{b.lastUse(), s.prog})
		b.collect()
	}
}

// FormatReady builds, once, the program of a custom format's stem for a
// pass; see backends.PipelineTable for the rules.
func (b *Backend[M, T, P]) FormatReady(h formats.Handle, p formats.Pass) bool {
	if b.closed {
		return false
	}
	return b.table.Ready(h, p)
}

// FormatError says why FormatReady answered false; see
// backends.Backend.FormatError.
func (b *Backend[M, T, P]) FormatError(h formats.Handle, p formats.Pass) error {
	return b.table.Err(h, p)
}

// PipelineState returns where the program of format h for stem pass p
// stands, without building anything.
func (b *Backend[M, T, P]) PipelineState(h formats.Handle, p formats.Pass) backends.PipelineState {
	return b.table.State(h, p)
}

// buildFormat is the pipeline table's BuildFunc.
func (b *Backend[M, T, P]) buildFormat(h formats.Handle, layout *formats.Layout, p formats.Pass, files backends.ShaderFiles) error {
	prog, err := b.drv.NewProgram(ProgramSpec{Files: files, Layout: layout, Pass: p,
		Label: fmt.Sprintf("vertex format %s, %s pass", layout.Name, p)})
	if err != nil {
		return err
	}
	for int(h) >= len(b.progs) {
		b.progs = append(b.progs, [formats.NumPasses]P{})
	}
	b.progs[h][p] = prog
	return nil
}

// resetPrograms frees every custom-format program and forgets every
// failure, formats and materials alike, so each is tried again when next
// used.
func (b *Backend[M, T, P]) resetPrograms() {
	var zero P
	for h := range b.progs {
		for p := range b.progs[h] {
			if b.table.State(formats.Handle(h), formats.Pass(p)) == backends.Ready {
				b.deadPrograms = append(b.deadPrograms, dead[P]{b.lastUse(), b.progs[h][p]})
			}
			b.progs[h][p] = zero
		}
	}
	b.table.Reset()
	clear(b.shaderErr)
}

// ResetShaders forgets every failed variant and rebuilds custom-format
// programs on their next use, without touching the targets: what Resize
// does to programs, for a caller whose shader files changed.
func (b *Backend[M, T, P]) ResetShaders() error {
	if b.closed {
		return b.errClosed("ResetShaders")
	}
	if b.seq.inFrame {
		return b.errorf("ResetShaders inside a frame: call it between EndFrame and BeginFrame")
	}
	b.resetPrograms()
	b.retryBrokenShaders()
	b.collect()
	return nil
}

// Resize is the one resize path: an explicit call and a window that changed
// size both come here. It recreates the size-dependent targets (and the
// swapchain or default framebuffer), then resets the programs so missing
// variants are tried again; the next frame uses the new size.
func (b *Backend[M, T, P]) Resize(width, height int) error {
	if b.closed {
		return b.errClosed("Resize")
	}
	if b.seq.inFrame {
		return b.errorf("Resize inside a frame: call it between EndFrame and BeginFrame")
	}
	if err := backends.CheckSize(b.kind, "framebuffer", width, height); err != nil {
		return err
	}
	return b.resize(width, height)
}

func (b *Backend[M, T, P]) resize(width, height int) error {
	if err := b.drv.Resize(width, height); err != nil {
		return b.errorf("resize to %dx%d: %w", width, height, err)
	}
	b.width, b.height = width, height
	b.seq.framesSinceResize = 0           // the old image went with the old targets
	b.seq.taa.history = false             // and the antialias pass's history
	b.neutral = [formats.NumPasses]bool{} // and the effects' outputs
	b.resetPrograms()
	b.retryBrokenShaders()
	b.collect()
	return nil
}

// followSurface runs the resize path when the window's framebuffer no
// longer has the backend's size, and waits while the window is minimised.
func (b *Backend[M, T, P]) followSurface(stale bool) error {
	w, h, ok := b.drv.Surface()
	if !ok {
		return nil
	}
	for w <= 0 || h <= 0 {
		if win := b.drv.Window(); win == nil || win.ShouldClose() {
			return b.errorf("BeginFrame: %w", backends.ErrWindowClosed)
		}
		b.drv.WaitEvents()
		w, h, _ = b.drv.Surface()
	}
	if w == b.width && h == b.height && !stale {
		return nil
	}
	if err := backends.CheckSize(b.kind, "window framebuffer", w, h); err != nil {
		return err
	}
	return b.resize(w, h)
}

// ReadPixels copies the last finished frame into dst, offscreen or
// windowed alike. Before the first frame it returns backends.ErrNoFrame.
func (b *Backend[M, T, P]) ReadPixels(dst *image.RGBA) error {
	switch {
	case b.closed:
		return b.errClosed("ReadPixels")
	case b.seq.inFrame:
		return b.errorf("ReadPixels inside a frame: call it after EndFrame")
	case dst == nil || dst.Rect.Dx() != b.width || dst.Rect.Dy() != b.height:
		return b.errorf("ReadPixels: destination must be %dx%d", b.width, b.height)
	case b.seq.framesSinceResize == 0:
		return b.errorf("ReadPixels: %w", backends.ErrNoFrame)
	}
	if err := b.drv.ReadPixels(dst); err != nil {
		return b.errorf("ReadPixels: %w", err)
	}
	return nil
}

// Close waits for the GPU, frees every object and closes the driver.
// Closing twice is harmless.
func (b *Backend[M, T, P]) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	b.drv.WaitIdle()
	b.meshes.Each(func(m *meshEntry[M]) { b.drv.FreeMesh(m.obj) })
	b.textures.Each(func(t *T) { b.drv.FreeTexture(*t) })
	b.shaders.Each(func(s *shaderEntry[P]) {
		if !s.broken {
			b.drv.FreeProgram(s.prog)
		}
	})
	b.resetPrograms()
	b.collectThrough(^uint64(0))
	b.meshes.Clear()
	b.textures.Clear()
	b.shaders.Clear()
	return b.drv.Close()
}

// lastUse is the last frame that may use an object destroyed now: the one
// being recorded, or else the last one submitted.
func (b *Backend[M, T, P]) lastUse() uint64 {
	if b.seq.inFrame {
		return b.submitted + 1
	}
	return b.submitted
}

// collect frees the destroyed objects whose frames the GPU has finished.
func (b *Backend[M, T, P]) collect() {
	if len(b.deadMeshes)+len(b.deadTextures)+len(b.deadPrograms) == 0 {
		return
	}
	b.collectThrough(b.drv.Completed())
}

func (b *Backend[M, T, P]) collectThrough(done uint64) {
	b.deadMeshes = sweep(b.deadMeshes, done, b.drv.FreeMesh)
	b.deadTextures = sweep(b.deadTextures, done, b.drv.FreeTexture)
	b.deadPrograms = sweep(b.deadPrograms, done, b.drv.FreeProgram)
}

func sweep[O any](list []dead[O], done uint64, free func(O)) []dead[O] {
	n := 0
	for _, d := range list {
		if d.after <= done {
			free(d.obj)
		} else {
			list[n] = d
			n++
		}
	}
	clear(list[n:])
	return list[:n]
}

var _ backends.Backend = (*Backend[int, int, int])(nil)
