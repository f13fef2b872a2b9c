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

// Pack writes the cascades (a zero one is LightViewProj), lightViewProj is
// the first, and Cascade swaps in each one's matrix and nothing else.
func TestFrameBlockCascades(t *testing.T) {
	light := vmath.Ident()
	light[12] = 7
	d := FrameData{LightViewProj: light}
	d.ShadowCascades[1] = vmath.Translate(vmath.Vec3{1, 2, 3})
	var b FrameBlock
	b.Pack(&d, 1024)
	for i, want := range []vmath.Mat4{light, d.ShadowCascades[1], light, light} {
		if got := vmath.Mat4(b[cascadeWord+16*i : cascadeWord+16*i+16]); got != want {
			t.Errorf("cascade %d packed as %v, want %v", i, got, want)
		}
	}
	if vmath.Mat4(b[32:48]) != light {
		t.Errorf("lightViewProj is not cascade 0's matrix")
	}
	var c FrameBlock
	b.Cascade(1, &c)
	if vmath.Mat4(c[32:48]) != d.ShadowCascades[1] {
		t.Errorf("Cascade(1) gives lightViewProj %v", c[32:48])
	}
	c2 := c
	copy(c2[32:48], b[32:48])
	if c2 != b {
		t.Errorf("Cascade(1) changed more than lightViewProj")
	}
	for i, want := range [][3]int{{0, 0, 512}, {512, 0, 512}, {0, 512, 512}, {512, 512, 512}} {
		if x, y, side := CascadeTile(i, 1024); [3]int{x, y, side} != want {
			t.Errorf("CascadeTile(%d, 1024) = %d, %d, %d; want %v", i, x, y, side, want)
		}
	}
}

// The environment's words: off without one (and after ClearEnvironment),
// the intensity (0 packed as 1), the on flag and the coefficients with one.
func TestFrameBlockEnvironment(t *testing.T) {
	var b FrameBlock
	d := FrameData{}
	b.Pack(&d, 512)
	if b[iblWord] != 0 || b[iblWord+1] != 0 {
		t.Errorf("no environment packed as %v", b[iblWord:iblWord+4])
	}
	env := &Environment{Intensity: 0}
	env.Irradiance[8] = vmath.Vec3{1, 2, 3}
	d.Environment = env
	b.Pack(&d, 512)
	if b[iblWord] != 1 || b[iblWord+1] != 1 || b[irradianceWord+32] != 1 || b[irradianceWord+34] != 3 || b[irradianceWord+35] != 0 {
		t.Errorf("environment packed as %v", b[iblWord:])
	}
	if FrameBlockSize != 4*(taaWord+4) {
		t.Errorf("FrameBlockSize = %d, the block ends at byte %d", FrameBlockSize, 4*(taaWord+4))
	}
	b.ClearEnvironment()
	if b[iblWord] != 0 || b[iblWord+1] != 0 || b[irradianceWord+32] != 0 {
		t.Errorf("ClearEnvironment left %v", b[iblWord:])
	}
}

// An overlay map lights nothing: only its sky intensity is set.
func TestFrameBlockOverlay(t *testing.T) {
	var b FrameBlock
	b.Pack(&FrameData{Environment: &Environment{Intensity: 0.25, Overlay: true}}, 512)
	if b[iblWord] != 0 || b[iblWord+1] != 0 || b[iblWord+2] != 0.25 {
		t.Errorf("overlay packed as %v", b[iblWord:iblWord+4])
	}
}
