package shadow_test

import (
	"testing"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/systems/shadow"
	"github.com/sleakgo/sleak/vmath"
)

func TestShadowPassDrawsCastersOnly(t *testing.T) {
	noShadow := frametest.Blob
	noShadow.Name, noShadow.ShadowShader = "noshadow", ""
	tests := []struct {
		name    string
		sun     bool
		want    int // draws reaching the driver in the shadow pass
		dropped int // shadow draws dropped
	}{
		{"sun casting shadows", true, 2, 0},
		{"no shadows asked for", false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := frametest.New(t, frametest.Blob, noShadow)
			if !tt.sun {
				s.World.Sun().CastShadows = false
			}
			s.Cube(formats.DefaultHandle, vmath.Vec3{}, ecs.Material{CastShadows: true})
			s.Cube(formats.DefaultHandle, vmath.Vec3{2, 0, 0}, ecs.Material{CastShadows: false})
			s.Cube(formats.DefaultHandle, vmath.Vec3{-2, 0, 0}, ecs.Material{CastShadows: true, Transparent: true})
			s.Cube(1, vmath.Vec3{0, 2, 0}, ecs.Material{CastShadows: true})
			s.Cube(2, vmath.Vec3{0, -2, 0}, ecs.Material{CastShadows: true}) // empty shadow stem: casts nothing
			s.Begin()
			sys := &shadow.System{Ctx: s.Ctx}
			sys.Update(s.World)
			if sys.Err != nil {
				t.Fatal(sys.Err)
			}
			if got := len(s.D.Draws[formats.PassShadow]); got != tt.want {
				t.Errorf("%d shadow draws, want %d", got, tt.want)
			}
			got := 0
			for h := range formats.Handle(3) {
				got += s.Ctx.Stats.DroppedIn(h, formats.PassShadow)
			}
			if got != tt.dropped {
				t.Errorf("%d dropped, want %d", got, tt.dropped)
			}
			s.End()
		})
	}
}
