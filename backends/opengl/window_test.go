package opengl

import (
	"os"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends"
)

func TestWindowed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if requireDrivers() {
			t.Log("no DISPLAY: the windowed path needs an X server (run under xvfb-run)")
		}
		t.Skip("opengl: no OpenGL context: DISPLAY is not set, so no window can open")
	}
	r := open(t, backends.Config{Width: 96, Height: 64, ShadowMapSize: 256, Window: &backends.WindowConfig{Title: "sleak test", VSync: false}})
	w := r.Window()
	if w == nil {
		t.Fatal("windowed backend has no Window")
	}
	if _, ok := w.Native().(*glfw.Window); !ok {
		t.Fatalf("Native() is %T", w.Native())
	}
	width, height := r.Size()
	s := newScene(width, height)
	draws := cubeScene(t, r)
	for range 3 {
		w.PollEvents()
		runFrame(t, r, &s.frame, draws)
	}
	if w.ShouldClose() {
		t.Error("window wants to close")
	}
	if got, want := readPixels(t, r).RGBAAt(1, 1), tonemap(s.frame.FogColor, 1); !near(got, want, 2) {
		t.Errorf("corner %v, want sky %v", got, want)
	}
}
