package opengl

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// GLFW is process-global: window hints are shared state, its error channel is
// one for all callers, and glfw.Terminate destroys every window. Backends
// therefore take glfwState's lock around GLFW calls that touch that state,
// and only the last backend to close terminates the library.
var glfwState struct {
	sync.Mutex
	users int
}

// errXDisplay is wrapped by newGLFWContext's error when the X display
// refused the connection.
var errXDisplay = errors.New("cannot open X display")

// openGLFWContext is newGLFWContext, tried again a few times, over about
// a second, when the X display refuses the connection: an X server under
// load (Xvfb with many clients connecting and leaving at once, as a test
// run has) now and then turns one away.
func openGLFWContext(width, height int, wc *windowOptions, debug bool) (*glfwContext, error) {
	var err error
	for attempt := range 5 {
		if attempt > 0 {
			time.Sleep(time.Duration(30<<attempt) * time.Millisecond)
		}
		var c *glfwContext
		if c, err = newGLFWContext(width, height, wc, debug); err == nil || !errors.Is(err, errXDisplay) {
			return c, err
		}
	}
	return nil, err
}

// glfwContext is a GLFW window holding the backend's OpenGL context: the
// visible game window, or a hidden one when rendering offscreen under an X
// server.
type glfwContext struct {
	win *glfw.Window
}

// newGLFWContext opens the window and makes its context current on the
// calling thread, which must be the backend's GL thread.
func newGLFWContext(width, height int, wc *windowOptions, debug bool) (ctx *glfwContext, err error) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" {
		// glfw.Init reports a missing display only on the log and returns
		// nil; the next call would panic. Say what is wrong instead.
		return nil, errors.New("DISPLAY is not set: no X server to open a GLFW window on")
	}
	glfwState.Lock()
	defer glfwState.Unlock()
	// The binding panics on errors it considers programming mistakes,
	// including "not initialized" after a failed Init.
	defer func() {
		if p := recover(); p != nil {
			ctx, err = nil, fmt.Errorf("GLFW: %v", p)
			if runtime.GOOS == "linux" && strings.Contains(fmt.Sprint(p), "not initialized") {
				// Init failed and said so only on the log: on X11 that
				// means the display could not be opened.
				ctx, err = nil, fmt.Errorf("glfw.Init failed: %w %q", errXDisplay, os.Getenv("DISPLAY"))
			}
		}
	}()
	if glfwState.users == 0 {
		if err := glfw.Init(); err != nil {
			return nil, fmt.Errorf("glfw.Init: %w", err)
		}
	}
	glfwState.users++
	ok := false
	defer func() {
		if !ok {
			releaseGLFW()
		}
	}()
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ClientAPI, glfw.OpenGLAPI)
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.OpenGLDebugContext, boolHint(debug))
	glfw.WindowHint(glfw.Visible, boolHint(wc != nil))
	glfw.WindowHint(glfw.Resizable, boolHint(wc != nil))
	title := "Sleak"
	var monitor *glfw.Monitor
	if wc != nil {
		if wc.title != "" {
			title = wc.title
		}
		if wc.fullscreen {
			monitor = glfw.GetPrimaryMonitor()
			if monitor == nil {
				return nil, errors.New("fullscreen: GLFW found no monitor")
			}
			if mode := monitor.GetVideoMode(); mode != nil {
				width, height = mode.Width, mode.Height
			}
		}
	} else {
		// The window is never shown or drawn to; frames go to framebuffer
		// objects. Keep it small.
		width, height = 16, 16
	}
	win, err := glfw.CreateWindow(width, height, title, monitor, nil)
	if err != nil {
		return nil, fmt.Errorf("glfw.CreateWindow (OpenGL 4.3 core): %w", err)
	}
	if win == nil {
		// A platform error is logged by the binding and not returned.
		return nil, errors.New("glfw.CreateWindow (OpenGL 4.3 core) failed; see the GLFW log line above")
	}
	win.MakeContextCurrent()
	if wc != nil {
		glfw.SwapInterval(boolHint(wc.vsync))
	}
	ok = true
	return &glfwContext{win: win}, nil
}

// destroy closes the window; it runs on the GL thread.
func (c *glfwContext) destroy() {
	glfwState.Lock()
	defer glfwState.Unlock()
	glfw.DetachCurrentContext()
	c.win.Destroy()
	releaseGLFW()
}

// releaseGLFW drops one user of GLFW; glfwState must be locked.
func releaseGLFW() {
	glfwState.users--
	if glfwState.users == 0 {
		glfw.Terminate()
	}
}

func boolHint(b bool) int {
	if b {
		return glfw.True
	}
	return glfw.False
}

// window is the Window a windowed backend hands to game code.
type window struct {
	r *driver
}

// ShouldClose reports whether the user asked to close the window; after
// Close it is always true.
func (w *window) ShouldClose() bool { return w.r.closed || w.r.glfw.win.ShouldClose() }

// PollEvents processes window events on the GL thread, where GLFW was set
// up. GLFW runs the window's input callbacks inside it, on that thread, so a
// callback must not call back into the backend.
func (w *window) PollEvents() {
	if w.r.closed {
		return
	}
	w.r.thr.do(pollEvents)
}

// Native returns the *glfw.Window, for input handling in game code.
func (w *window) Native() any { return w.r.glfw.win }

// pollEvents runs on the GL thread; the lock keeps it apart from another
// backend creating or destroying a window at the same moment.
func pollEvents() {
	glfwState.Lock()
	defer glfwState.Unlock()
	glfw.PollEvents()
}

// waitEvents runs on the GL thread while the window is minimised.
func waitEvents() {
	glfw.WaitEventsTimeout(0.1)
}

// SetVSync sets the swap interval of the window's context, on the GL
// thread where the context is current.
func (r *driver) SetVSync(on bool) error {
	if !r.windowed {
		return nil
	}
	r.thr.do(func() { glfw.SwapInterval(boolHint(on)) })
	return nil
}
