package opengl

import (
	"errors"
	"fmt"
	"image"
	"log/slog"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/handles"
	"github.com/sleakgo/sleak/formats"
)

// maxTargetSize bounds every render target and texture side.
const maxTargetSize = backends.MaxTargetSize

// platform selects how the context is made.
type platform uint8

const (
	platformAuto platform = iota // window, else hidden window under X, else EGL
	platformEGL                  // EGL surfaceless only
)

type windowOptions struct {
	title             string
	fullscreen, vsync bool
}

// renderer implements backends.Backend. Its state is touched either by the
// caller's goroutine or by the GL thread while the caller waits in do, never
// by both at once, so it needs no locks.
type renderer struct {
	log      *slog.Logger
	registry *formats.Registry
	thr      *glThread
	glfw     *glfwContext // the window, or nil
	egl      *eglContext  // the surfaceless context, or nil
	windowed bool
	win      *window
	closed   bool

	width, height int
	shadowSize    int32

	engine   enginePrograms
	shadow   shadowTarget
	targets  targets
	emptyVAO uint32 // fullscreen passes draw with no vertex buffer, but core GL wants a VAO bound
	ubo      uint32
	white    uint32
	readBuf  []byte

	meshes    handles.Pool[mesh]
	textures  handles.Pool[uint32]
	materials []*material // index ShaderID-1

	table       *backends.PipelineTable
	formatProgs [][formats.NumPasses]*program

	frameState
	validation
}

// material is a loaded material shader: the forward program of
// default-format meshes.
type material struct {
	canonical string
	prog      *program
}

// The GL entry points of go-gl are process-wide. They are loaded once, by
// the first backend, from whichever loader made its context: with the
// vendor-neutral libGL/libEGL of Linux both hand out the same dispatching
// entry points, and reloading them while another backend's thread calls GL
// would race.
var glEntryPoints struct {
	sync.Mutex
	loaded bool
}

// New starts an OpenGL 4.1 core backend. With cfg.Window it opens a GLFW
// window; without one it renders offscreen, in a hidden GLFW window when an
// X server is available (DISPLAY) and otherwise in an EGL surfaceless
// context. The error names every attempt that failed.
func New(cfg backends.Config) (backends.Backend, error) {
	return newRenderer(cfg, platformAuto)
}

func newRenderer(cfg backends.Config, plat platform) (*renderer, error) {
	cfg, err := cfg.WithDefaults(backends.OpenGL)
	if err != nil {
		return nil, err
	}
	r := &renderer{
		log:        cfg.Logger,
		registry:   cfg.Formats,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: int32(cfg.ShadowMapSize),
	}
	if r.log == nil {
		r.log = slog.Default()
	}
	r.table = backends.NewPipelineTable(backends.OpenGL, cfg.Formats, r.buildFormat, r.log)
	r.frameState.init(r)
	r.thr = startGLThread()
	r.thr.do(func() { err = r.open(cfg, plat) })
	if err != nil {
		r.thr.stop()
		return nil, err
	}
	return r, nil
}

// open makes the context and every fixed GL object; it runs on the GL
// thread and undoes everything it did when it fails.
func (r *renderer) open(cfg backends.Config, plat platform) error {
	if err := r.makeContext(cfg, plat); err != nil {
		return err
	}
	if err := r.initGL(cfg.Validation); err != nil {
		r.releaseGL()
		r.destroyContext()
		return err
	}
	return nil
}

func (r *renderer) makeContext(cfg backends.Config, plat platform) error {
	if cfg.Window != nil {
		wc := &windowOptions{title: cfg.Window.Title, fullscreen: cfg.Window.Fullscreen, vsync: cfg.Window.VSync}
		c, err := newGLFWContext(cfg.Width, cfg.Height, wc, cfg.Validation)
		if err != nil {
			return fmt.Errorf("opengl: %w: open window: %v", ErrNoContext, err)
		}
		r.glfw, r.windowed = c, true
		r.win = &window{r: r}
		r.width, r.height = c.win.GetFramebufferSize()
		if r.width <= 0 || r.height <= 0 {
			r.width, r.height = cfg.Width, cfg.Height
		}
		return loadEntryPoints(nil)
	}
	var glfwErr error
	if plat == platformAuto {
		c, err := newGLFWContext(cfg.Width, cfg.Height, nil, cfg.Validation)
		if err == nil {
			r.glfw = c
			return loadEntryPoints(nil)
		}
		glfwErr = err
	}
	c, err := newEGLContext(cfg.Validation)
	if err != nil {
		if glfwErr != nil {
			return fmt.Errorf("opengl: %w: hidden GLFW window: %v; EGL surfaceless: %v", ErrNoContext, glfwErr, err)
		}
		return fmt.Errorf("opengl: %w: EGL surfaceless: %v", ErrNoContext, err)
	}
	r.egl = c
	return loadEntryPoints(eglProcAddress)
}

