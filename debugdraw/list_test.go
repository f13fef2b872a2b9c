package debugdraw

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

func TestShapes(t *testing.T) {
	lo, hi := vmath.Vec3{-1, 0, 2}, vmath.Vec3{1, 3, 4}
	tests := []struct {
		name  string
		draw  func(l *Layer)
		lines int
		// each line spans one axis by one of these lengths
		lengths []float32
	}{
		{"line", func(l *Layer) { l.Line(vmath.Vec3{}, vmath.Vec3{0, 2, 0}, Red) }, 1, []float32{2}},
		{"box", func(l *Layer) { l.Box(lo, hi, Green) }, 12, []float32{2, 3}},
		{"translated box", func(l *Layer) {
			l.TransformedBox(vmath.Translate(vmath.Vec3{5, 0, 0}), vmath.AABB{Min: lo, Max: hi}, Blue)
		}, 12, []float32{2, 3}},
		{"cross", func(l *Layer) { l.Cross(vmath.Vec3{1, 1, 1}, 0.5, White) }, 3, []float32{0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := New(true)
			tt.draw(&l.Layer)
			v := l.Vertices()
			if len(v) != 2*tt.lines || l.Lines() != tt.lines {
				t.Fatalf("%d vertices (%d lines), want %d lines", len(v), l.Lines(), tt.lines)
			}
			for i := 0; i < len(v); i += 2 {
				d := v[i+1].Pos.Sub(v[i].Pos)
				axes, length := 0, float32(0)
				for _, c := range d {
					if c != 0 {
						axes++
						length = max(c, -c)
					}
				}
				ok := axes == 1
				if ok {
					ok = false
					for _, w := range tt.lengths {
						ok = ok || length == w
					}
				}
				if !ok {
					t.Errorf("line %d from %v to %v: want one axis, %v long", i/2, v[i].Pos, v[i+1].Pos, tt.lengths)
				}
			}
		})
	}
}

func TestSphere(t *testing.T) {
	l := New(true)
	c, r := vmath.Vec3{1, 2, 3}, float32(0.5)
	l.Sphere(c, r, Green)
	v := l.Vertices()
	if len(v) != 2*3*circleSegments {
		t.Fatalf("%d vertices, want %d", len(v), 2*3*circleSegments)
	}
	for i, p := range v {
		if d := p.Pos.Sub(c).Len(); d < r-1e-5 || d > r+1e-5 {
			t.Errorf("vertex %d at %v is %v from the centre, want %v", i, p.Pos, d, r)
		}
	}
}

func TestColors(t *testing.T) {
	tests := []struct {
		in   vmath.Vec4
		want uint32
	}{
		{Red, 0xff0000ff},
		{vmath.Vec4{0, 1, 0, 0.5}, 0x8000ff00},
		{vmath.Vec4{2, -1, 0, 1}, 0xff0000ff}, // clamped
	}
	for _, tt := range tests {
		if got := backends.PackColor(tt.in); got != tt.want {
			t.Errorf("PackColor(%v) = %#08x, want %#08x", tt.in, got, tt.want)
		}
	}
}

func TestLayersAndReset(t *testing.T) {
	l := New(true)
	l.Line(vmath.Vec3{}, vmath.Vec3{1, 0, 0}, Red)
	l.OnTop.Box(vmath.Vec3{}, vmath.Vec3{1, 1, 1}, Yellow)
	if len(l.Vertices()) != 2 || len(l.OnTop.Vertices()) != 24 {
		t.Fatalf("tested %d, on top %d vertices, want 2 and 24", len(l.Vertices()), len(l.OnTop.Vertices()))
	}
	l.Reset()
	if l.Lines() != 0 {
		t.Errorf("after Reset %d lines remain", l.Lines())
	}
}

func TestDisabledIgnoresEverything(t *testing.T) {
	l := New(false)
	l.Line(vmath.Vec3{}, vmath.Vec3{1, 0, 0}, Red)
	l.Box(vmath.Vec3{}, vmath.Vec3{1, 1, 1}, Red)
	l.OnTop.Cross(vmath.Vec3{}, 1, Red)
	l.TransformedBox(vmath.Ident(), vmath.AABB{}, Red)
	l.Sphere(vmath.Vec3{}, 1, Red)
	if l.Lines() != 0 || l.Enabled() {
		t.Errorf("a disabled list holds %d lines (enabled %v)", l.Lines(), l.Enabled())
	}
	l.SetEnabled(true)
	l.Line(vmath.Vec3{}, vmath.Vec3{1, 0, 0}, Red)
	l.SetEnabled(false)
	if l.Lines() != 0 {
		t.Errorf("turning a list off kept %d lines", l.Lines())
	}
}

func TestSteadyFrameAllocatesNothing(t *testing.T) {
	l := New(true)
	frame := func() {
		for i := range 100 {
			f := float32(i)
			l.Box(vmath.Vec3{f, 0, 0}, vmath.Vec3{f + 1, 1, 1}, Green)
			l.OnTop.Cross(vmath.Vec3{f, 2, 0}, 0.5, Red)
			l.Sphere(vmath.Vec3{f, 3, 0}, 0.5, Blue)
		}
		l.Reset()
	}
	frame()
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("a steady frame allocates %v times", n)
	}
}

// BenchmarkBoxes is the CPU side of 10,000 lines a frame: 834 boxes.
func BenchmarkBoxes(b *testing.B) {
	l := New(true)
	b.ReportAllocs()
	for b.Loop() {
		for i := range 834 {
			f := float32(i)
			l.Box(vmath.Vec3{f, 0, 0}, vmath.Vec3{f + 1, 1, 1}, Green)
		}
		l.Reset()
	}
}
