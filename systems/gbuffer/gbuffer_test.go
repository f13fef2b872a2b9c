package gbuffer_test

import (
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/systems/gbuffer"
	"github.com/sleakgo/sleak/vmath"
)

func TestGBufferDrawsDeferredFormatsOnly(t *testing.T) {
	forward := frametest.Blob
	forward.Name, forward.GBufferShader = "forward", ""
	tests := []struct {
		name    string
		broken  bool // the gbuffer stem fails to build
		want    int
		dropped int
	}{
		{"deferred format drawn", false, 1, 0},
		{"failed stem dropped, never moved elsewhere", true, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := frametest.New(t, frametest.Blob, forward)
			if tt.broken {
				s.D.Fail = func(f backends.ShaderFiles) bool { return strings.Contains(f.Vertex.Path, "blob_gbuffer") }
			}
			s.Cube(formats.DefaultHandle, vmath.Vec3{}, ecs.Material{})
			s.Cube(1, vmath.Vec3{1, 0, 0}, ecs.Material{})
			s.Cube(1, vmath.Vec3{-1, 0, 0}, ecs.Material{Transparent: true})
			s.Cube(2, vmath.Vec3{0, 1, 0}, ecs.Material{})
			s.Cube(1, vmath.Vec3{0, 0, 50}, ecs.Material{}) // behind the camera
			s.Begin()
			sys := &gbuffer.System{Ctx: s.Ctx}
			sys.Update(s.World)
			if sys.Err != nil {
				t.Fatal(sys.Err)
			}
			if got := len(s.D.Draws[formats.PassGBuffer]); got != tt.want {
				t.Errorf("%d gbuffer draws, want %d", got, tt.want)
			}
			if got := s.Ctx.Stats.DroppedIn(1, formats.PassGBuffer); got != tt.dropped {
				t.Errorf("dropped %d, want %d", got, tt.dropped)
			}
			if s.Ctx.Stats.Culled != 1 {
				t.Errorf("culled %d, want 1", s.Ctx.Stats.Culled)
			}
			s.End()
		})
	}
}
