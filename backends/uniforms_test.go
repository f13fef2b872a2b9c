package backends

import (
	"testing"

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
