package frame

import (
	"testing"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// A part reuses last frame's draw records without clearing them, so
// filing an entity must set every field of its record: one it missed
// would carry a stale value into the frame. Records full of set bits
// stand for last frame's.
func TestFileSetsEveryFieldOfAReusedRecord(t *testing.T) {
	var p gatherPart
	p.draws = make([]backends.Draw, 1, 4)
	for i := range p.draws[:cap(p.draws)] {
		b := unsafe.Slice((*byte)(unsafe.Pointer(&p.draws[:cap(p.draws)][i])), unsafe.Sizeof(backends.Draw{}))
		for j := range b {
			b[j] = 0xff
		}
	}
	p.reset(0, false)
	tr := ecs.NewTransform(vmath.Vec3{1, 2, 3})
	tr.Bounds = vmath.AABB{Min: vmath.Vec3{0.5, 1.5, 2.5}, Max: vmath.Vec3{1.5, 2.5, 3.5}}
	m := &ecs.Mesh{ID: 7}
	mat := &ecs.Material{ShaderID: 3, Texture: 4, NormalMap: 5, EmissiveMap: 6, Color: vmath.Vec4{0.1, 0.2, 0.3, 0.4},
		Roughness: 0.5, Metallic: 0.6, Emissive: 0.7, NormalScale: 0.8}
	f := &gatherFrame{}
	for i, v := range []verdict{{seen: true}, {seen: true, cascades: 0b101}, {cascades: 0b10}} {
		if !p.file(f, nil, &tr, m, mat, v, uint64(len(p.draws))) {
			t.Fatalf("verdict %+v: not filed", v)
		}
		want := backends.Draw{Mesh: 7, Shader: 3, Texture: 4, NormalMap: 5, EmissiveMap: 6, Model: tr.World,
			Color: mat.Color, Surface: vmath.Vec4{0.5, 0.6, 0.7, 0.8}, Cascades: v.cascades}
		if !v.seen {
			want.Shader = 0 // drawn into the shadow map alone
		}
		if got := p.draws[i]; got != want {
			t.Errorf("verdict %+v: record %+v, want %+v", v, got, want)
		}
	}
}
