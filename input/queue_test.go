package input

import (
	"testing"

	"github.com/sleakgo/sleak/ecs"
)

// Events between two steps are replayed in order, so what happened within
// one frame is seen whole.
func TestQueueReplay(t *testing.T) {
	tests := []struct {
		name  string
		push  func(q *Queue)
		check func(t *testing.T, in *ecs.Input)
	}{
		{"tap within a frame", func(q *Queue) { q.Key(ecs.Key3, true); q.Key(ecs.Key3, false) }, func(t *testing.T, in *ecs.Input) {
			if !in.Pressed[ecs.Key3] || !in.Released[ecs.Key3] || in.Down[ecs.Key3] {
				t.Errorf("pressed %v released %v down %v; want true true false", in.Pressed[ecs.Key3], in.Released[ecs.Key3], in.Down[ecs.Key3])
			}
		}},
		{"short click", func(q *Queue) { q.Button(ecs.MouseRight, true); q.Button(ecs.MouseRight, false) }, func(t *testing.T, in *ecs.Input) {
			if !in.MousePressed[ecs.MouseRight] || !in.MouseReleased[ecs.MouseRight] || in.MouseDown[ecs.MouseRight] {
				t.Errorf("click lost: %+v", in.MousePressed)
			}
		}},
		{"either shift", func(q *Queue) { q.Key(ecs.KeyRightShift, true) }, func(t *testing.T, in *ecs.Input) {
			if !in.Down[ecs.KeyShift] || !in.Pressed[ecs.KeyShift] || in.Down[ecs.KeyLeftShift] {
				t.Error("right shift does not hold KeyShift")
			}
		}},
		{"motion adds up", func(q *Queue) { q.Cursor(10, 5); q.Scroll(0, 1); q.Cursor(14, 2); q.Cursor(20, 0) }, func(t *testing.T, in *ecs.Input) {
			if in.MouseDX != 20 || in.MouseDY != 0 || in.MouseX != 20 || in.Scroll != 1 {
				t.Errorf("motion %v,%v at %v,%v scroll %v", in.MouseDX, in.MouseDY, in.MouseX, in.MouseY, in.Scroll)
			}
		}},
		{"wheel notches", func(q *Queue) { q.Scroll(0, 1); q.Scroll(0, 1); q.Scroll(0.5, -3) }, func(t *testing.T, in *ecs.Input) {
			if in.Scroll != -1 || in.ScrollX != 0.5 {
				t.Errorf("scroll %v, %v", in.Scroll, in.ScrollX)
			}
		}},
		{"text", func(q *Queue) {
			for _, r := range "hé!" {
				q.Text(r)
			}
		}, func(t *testing.T, in *ecs.Input) {
			if string(in.Text) != "hé!" {
				t.Errorf("text %q", string(in.Text))
			}
		}},
		{"out-of-range key ignored", func(q *Queue) { q.Key(ecs.NumKeys+3, true) }, func(*testing.T, *ecs.Input) {}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var q Queue
			var in ecs.Input
			in.BeginStep()
			tc.push(&q)
			q.Flush(&in)
			tc.check(t, &in)
			if q.Len() != 0 {
				t.Error("queue not emptied")
			}
		})
	}
}

// A held key stays down across steps and is pressed only once.
func TestHeldKeyAcrossSteps(t *testing.T) {
	var q Queue
	var in ecs.Input
	q.Key(ecs.KeyW, true)
	q.Flush(&in)
	in.BeginStep()
	q.Flush(&in)
	if !in.Down[ecs.KeyW] || in.Pressed[ecs.KeyW] {
		t.Errorf("second step: down %v pressed %v", in.Down[ecs.KeyW], in.Pressed[ecs.KeyW])
	}
}

// A source without a window reports nothing and never fails.
func TestSourceWithoutWindow(t *testing.T) {
	s := Attach(nil)
	if s.Native() {
		t.Fatal("a nil window reads input")
	}
	var in ecs.Input
	in.CaptureMouse(true)
	s.Queue().Key(ecs.KeyQ, true)
	s.Poll(&in)
	if !in.Down[ecs.KeyQ] || in.MouseCaptured {
		t.Errorf("down %v captured %v", in.Down[ecs.KeyQ], in.MouseCaptured)
	}
	s.Close()
}

// The steady state of a frame's input allocates nothing.
func TestQueueAllocatesNothing(t *testing.T) {
	var q Queue
	var in ecs.Input
	step := func() {
		in.BeginStep()
		q.Key(ecs.KeyA, true)
		q.Cursor(1, 2)
		q.Text('x')
		q.Key(ecs.KeyA, false)
		q.Flush(&in)
	}
	step()
	if n := testing.AllocsPerRun(100, step); n != 0 {
		t.Errorf("%v allocations a step", n)
	}
}
