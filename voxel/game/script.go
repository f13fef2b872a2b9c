package game

import (
	"github.com/sleakgo/sleak/ecs"
)

// Action is one scripted input event at a frame.
type Action struct {
	Frame  uint64
	Key    ecs.Key         // KeyUnknown: none
	Down   bool            // for Key
	Button ecs.MouseButton // with Click
	Click  bool            // press and release Button this frame
	LookDX float32         // mouse motion in pixels this frame
	LookDY float32
	Do     func(g *Game) // anything else (save, checks), run before the frame
}

// Script is a scripted input track for headless runs and tests: actions by
// frame number, and the frame it ends at.
type Script struct {
	Actions []Action
	End     uint64
	game    *Game
	next    int
}

// Apply feeds the actions of frame into in. A script steers like a
// player with a captured mouse.
func (s *Script) Apply(frame uint64, in *ecs.Input) {
	in.MouseCaptured = true
	for s.next < len(s.Actions) && s.Actions[s.next].Frame <= frame {
		a := s.Actions[s.next]
		s.next++
		if a.Key != ecs.KeyUnknown {
			in.SetKey(a.Key, a.Down)
		}
		if a.Click {
			in.SetMouse(a.Button, true)
			in.MouseDown[a.Button] = false // released again, the press stays
		}
		in.MouseDX += a.LookDX
		in.MouseDY += a.LookDY
		if a.Do != nil && s.game != nil {
			a.Do(s.game)
		}
	}
}

// Done reports whether the script has ended at frame.
func (s *Script) Done(frame uint64) bool { return frame >= s.End }

// FlyOver is the headless demo: fly forward over the terrain, turning
// slowly, for frames frames.
func FlyOver(frames uint64) *Script {
	s := &Script{End: frames}
	s.Actions = append(s.Actions,
		Action{Frame: 0, Key: ecs.KeyF, Down: true},
		Action{Frame: 1, Key: ecs.KeyF, Down: false},
		Action{Frame: 1, Key: ecs.KeySpace, Down: true}, // climb above the trees first
		Action{Frame: 1, LookDY: 180},
		Action{Frame: 90, Key: ecs.KeySpace, Down: false},
		Action{Frame: 90, Key: ecs.KeyW, Down: true},
	)
	for f := uint64(2); f < frames; f += 4 {
		s.Actions = append(s.Actions, Action{Frame: f, LookDX: 3})
	}
	return s
}
