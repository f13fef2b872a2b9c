package debugpass_test

import (
	"testing"

	"github.com/sleakgo/sleak/debugdraw"
	"github.com/sleakgo/sleak/systems/debugpass"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/vmath"
)

func TestDebugPassHandsTheListOver(t *testing.T) {
	tests := []struct {
		name          string
		on            bool
		tested, onTop int // vertices the driver gets
	}{
		{"on", true, 2 + 24, 6},
		{"off in game.toml", false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := frametest.New(t)
			s.Ctx.Debug.SetEnabled(tt.on)
			dd := s.Ctx.Debug
			s.Begin()
			dd.Line(vmath.Vec3{}, vmath.Vec3{1, 0, 0}, debugdraw.Red)
			dd.Box(vmath.Vec3{}, vmath.Vec3{1, 1, 1}, debugdraw.Green)
			dd.OnTop.Cross(vmath.Vec3{}, 1, debugdraw.White)
			if err := s.Ctx.Composite(); err != nil {
				t.Fatal(err)
			}
			sys := &debugpass.System{Ctx: s.Ctx}
			sys.Update(s.World)
			if sys.Err != nil {
				t.Fatal(sys.Err)
			}
			if err := s.Ctx.Finish(); err != nil {
				t.Fatal(err)
			}
			if got := [2]int{len(s.D.Lines.Tested), len(s.D.Lines.OnTop)}; got != [2]int{tt.tested, tt.onTop} {
				t.Errorf("the driver got %v tested and on-top vertices, want %v", got, [2]int{tt.tested, tt.onTop})
			}
			if got, want := s.Ctx.Stats.Lines, (tt.tested+tt.onTop)/2; got != want {
				t.Errorf("Stats.Lines = %d, want %d", got, want)
			}
			if dd.Lines() != 0 {
				t.Errorf("the list keeps %d lines after the pass", dd.Lines())
			}
		})
	}
}
