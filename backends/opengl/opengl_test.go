package opengl

import (
	"os"
	"testing"

	"github.com/sleakgo/sleak/backends"
)

func TestClearToSky(t *testing.T) {
	r := open(t, backends.Config{Width: 64, Height: 48, ShadowMapSize: 256})
	t.Logf("context: %s", driverOf(r).platformName())
	s := newScene(64, 48)
	runFrame(t, r, &s.frame, nil)
	img := readPixels(t, r)
	want := tonemap(s.frame.FogColor, 1)
	for _, p := range [][2]int{{0, 0}, {63, 47}, {32, 24}} {
		if got := img.RGBAAt(p[0], p[1]); !near(got, want, 2) {
			t.Errorf("pixel %v = %v, want sky %v", p, got, want)
		}
	}
}

func TestEGLSurfaceless(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Log("DISPLAY is unset: every test here already runs on EGL")
	}
	r := openOn(t, backends.Config{Width: 32, Height: 32, ShadowMapSize: 128}, platformEGL)
	if got := driverOf(r).platformName(); got != "EGL surfaceless" {
		t.Fatalf("platform %q", got)
	}
	s := newScene(32, 32)
	runFrame(t, r, &s.frame, nil)
	img := readPixels(t, r)
	if got, want := img.RGBAAt(5, 5), tonemap(s.frame.FogColor, 1); !near(got, want, 2) {
		t.Errorf("sky %v, want %v", got, want)
	}
}