// loadEntryPoints loads go-gl's function pointers once per process; nil
// means the platform loader (GLX, WGL, CGL) that a GLFW context uses.
func loadEntryPoints(getProcAddr func(string) unsafe.Pointer) error {
	glEntryPoints.Lock()
	defer glEntryPoints.Unlock()
	if glEntryPoints.loaded {
		return nil
	}
	var err error
	if getProcAddr == nil {
		err = gl.Init()
	} else {
		err = gl.InitWithProcAddrFunc(getProcAddr)
	}
	if err != nil {
		return fmt.Errorf("opengl: load OpenGL entry points: missing %w", err)
	}
	glEntryPoints.loaded = true
	return nil
}

func (r *renderer) destroyContext() {
	if r.glfw != nil {
		r.glfw.destroy()
		r.glfw = nil
	}
	if r.egl != nil {
		r.egl.destroy()
		r.egl = nil
	}
}

// platformName says which context this backend runs on, for logs and tests.
func (r *renderer) platformName() string {
	switch {
	case r.windowed:
		return "GLFW window"
	case r.glfw != nil:
		return "hidden GLFW window"
	default:
		return "EGL surfaceless"
	}
}

func (r *renderer) initGL(validate bool) error {
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major < 4 || (major == 4 && minor < 1) {
		return fmt.Errorf("opengl: %w: the driver gave OpenGL %d.%d", ErrNoContext, major, minor)
	}
	if validate {
		r.validation.enable(r.log)
	}
	var err error
	if r.engine, err = loadEnginePrograms(); err != nil {
		return fmt.Errorf("opengl: %w", err)
	}
	if r.shadow, err = createShadowTarget(r.shadowSize); err != nil {
		return err
	}
	if r.targets, err = createTargets(int32(r.width), int32(r.height)); err != nil {
		return err
	}
	r.readBuf = make([]byte, r.width*r.height*4)
	gl.GenVertexArrays(1, &r.emptyVAO)
	gl.GenBuffers(1, &r.ubo)
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.ubo)
	gl.BufferData(gl.UNIFORM_BUFFER, frameBlockSize, nil, gl.DYNAMIC_DRAW)
	gl.BindBufferBase(gl.UNIFORM_BUFFER, 0, r.ubo)
	white := [4]byte{255, 255, 255, 255}
	r.white = createTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, backends.TextureOptions{Nearest: true})
	gl.ActiveTexture(gl.TEXTURE0)
	r.validation.poll()
	return nil
}

// releaseGL deletes every GL object; it runs on the GL thread.
func (r *renderer) releaseGL() {
	r.destroyFormatPrograms()
	for _, m := range r.materials {
		if m != nil {
			m.prog.destroy()
		}
	}
	r.materials = nil
	r.meshes.Each(func(m *mesh) { m.destroy() })
	r.meshes = handles.Pool[mesh]{}
	r.textures.Each(func(t *uint32) { gl.DeleteTextures(1, t) })
	r.textures = handles.Pool[uint32]{}
	r.flushDeletes()
	r.engine.destroy()
	r.shadow.destroy()
	r.targets.destroy()
	gl.DeleteVertexArrays(1, &r.emptyVAO)
	gl.DeleteBuffers(1, &r.ubo)
	gl.DeleteTextures(1, &r.white)
	r.emptyVAO, r.ubo, r.white = 0, 0, 0
}

func (r *renderer) destroyFormatPrograms() {
	for i := range r.formatProgs {
		for p := range r.formatProgs[i] {
			r.formatProgs[i][p].destroy()
			r.formatProgs[i][p] = nil
		}
	}
}

