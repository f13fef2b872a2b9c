package frame_test

import (
	"testing"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/vmath"
)

func TestLightsReachTheBackend(t *testing.T) {
	tests := []struct {
		name  string
		on    bool
		max   int
		spawn int
		want  int
	}{
		{"on", true, 0, 3, 3},
		{"off", false, 0, 3, 0},
		{"capped nearest first", true, 40, 50, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := frametest.New(t)
			s.Ctx.Env.PunctualLights, s.Ctx.Env.MaxLights = tt.on, tt.max
			s.World.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 5}), ecs.Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
			for i := range tt.spawn {
				s.World.SpawnPointLight(ecs.NewTransform(vmath.Vec3{float32(i) * 0.1, 0, 0}), ecs.PointLight{Color: vmath.Vec3{1, 1, 1}, Intensity: 1, Range: 1})
			}
			s.Begin()
			if got := len(s.Ctx.Data.Lights); got != tt.want {
				t.Errorf("%d lights reached the frame, want %d", got, tt.want)
			}
			for i := 1; i < len(s.Ctx.Data.Lights) && tt.max > 0; i++ {
				if s.Ctx.Data.Lights[i].Position[0] < s.Ctx.Data.Lights[i-1].Position[0] {
					t.Fatalf("lights not nearest first: %v", s.Ctx.Data.Lights)
				}
			}
			s.End()
		})
	}
}
