package opengl

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
)

func TestSteadyFrameAllocatesNothing(t *testing.T) {
	r := open(t, backends.Config{Width: 64, Height: 64, ShadowMapSize: 256})
	s := newScene(64, 64)
	draws := cubeScene(t, r)
	runFrame(t, r, &s.frame, draws) // first use grows the command slice
	allocs := testing.AllocsPerRun(50, func() { runFrame(t, r, &s.frame, draws) })
	if allocs != 0 {
		t.Errorf("a steady frame allocates %.1f times", allocs)
	}
	img := readPixels(t, r)
	allocs = testing.AllocsPerRun(20, func() {
		if err := r.ReadPixels(img); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("ReadPixels allocates %.1f times", allocs)
	}
}

// rss returns the resident set size in bytes, or 0 where /proc is missing.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("soak test skipped in -short mode")
	}
	const frames, resizeEvery = 3000, 250
	sizes := [][2]int{{64, 64}, {96, 48}, {48, 80}}
	r := open(t, backends.Config{Width: 64, Height: 64, ShadowMapSize: 256})
	s := newScene(64, 64)
	draws := cubeScene(t, r)
	var heap0, rss0 uint64
	for i := 0; i < frames; i++ {
		if i > 0 && i%resizeEvery == 0 {
			sz := sizes[(i/resizeEvery)%len(sizes)]
			if err := r.Resize(sz[0], sz[1]); err != nil {
				t.Fatal(err)
			}
			// The image stays right at every size.
			*s = *newScene(sz[0], sz[1])
		}
		runFrame(t, r, &s.frame, draws)
		if i == 2*resizeEvery-1 {
			// Measured after a few resizes, once the driver's pools have grown.
			heap0, rss0 = heap(), rss()
		}
	}
	img := readPixels(t, r)
	if got, want := img.RGBAAt(0, 0), tonemap(s.frame.FogColor, 1); !near(got, want, 2) {
		t.Errorf("after the soak the corner is %v, want sky %v", got, want)
	}
	heap1, rss1 := heap(), rss()
	t.Logf("Go heap %d -> %d KiB, RSS %d -> %d KiB", heap0>>10, heap1>>10, rss0>>10, rss1>>10)
	if heap1 > heap0+512<<10 {
		t.Errorf("Go heap grew from %d to %d KiB over the soak", heap0>>10, heap1>>10)
	}
	if rss0 != 0 && rss1 > rss0+32<<20 {
		t.Errorf("RSS grew from %d to %d KiB over the soak", rss0>>10, rss1>>10)
	}
}