var errClosed = errors.New("opengl: the backend is closed")

// ErrNoContext is wrapped by New's error when no OpenGL 4.1 core context
// could be made at all (no display, no EGL, too old a driver), as opposed to
// a context that came up and then failed. Tests use it to skip on machines
// without OpenGL.
var ErrNoContext = backends.NoDriver("no OpenGL 4.1 core context")

func (r *renderer) Kind() backends.Kind { return backends.OpenGL }

func (r *renderer) Size() (int, int) { return r.width, r.height }

func (r *renderer) Window() backends.Window {
	if r.win == nil {
		return nil
	}
	return r.win
}

func (r *renderer) CreateMesh(h formats.Handle, vertices []byte, indices []uint32) (backends.MeshID, error) {
	if r.closed {
		return 0, errClosed
	}
	layout, err := backends.CheckMesh(backends.OpenGL, r.registry, h, vertices, indices)
	if err != nil {
		return 0, err
	}
	var m mesh
	r.thr.do(func() {
		m, err = createMesh(h, layout, vertices, indices)
		r.validation.poll()
	})
	if err != nil {
		return 0, err
	}
	id := r.meshes.Add(m)
	if id == 0 {
		r.thr.do(m.destroy)
		return 0, errors.New("opengl: CreateMesh: too many meshes")
	}
	return backends.MeshID(id), nil
}

func (r *renderer) DestroyMesh(id backends.MeshID) {
	if r.closed {
		return
	}
	m, ok := r.meshes.Remove(uint32(id))
	if !ok {
		return
	}
	// A draw recorded this frame may still name the VAO: delete it once the
	// frame is done.
	r.deadMeshes = append(r.deadMeshes, m)
	if !r.inFrame {
		r.thr.do(r.flushDeletesFn)
	}
}

func (r *renderer) CreateTexture(img *image.RGBA, opts backends.TextureOptions) (backends.TextureID, error) {
	if r.closed {
		return 0, errClosed
	}
	if img == nil || img.Rect.Empty() {
		return 0, errors.New("opengl: CreateTexture: the image is empty")
	}
	if w, h := img.Rect.Dx(), img.Rect.Dy(); w > maxTargetSize || h > maxTargetSize {
		return 0, fmt.Errorf("opengl: CreateTexture: %dx%d is larger than %d on a side", w, h, maxTargetSize)
	}
	var t uint32
	r.thr.do(func() {
		t = createTexture(img, opts)
		r.validation.poll()
	})
	id := r.textures.Add(t)
	if id == 0 {
		r.thr.do(func() { gl.DeleteTextures(1, &t) })
		return 0, errors.New("opengl: CreateTexture: too many textures")
	}
	return backends.TextureID(id), nil
}

func (r *renderer) DestroyTexture(id backends.TextureID) {
	if r.closed {
		return
	}
	t, ok := r.textures.Remove(uint32(id))
	if !ok {
		return
	}
	r.deadTextures = append(r.deadTextures, t)
	if !r.inFrame {
		r.thr.do(r.flushDeletesFn)
	}
}

// flushDeletes deletes the GL objects of destroyed meshes and textures; it
// runs on the GL thread.
func (r *renderer) flushDeletes() {
	for i := range r.deadMeshes {
		r.deadMeshes[i].destroy()
	}
	r.deadMeshes = r.deadMeshes[:0]
	if len(r.deadTextures) > 0 {
		gl.DeleteTextures(int32(len(r.deadTextures)), &r.deadTextures[0])
		r.deadTextures = r.deadTextures[:0]
	}
}

// CreateShader loads a material shader for default-format meshes from the
// two _gl files its canonical path resolves to. Nothing else is tried.
func (r *renderer) CreateShader(canonical string) (backends.ShaderID, error) {
	if r.closed {
		return 0, errClosed
	}
	files, err := backends.Resolve(backends.OpenGL, canonical)
	if err != nil {
		return 0, fmt.Errorf("opengl: %w", err)
	}
	var p *program
	r.thr.do(func() {
		p, err = buildProgram(files, "")
		r.validation.poll()
	})
	if err != nil {
		return 0, fmt.Errorf("opengl: material shader %s (tried %s): %w", canonical, joinPaths(files), err)
	}
	r.materials = append(r.materials, &material{canonical: canonical, prog: p})
	return backends.ShaderID(len(r.materials)), nil
}

