//go:build linux

package opengl

/*
#cgo LDFLAGS: -lEGL
#include <stdlib.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

static EGLDisplay sleakSurfacelessDisplay(void) {
	return eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

static EGLContext sleakCreateContext(EGLDisplay dpy, EGLConfig cfg, int debug) {
	EGLint attrs[] = {
		EGL_CONTEXT_MAJOR_VERSION, 4,
		EGL_CONTEXT_MINOR_VERSION, 3,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE,
		EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
		EGL_NONE,
	};
	return eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attrs);
}

static EGLConfig sleakChooseConfig(EGLDisplay dpy, EGLint *count) {
	// Surface type 0: the context never gets a surface, so any config that
	// can run desktop OpenGL will do (the default would demand a window).
	EGLint attrs[] = {
		EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
		EGL_SURFACE_TYPE, 0,
		EGL_NONE,
	};
	EGLConfig cfg = NULL;
	*count = 0;
	if (!eglChooseConfig(dpy, attrs, &cfg, 1, count)) {
		*count = 0;
	}
	return cfg;
}

static int sleakMakeCurrent(EGLDisplay dpy, EGLContext ctx) {
	return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

static void *sleakGetProcAddress(const char *name) {
	return (void *)eglGetProcAddress(name);
}
*/
import "C"

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// eglContext is an OpenGL 4.3 core context with no surface at all: Mesa's
// surfaceless platform needs neither an X server nor a GPU device node, so it
// is the path for CI machines and containers. Everything is drawn into
// framebuffer objects.
type eglContext struct {
	dpy C.EGLDisplay
	ctx C.EGLContext
}

// The surfaceless display is one per process: eglGetPlatformDisplay returns
// the same handle every time, and eglTerminate would end every context on
// it, so it is terminated only when the last backend using it closes.
var eglDisplay struct {
	sync.Mutex
	users int
}

// newEGLContext creates the context and makes it current on the calling
// thread, which must be the backend's GL thread.
func newEGLContext(debug bool) (*eglContext, error) {
	clientExts := C.eglQueryString(0, C.EGL_EXTENSIONS)
	if clientExts == nil || !hasToken(C.GoString(clientExts), "EGL_MESA_platform_surfaceless") {
		return nil, fmt.Errorf("EGL client extension EGL_MESA_platform_surfaceless is not available")
	}
	eglDisplay.Lock()
	defer eglDisplay.Unlock()
	dpy := C.sleakSurfacelessDisplay()
	if dpy == 0 {
		return nil, fmt.Errorf("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA): %s", eglError())
	}
	var major, minor C.EGLint
	if C.eglInitialize(dpy, &major, &minor) == C.EGL_FALSE {
		return nil, fmt.Errorf("eglInitialize: %s", eglError())
	}
	eglDisplay.users++
	ok := false
	defer func() {
		if !ok {
			releaseEGLDisplay(dpy)
		}
	}()
	if exts := C.eglQueryString(dpy, C.EGL_EXTENSIONS); exts == nil || !hasToken(C.GoString(exts), "EGL_KHR_surfaceless_context") {
		return nil, fmt.Errorf("EGL %d.%d display lacks EGL_KHR_surfaceless_context", major, minor)
	}
	if C.eglBindAPI(C.EGL_OPENGL_API) == C.EGL_FALSE {
		return nil, fmt.Errorf("eglBindAPI(EGL_OPENGL_API): %s", eglError())
	}
	var count C.EGLint
	cfg := C.sleakChooseConfig(dpy, &count)
	if count < 1 {
		return nil, fmt.Errorf("eglChooseConfig: no config renders desktop OpenGL (%s)", eglError())
	}
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	ctx := C.sleakCreateContext(dpy, cfg, dbg)
	if ctx == nil {
		return nil, fmt.Errorf("eglCreateContext(OpenGL 4.3 core): %s", eglError())
	}
	if C.sleakMakeCurrent(dpy, ctx) == C.EGL_FALSE {
		err := eglError()
		C.eglDestroyContext(dpy, ctx)
		return nil, fmt.Errorf("eglMakeCurrent with no surface: %s", err)
	}
	ok = true
	return &eglContext{dpy: dpy, ctx: ctx}, nil
}

// destroy releases the context; it runs on the GL thread.
func (c *eglContext) destroy() {
	C.sleakMakeCurrent(c.dpy, nil)
	C.eglDestroyContext(c.dpy, c.ctx)
	C.eglReleaseThread()
	eglDisplay.Lock()
	defer eglDisplay.Unlock()
	releaseEGLDisplay(c.dpy)
}

// releaseEGLDisplay drops one user of the display; eglDisplay must be locked.
func releaseEGLDisplay(dpy C.EGLDisplay) {
	eglDisplay.users--
	if eglDisplay.users == 0 {
		C.eglTerminate(dpy)
	}
}

// eglProcAddress loads GL entry points for go-gl from the EGL driver.
func eglProcAddress(name string) unsafe.Pointer {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	return C.sleakGetProcAddress(cname)
}

func hasToken(list, token string) bool {
	return slices.Contains(strings.Fields(list), token)
}

func eglError() string {
	code := C.eglGetError()
	names := map[C.EGLint]string{
		C.EGL_SUCCESS: "EGL_SUCCESS", C.EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED",
		C.EGL_BAD_ACCESS: "EGL_BAD_ACCESS", C.EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
		C.EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", C.EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
		C.EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", C.EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY",
		C.EGL_BAD_MATCH: "EGL_BAD_MATCH", C.EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
	}
	if n, ok := names[code]; ok {
		return n
	}
	return fmt.Sprintf("EGL error 0x%04X", int(code))
}
