package opengl

import (
	"fmt"
	"image"
	"log/slog"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

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

// driver is the OpenGL core.Driver. Its state is touched either by the
// caller's goroutine or by the GL thread while the caller waits in do, never
// by both at once, so it needs no locks.
type driver struct {
	log *slog.Logger
	thr *glThread
	// meshQ holds the meshes made and freed since the last call on the GL
	// thread, which makes and deletes their objects first (glPrelude).
	meshQ    meshQueue
	glfw     *glfwContext // the window, or nil
	egl      *eglContext  // the surfaceless context, or nil
	windowed bool
	win      *window
	closed   bool
	// cullByProgram is set while the forward pass replays: each program
	// then says whether faces are culled (two-sided materials are not).
	cullByProgram bool
	// cascade is the bit of the shadow cascade being drawn while the
	// shadow pass replays, 0 in every other pass; redraw are the cascades
	// the frame's shadow pass clears and draws (RedrawCascades).
	cascade, redraw uint8

	width, height int
	shadowSize    int32

	engine  enginePrograms
	shadow  shadowTarget
	targets targets
	lineBuf lineBuffer
	ubo     uint32
	// cascadeUBO holds the Frame blocks of the shadow pass's cascades
	// (backends.FrameBlock.Cascade), cascadeStride bytes apart: binding 0
	// points into it while a cascade draws.
	cascadeUBO    uint32
	cascadeStride int
	lightTex      uint32 // the light grid, RGBA32F on unitLights
	env           uint32 // the environment atlas, on unitEnvironment
	white         uint32
	readBuf       []byte
	// drawBaseInstance is glDrawElementsInstancedBaseInstance, nil when a
	// test turned packing off (meshQueue.baseInstance).
	drawBaseInstance unsafe.Pointer
	// compute is the OpenGL 4.3 entry points of the fullscreen steps,
	// which are compute shaders (backends.IsComputeStem).
	compute computeFuncs

	frameState
	validation
}

// backend is the OpenGL backend: the shared core over this driver.
type backend = core.Backend[mesh, uint32, *program]

// The GL entry points of go-gl are process-wide. They are loaded once, by
// the first backend, from whichever loader made its context: with the
// vendor-neutral libGL/libEGL of Linux both hand out the same dispatching
// entry points, and reloading them while another backend's thread calls GL
// would race.
var glEntryPoints struct {
	sync.Mutex
	loaded bool
}

// New starts an OpenGL 4.3 core backend. With cfg.Window it opens a GLFW
// window; without one it renders offscreen, in a hidden GLFW window when an
// X server is available (DISPLAY) and otherwise in an EGL surfaceless
// context. The error names every attempt that failed.
func New(cfg backends.Config) (backends.Backend, error) {
	b, err := newBackend(cfg, platformAuto)
	if err != nil {
		// A nil *backend in the interface would not compare equal to nil,
		// and the caller's cleanup would call Close on it.
		return nil, err
	}
	return b, nil
}

func newBackend(cfg backends.Config, plat platform) (*backend, error) {
	return core.New(backends.OpenGL, cfg, func(cfg backends.Config) (core.Driver[mesh, uint32, *program], error) {
		return newDriver(cfg, plat)
	})
}

func newDriver(cfg backends.Config, plat platform) (*driver, error) {
	r := &driver{
		log:        cfg.Logger,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: int32(cfg.ShadowMapSize),
	}
	r.frameState.init(r)
	r.thr = startGLThread()
	var err error
	r.thr.do(func() { err = r.open(cfg, plat) })
	if err != nil {
		r.thr.stop()
		return nil, err
	}
	r.thr.before = r.glPrelude
	r.thr.do(func() {}) // the first names for NewMesh
	return r, nil
}

// glPrelude runs on the GL thread ahead of every call once the context is
// open: it makes and deletes the queued meshes' objects, so that a draw,
// a read-back or a close always sees them, and makes names ahead.
func (r *driver) glPrelude() {
	made := len(r.meshQ.pending) > 0
	r.meshQ.flush()
	if made {
		r.validation.poll()
	}
	r.meshQ.refill()
}

// open makes the context and every fixed GL object; it runs on the GL
// thread and undoes everything it did when it fails.
func (r *driver) open(cfg backends.Config, plat platform) error {
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

func (r *driver) makeContext(cfg backends.Config, plat platform) error {
	if cfg.Window != nil {
		wc := &windowOptions{title: cfg.Window.Title, fullscreen: cfg.Window.Fullscreen, vsync: cfg.Window.VSync}
		c, err := openGLFWContext(cfg.Width, cfg.Height, wc, cfg.Validation)
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
		c, err := openGLFWContext(cfg.Width, cfg.Height, nil, cfg.Validation)
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

func (r *driver) destroyContext() {
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
func (r *driver) platformName() string {
	switch {
	case r.windowed:
		return "GLFW window"
	case r.glfw != nil:
		return "hidden GLFW window"
	default:
		return "EGL surfaceless"
	}
}

func (r *driver) initGL(validate bool) error {
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major < 4 || (major == 4 && minor < 3) {
		return fmt.Errorf("opengl: %w: the driver gave OpenGL %d.%d", ErrNoContext, major, minor)
	}
	if validate {
		r.validation.enable(r.log)
	}
	err := r.loadCompute()
	if err != nil {
		return err
	}
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
	r.loadBaseInstance()
	r.meshQ.baseInstance = r.drawBaseInstance != nil
	r.initTiming()
	gl.GenBuffers(1, &r.ubo)
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.ubo)
	gl.BufferData(gl.UNIFORM_BUFFER, frameBlockSize, nil, gl.DYNAMIC_DRAW)
	var align int32
	gl.GetIntegerv(gl.UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align)
	align = max(align, 1)
	r.cascadeStride = (frameBlockSize + int(align) - 1) / int(align) * int(align)
	r.cascadeBlocks = make([]float32, r.cascadeStride/4*backends.NumCascades)
	gl.GenBuffers(1, &r.cascadeUBO)
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.cascadeUBO)
	gl.BufferData(gl.UNIFORM_BUFFER, r.cascadeStride*backends.NumCascades, nil, gl.DYNAMIC_DRAW)
	gl.BindBufferBase(gl.UNIFORM_BUFFER, 0, r.ubo)
	r.lightTex = newTexture(unitLights, gl.RGBA32F, backends.LightGridWidth, backends.LightGridHeight, gl.RGBA, gl.FLOAT)
	white := [4]byte{255, 255, 255, 255}
	r.white = createTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, backends.TextureOptions{Nearest: true})
	gl.ActiveTexture(gl.TEXTURE0)
	r.validation.poll()
	return nil
}

// releaseGL deletes the driver's own GL objects; it runs on the GL thread.
// The core has freed every mesh, texture and program before.
func (r *driver) releaseGL() {
	r.releaseTiming()
	r.engine.destroy()
	r.shadow.destroy()
	r.targets.destroy()
	r.lineBuf.destroy()
	gl.DeleteBuffers(1, &r.ubo)
	gl.DeleteBuffers(1, &r.cascadeUBO)
	gl.DeleteTextures(1, &r.white)
	gl.DeleteTextures(1, &r.lightTex)
	r.ubo, r.white, r.lightTex = 0, 0, 0
}

// ErrNoContext is wrapped by New's error when no OpenGL 4.3 core context
// could be made at all (no display, no EGL, too old a driver), as opposed to
// a context that came up and then failed. Tests use it to skip on machines
// without OpenGL.
var ErrNoContext = backends.NoDriver("no OpenGL 4.3 core context")

func (r *driver) Window() core.NativeWindow {
	if r.win == nil {
		return nil
	}
	return r.win
}

// NewMesh checks the layout and queues the mesh, with a copy of its data,
// for the next call on the GL thread to upload (meshQueue); it waits for
// the GL thread only when the names made ahead run out.
func (r *driver) NewMesh(layout *formats.Layout, data core.MeshData) (mesh, error) {
	if err := checkLayout(layout); err != nil {
		return mesh{}, err
	}
	if len(r.meshQ.vaos) < 1 || len(r.meshQ.bufs) < 3 {
		r.thr.do(func() {}) // glPrelude makes more
	}
	return r.meshQ.add(layout, &data), nil
}

// FreeMesh queues m's objects for the next call on the GL thread to
// delete; the core frees only meshes no frame in flight draws.
func (r *driver) FreeMesh(m mesh) { r.meshQ.freed = append(r.meshQ.freed, m) }

func (r *driver) NewTexture(img *image.RGBA, opts backends.TextureOptions) (uint32, error) {
	var t uint32
	r.thr.do(func() {
		t = createTexture(img, opts)
		r.validation.poll()
	})
	return t, nil
}

func (r *driver) FreeTexture(t uint32) {
	r.thr.do(func() { gl.DeleteTextures(1, &t) })
}

// NewProgram compiles and links a stem's or material's _gl files on the GL
// thread. A material's one program serves the forward and transparent
// passes: the pass's fixed state does the rest.
func (r *driver) NewProgram(spec core.ProgramSpec) (*program, error) {
	label := spec.Label
	if spec.Material {
		label = "" // the seed's lines for materials name only the files
	}
	var p *program
	var err error
	r.thr.do(func() {
		p, err = buildProgram(spec.Files, label)
		r.validation.poll()
	})
	if p != nil {
		p.twoSided = spec.TwoSided
	}
	return p, err
}

func (r *driver) FreeProgram(p *program) { r.thr.do(p.destroy) }

func (r *driver) White() uint32           { return r.white }
func (r *driver) ShadowProgram() *program { return r.engine.shadow }
func (r *driver) UIProgram() *program     { return r.engine.ui }
func (r *driver) ValidationErrors() int   { return r.validation.errors }
func (r *driver) Completed() uint64       { return r.submitted } // GL keeps what queued commands use alive itself
func (r *driver) WaitIdle()               {}
func (r *driver) WaitEvents()             { r.thr.do(waitEvents) }

// Surface returns the window's framebuffer size, read on the GL thread.
func (r *driver) Surface() (int, int, bool) {
	if !r.windowed {
		return 0, 0, false
	}
	r.thr.do(r.surfaceFn)
	return r.surfaceW, r.surfaceH, true
}

// Resize recreates the size-dependent targets; the window's default
// framebuffer follows the window by itself.
func (r *driver) Resize(width, height int) error {
	var err error
	r.thr.do(func() {
		r.targets.destroy()
		r.targets, err = createTargets(int32(width), int32(height))
		gl.ActiveTexture(gl.TEXTURE0)
		r.validation.poll()
	})
	if err != nil {
		return err
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
func (r *driver) ReadPixels(dst *image.RGBA) error {
	r.thr.do(r.readPixelsFn)
	rowBytes := r.width * 4
	for y := 0; y < r.height; y++ {
		src := r.readBuf[(r.height-1-y)*rowBytes:][:rowBytes]
		off := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Min.Y+y)
		copy(dst.Pix[off:off+rowBytes], src)
	}
	return nil
}

func (r *driver) readPixels() {
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, r.targets.compositeFBO)
	gl.ReadBuffer(gl.COLOR_ATTACHMENT0)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 4)
	gl.ReadPixels(0, 0, int32(r.width), int32(r.height), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&r.readBuf[0]))
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
	r.validation.poll()
}

// Close frees the driver's GL objects, the context and the window, and ends
// the GL thread.
func (r *driver) Close() error {
	r.closed = true
	r.thr.do(func() {
		r.validation.poll()
		r.meshQ.release()
		r.releaseGL()
		r.validation.poll()
		r.destroyContext()
	})
	r.thr.stop()
	return nil
}

// ReloadEngine builds all the engine's programs again from their files
// (cheap here, whichever changed) and swaps them in; on failure the old ones stay.
func (r *driver) ReloadEngine(func(stem string) bool) error {
	var err error
	r.thr.do(func() {
		var e enginePrograms
		if e, err = loadEnginePrograms(); err != nil {
			return
		}
		r.engine.destroy()
		r.engine = e
		r.validation.poll()
	})
	return err
}

var (
	_ core.Driver[mesh, uint32, *program] = (*driver)(nil)
	_ core.EngineReloader                 = (*driver)(nil)
)