func joinPaths(files backends.ShaderFiles) string {
	return strings.Join(files.Paths(), " and ")
}

// FormatReady builds (once) and reports the pipeline of a custom format for
// a pass; see backends.PipelineTable for the rules.
func (r *renderer) FormatReady(h formats.Handle, p formats.Pass) bool {
	if r.closed {
		return false
	}
	return r.table.Ready(h, p)
}

// buildFormat is the PipelineTable's BuildFunc: it compiles the stem's files
// on the GL thread and keeps the program for the pass.
func (r *renderer) buildFormat(h formats.Handle, layout *formats.Layout, p formats.Pass, files backends.ShaderFiles) error {
	var prog *program
	var err error
	r.thr.do(func() {
		prog, err = buildProgram(files, fmt.Sprintf("vertex format %s, %s pass", layout.Name, p))
		r.validation.poll()
	})
	if err != nil {
		return err
	}
	for int(h) >= len(r.formatProgs) {
		r.formatProgs = append(r.formatProgs, [formats.NumPasses]*program{})
	}
	if old := r.formatProgs[h][p]; old != nil {
		r.thr.do(old.destroy)
	}
	r.formatProgs[h][p] = prog
	return nil
}

// Resize recreates the size-dependent targets and drops every custom-format
// program, so failed stems are tried again on their next use.
func (r *renderer) Resize(width, height int) error {
	if r.closed {
		return errClosed
	}
	if r.inFrame {
		return errors.New("opengl: Resize during a frame: call it between EndFrame and BeginFrame")
	}
	if err := backends.CheckSize(backends.OpenGL, "framebuffer", width, height); err != nil {
		return err
	}
	var err error
	r.thr.do(func() {
		r.destroyFormatPrograms()
		r.targets.destroy()
		r.targets, err = createTargets(int32(width), int32(height))
		gl.ActiveTexture(gl.TEXTURE0)
		r.validation.poll()
	})
	r.table.Reset()
	if err != nil {
		return fmt.Errorf("opengl: Resize to %dx%d: %w", width, height, err)
	}
	r.width, r.height = width, height
	if cap(r.readBuf) >= width*height*4 {
		r.readBuf = r.readBuf[:width*height*4]
	} else {
		r.readBuf = make([]byte, width*height*4)
	}
	return nil
}

// ReadPixels copies the last composited frame into dst, top row first (GL
// stores the bottom row first).
func (r *renderer) ReadPixels(dst *image.RGBA) error {
	if r.closed {
		return errClosed
	}
	if dst == nil || dst.Rect.Dx() != r.width || dst.Rect.Dy() != r.height {
		return fmt.Errorf("opengl: ReadPixels: destination must be %dx%d", r.width, r.height)
	}
	r.thr.do(r.readPixelsFn)
	rowBytes := r.width * 4
	for y := 0; y < r.height; y++ {
		src := r.readBuf[(r.height-1-y)*rowBytes:][:rowBytes]
		off := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Min.Y+y)
		copy(dst.Pix[off:off+rowBytes], src)
	}
	return nil
}

func (r *renderer) readPixels() {
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, r.targets.compositeFBO)
	gl.ReadBuffer(gl.COLOR_ATTACHMENT0)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 4)
	gl.ReadPixels(0, 0, int32(r.width), int32(r.height), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&r.readBuf[0]))
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
	r.validation.poll()
}

func (r *renderer) ValidationErrors() int { return r.validation.errors }

// Close frees every GL object, the context and the window, and ends the GL
// thread. Closing twice is harmless.
func (r *renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.thr.do(func() {
		r.validation.poll()
		r.releaseGL()
		r.validation.poll()
		r.destroyContext()
	})
	r.thr.stop()
	return nil
}

// Stats returns what the last frame (or the one being recorded) did: draws
// and triangles per pass and the draws dropped because their pipeline or
// material is missing.
func (r *renderer) Stats() backends.Stats { return r.stats }

var _ backends.Backend = (*renderer)(nil)
