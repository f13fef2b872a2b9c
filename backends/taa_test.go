package backends

import (
	"math"
	"testing"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// The jitter's samples lie inside the pixel, differ, centre on it and
// repeat every TAASamples frames.
func TestTAAJitter(t *testing.T) {
	var sx, sy float32
	seen := map[[2]float32]bool{}
	for n := range uint64(TAASamples) {
		x, y := TAAJitter(n)
		if x <= -0.5 || x >= 0.5 || y <= -0.5 || y >= 0.5 {
			t.Errorf("frame %d: jitter (%v, %v) leaves the pixel", n, x, y)
		}
		if seen[[2]float32{x, y}] {
			t.Errorf("frame %d: jitter (%v, %v) again", n, x, y)
		}
		seen[[2]float32{x, y}] = true
		sx, sy = sx+x, sy+y
		if x2, y2 := TAAJitter(n + TAASamples); x2 != x || y2 != y {
			t.Errorf("frame %d: jitter (%v, %v), %d frames later (%v, %v)", n, x, y, TAASamples, x2, y2)
		}
	}
	if mx, my := sx/TAASamples, sy/TAASamples; math.Abs(float64(mx)) > 0.07 || math.Abs(float64(my)) > 0.07 {
		t.Errorf("the samples centre on (%v, %v), not the pixel", mx, my)
	}
}

// Jitter moves every point by the same fraction of a pixel on screen, keeps
// invViewProj the inverse of viewProj, and writes the history's words.
func TestFrameBlockJitter(t *testing.T) {
	view := vmath.Perspective(1, 4.0/3, 0.1, 100).Mul(vmath.LookAt(vmath.Vec3{1, 2, 3}, vmath.Vec3{}, vmath.Vec3{0, 1, 0}))
	d := &FrameData{ViewProj: view, InvViewProj: view.Inverse(), Effects: Effects{TAA: true, Antialias: true}}
	var b FrameBlock
	b.Pack(d, 512)
	if !b.TAA() || !b.EffectOn(formats.PassAntialias) {
		t.Fatal("Pack with TAA: the block does not say so")
	}
	if b[postWord+2] != 0 {
		t.Error("TAA and Antialias both packed: the edge smoothing is on too")
	}
	const w, h = 400, 300
	b.Jitter(0.25, -0.5, w, h, false, nil)
	var vp, inv vmath.Mat4
	copy(vp[:], b[0:16])
	copy(inv[:], b[16:32])
	for _, p := range []vmath.Vec3{{0, 0, 0}, {0.5, -0.3, 1}, {-2, 1, 0.5}} {
		a, j := view.MulVec4(p.Vec4(1)), vp.MulVec4(p.Vec4(1))
		dx, dy := (j[0]/j[3]-a[0]/a[3])*w/2, -(j[1]/j[3]-a[1]/a[3])*h/2
		if math.Abs(float64(dx-0.25)) > 1e-3 || math.Abs(float64(dy+0.5)) > 1e-3 {
			t.Errorf("%v moved by (%v, %v) pixels, want (0.25, -0.5)", p, dx, dy)
		}
		back := inv.MulVec4(j)
		if q := back.Vec3().Mul(1 / back[3]); q.Sub(p).Len() > 1e-3 {
			t.Errorf("invViewProj takes %v back to %v", p, q)
		}
	}
	if b[taaWord] != 0 || [16]float32(b[reprojectWord:reprojectWord+16]) != vmath.Ident() {
		t.Errorf("no history: weight %v, reproject %v", b[taaWord], b[reprojectWord:reprojectWord+16])
	}
	b.Pack(d, 512)
	b.Jitter(0, 0, w, h, true, &view)
	var r vmath.Mat4
	copy(r[:], b[reprojectWord:reprojectWord+16])
	for i, want := range vmath.Ident() {
		if math.Abs(float64(r[i]-want)) > 1e-4 {
			t.Fatalf("a still view's reproject is %v, want the identity", r)
		}
	}
	if b[taaWord] != TAAFeedback {
		t.Errorf("history weight %v, want %v", b[taaWord], TAAFeedback)
	}
}
