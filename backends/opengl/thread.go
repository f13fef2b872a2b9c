package opengl

import "runtime"

// glThread runs every GL and GLFW call of one backend on one locked OS
// thread. A GL context is current on exactly one thread, and GLFW wants its
// window calls on the thread that created the window, but the Backend's
// caller may move between goroutines (t.Run, game loops). Work is handed over
// as a func and the caller waits for it; the per-frame functions are method
// values built once, so a hand-off allocates nothing.
type glThread struct {
	work chan func()
	done chan any // the recovered panic value, or nil
	// before, when set, runs ahead of every call: the driver's deferred
	// object work. Set it between calls; the hand-off orders the write.
	before func()
}

func startGLThread() *glThread {
	t := &glThread{work: make(chan func()), done: make(chan any)}
	go t.loop()
	return t
}

func (t *glThread) loop() {
	// Never unlocked: when the goroutine returns, the runtime ends the
	// thread too, and with it whatever thread-local state GLX or EGL kept.
	runtime.LockOSThread()
	for f := range t.work {
		t.done <- call(t.before, f)
	}
}

// call runs before (when set) and f and turns a panic into a value, so a
// bug on the GL thread surfaces on the caller's goroutine (and in its
// test) instead of killing the process from a goroutine nobody is
// watching.
func call(before, f func()) (p any) {
	defer func() { p = recover() }()
	if before != nil {
		before()
	}
	f()
	return nil
}

// do runs f on the GL thread and waits for it.
func (t *glThread) do(f func()) {
	t.work <- f
	if p := <-t.done; p != nil {
		panic(p)
	}
}

// stop ends the thread once the last call has returned.
func (t *glThread) stop() { close(t.work) }
