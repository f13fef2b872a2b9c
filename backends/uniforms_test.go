package backends

import (
	"testing"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

func TestFrameBlock(t *testing.T) {
	var b FrameBlock
	d := FrameData{ViewProj: vmath.Ident(), CameraPos: vmath.Vec3{1, 2, 3}, Time: 4, Shadows: true,
		Exposure: 2, FogStart: 5, FogEnd: 6}
	b.Pack(&d, 512)
	if b[0] != 1 || b[48] != 1 || b[51] != 4 || b[55] != 1 || b[63] != 2 || b[68] != 5 || b[69] != 6 || b[70] != 1.0/512 {
		t.Errorf("packed block: %v", b[48:72])
	}
	d.Exposure = 0
	b.Pack(&d, 512)
	if b[63] != 1 {
		t.Errorf("exposure 0 packed as %v, want 1", b[63])
	}
}

func TestConfigWithDefaults(t *testing.T) {
	reg := formats.NewRegistry()
	c, err := Config{Formats: reg}.WithDefaults(Vulkan)
	if err != nil || c.Width != DefaultWidth || c.Height != DefaultHeight || c.ShadowMapSize != DefaultShadowMapSize || c.Logger == nil {
		t.Fatalf("WithDefaults = %+v, %v", c, err)
	}
	tests := []struct {
		c    Config
		want string
	}{
		{Config{}, "vulkan: Config.Formats is nil: a vertex format registry is required"},
		{Config{Formats: reg, Width: 640}, "vulkan: framebuffer size 640x0: want 1 to 16384 on each side"},
		{Config{Formats: reg, Width: -1, Height: 10}, "vulkan: framebuffer size -1x10: want 1 to 16384 on each side"},
		{Config{Formats: reg, Width: 10, Height: 10, ShadowMapSize: 20000}, "vulkan: shadow map size 20000x20000: want 1 to 16384 on each side"},
	}
	for _, tc := range tests {
		if _, err := tc.c.WithDefaults(Vulkan); err == nil || err.Error() != tc.want {
			t.Errorf("WithDefaults(%+v) = %v, want %q", tc.c, err, tc.want)
		}
	}
}
