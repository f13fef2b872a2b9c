package conformance

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// ResizeWindow resizes a backend's OS window the way a user would, without
// calling Backend.Resize. Nil means SetSize on the window's Native value,
// which a GLFW window has.
type ResizeWindow func(w backends.Window, width, height int) error

func setSize(w backends.Window, width, height int) error {
	win, ok := w.Native().(interface{ SetSize(width, height int) })
	if !ok {
		return fmt.Errorf("the window (%T) has no SetSize: pass a ResizeWindow", w.Native())
	}
	win.SetSize(width, height)
	return nil
}

// RunWindowed runs the scenes that need a real window (an X display; run
// under xvfb-run): the lit_cube scene presented in a window must match the
// offscreen golden, and a window resized by the OS with a missing variant
// restored in between must draw that variant at the new size, the frame
// read back from the window matching the same scene rendered offscreen at
// that size, so it is neither stretched nor drawn at the old aspect ratio.
func RunWindowed(t *testing.T, o Options, resize ResizeWindow) {
	t.Helper()
	if resize == nil {
		resize = setSize
	}
	s := &suite{o: o}
	var err error
	if s.golden, err = filepath.Abs(o.GoldenDir); err != nil {
		t.Fatal(err)
	}
	s.failures = filepath.Join(filepath.Dir(s.golden), "failures")
	if o.Reference != "" {
		if s.reference, err = filepath.Abs(o.Reference); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("window_lit_cube", func(t *testing.T) {
		if *updateGolden {
			t.Skip("goldens are written offscreen, by Run")
		}
		h := s.start(t, "lit_cube")
		h.window = &backends.WindowConfig{Title: "sleak conformance"}
		litCube(h)
	})
	t.Run("window_resize_retries_variant", func(t *testing.T) {
		h := s.start(t, "window_resize_retries_variant")
		h.window = &backends.WindowConfig{Title: "sleak conformance"}
		windowResize(h, resize)
	})
	t.Run("window_vsync", func(t *testing.T) {
		if *updateGolden {
			t.Skip("goldens are written offscreen, by Run")
		}
		h := s.start(t, "lit_cube")
		h.window = &backends.WindowConfig{Title: "sleak conformance", VSync: true}
		windowVSync(h)
	})
}

// windowVSync: vsync turned off and on again while a window presents
// keeps the window's size, and every frame after each change is the
// scene's golden picture, read back from the window.
func windowVSync(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	win := h.b.Window()
	if win == nil {
		h.t.Fatal("a windowed backend has no Window")
	}
	if !win.VSync() {
		h.t.Errorf("VSync() = false in a window opened with vsync")
	}
	h.stepWindowed(3)
	for _, on := range []bool{false, true} {
		h.must(win.SetVSync(on), "SetVSync(%v)", on)
		if got := win.VSync(); got != on {
			h.t.Errorf("VSync() = %v after SetVSync(%v)", got, on)
		}
		h.stepWindowed(3)
		if w, hh := h.b.Size(); w != Width || hh != Height {
			h.t.Errorf("after SetVSync(%v) the backend is %dx%d, want %dx%d", on, w, hh, Width, Height)
		}
		h.noErrors()
		h.expectDraws(draws{shadow: 1, forward: 2})
		h.matchGolden(h.pixels())
	}
	h.must(h.b.BeginFrame(&h.ctx.Data), "BeginFrame")
	if err := win.SetVSync(false); err == nil {
		h.t.Errorf("SetVSync inside a frame returned no error")
	}
	h.must(h.b.EndFrame(), "EndFrame")
}

// The size the window is resized to: another aspect ratio than the
// suite's, so a stretched frame cannot pass.
const (
	resizedWidth  = 240
	resizedHeight = 100
)

func windowResize(h *harness, resize ResizeWindow) {
	// The reference first, closed before the window opens: vulkan-go keeps
	// one process-wide table of instance functions, which the newest
	// instance overwrites.
	want := offscreenScene(h)
	hs := h.open(blobLayout("blob_late", "blob", "blob_shadow", "blob_late", ""))
	late := h.stemFiles("blob_late", formats.PassGBuffer).Vertex.Path
	h.stage()
	h.blobCube("cube", hs[0], cubePos)
	win := h.b.Window()
	if win == nil {
		h.t.Fatal("a windowed backend has no Window")
	}
	h.stepWindowed(2)
	h.expectDropped(hs[0], formats.PassGBuffer, 1)

	h.copyFile(h.stemFiles("blob_gbuffer", formats.PassGBuffer).Vertex.Path, late)
	h.must(resize(win, resizedWidth, resizedHeight), "resize the window")
	for i := 0; i < 100; i++ {
		win.PollEvents()
		if w, hh := h.b.Size(); w == resizedWidth && hh == resizedHeight {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if w, hh := h.b.Size(); w != resizedWidth || hh != resizedHeight {
		h.t.Fatalf("after the window was resized to %dx%d the backend is %dx%d", resizedWidth, resizedHeight, w, hh)
	}
	h.stepWindowed(2)
	h.expectDropped(hs[0], formats.PassGBuffer, 0)
	h.expectDraws(draws{shadow: 1, gbuffer: 1, forward: 1})
	got := image.NewRGBA(image.Rect(0, 0, resizedWidth, resizedHeight))
	h.must(h.b.ReadPixels(got), "ReadPixels of a windowed frame")

	if _, err := Compare(got, want, GoldenTolerance); err != nil {
		p := h.writeFailure(h.scene+"_windowed.png", got)
		h.writeFailure(h.scene+"_offscreen.png", want)
		h.t.Errorf("the windowed frame after the resize differs from the scene rendered offscreen at %dx%d: %v (written to %s)",
			resizedWidth, resizedHeight, err, p)
	}
}

// stepWindowed renders n frames, polling the window before each.
func (h *harness) stepWindowed(n int) {
	h.t.Helper()
	for range n {
		h.b.Window().PollEvents()
		h.step(1)
	}
}

// offscreenScene renders the window scene's final state offscreen at the
// resized size, as the reference picture. It runs in a folder of its own
// inside the scene's, with its own copy of the shaders, because a backend
// opened through a wrapper like dxtest.EmptyingWorkDir removes its working
// folder when it closes.
func offscreenScene(h *harness) *image.RGBA {
	h.t.Helper()
	dir, err := os.Getwd()
	h.must(err, "working directory")
	sub := filepath.Join(dir, "offscreen")
	h.must(os.MkdirAll(sub, 0o755), "mkdir %s", sub)
	h.must(os.Chdir(sub), "chdir %s", sub)
	defer func() { h.must(os.Chdir(dir), "chdir %s", dir) }()
	h.must(copyTestShaders(), "copy the test shaders")
	o := &harness{t: h.t, s: h.s, scene: h.scene + "_offscreen", kind: h.kind, reg: formats.NewRegistry(), log: &syncBuffer{}}
	hs := o.open(blobLayout("blob_late", "blob", "blob_shadow", "blob_late", ""))
	o.must(o.b.Resize(resizedWidth, resizedHeight), "resize")
	o.stage()
	o.blobCube("cube", hs[0], cubePos)
	o.step(2)
	img := image.NewRGBA(image.Rect(0, 0, resizedWidth, resizedHeight))
	o.must(o.b.ReadPixels(img), "ReadPixels")
	o.must(o.b.Close(), "Close")
	return img
}
