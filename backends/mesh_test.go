package backends

import (
	"testing"

	"github.com/sleakgo/sleak/formats"
)

func TestCheckMesh(t *testing.T) {
	reg := formats.NewRegistry()
	h, err := reg.Register(formats.Layout{Name: "small", Stride: 12, Attributes: []formats.Attribute{{Name: "p", Format: formats.Float3}}})
	if err != nil {
		t.Fatal(err)
	}
	q, err := reg.Register(formats.Layout{Name: "quad", InstanceStride: 8, Shader: "quad",
		Attributes: []formats.Attribute{{Name: "d", Format: formats.UInt2, Step: formats.StepInstance}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		h    formats.Handle
		v    []byte
		i    []uint32
		ins  []byte
		want string
	}{
		{q, nil, []uint32{0, 1, 2, 2, 1, 3}, make([]byte, 80), ""}, // indices are corners the shader makes
		{q, nil, []uint32{0}, nil, "opengl: CreateMesh: vertex format quad: no instances: the format steps per instance (CreateInstancedMesh)"},
		{q, nil, []uint32{0}, make([]byte, 12), "opengl: CreateMesh: vertex format quad: 12 bytes of instances is not a multiple of the instance stride 8"},
		{q, make([]byte, 12), []uint32{0}, make([]byte, 8), "opengl: CreateMesh: vertex format quad: 12 bytes of vertices, but every attribute steps per instance: the format takes none"},
		{h, make([]byte, 36), []uint32{0}, make([]byte, 8), "opengl: CreateMesh: vertex format small: 8 bytes of instances, but no attribute steps per instance"},
		{h, make([]byte, 36), []uint32{0, 1, 2}, nil, ""},
		{9, make([]byte, 36), []uint32{0}, nil, "opengl: CreateMesh: vertex format handle 9 is not registered"},
		{h, nil, []uint32{0}, nil, "opengl: CreateMesh: vertex format small: no vertices"},
		{h, make([]byte, 36), nil, nil, "opengl: CreateMesh: vertex format small: no indices"},
		{h, make([]byte, 40), []uint32{0}, nil, "opengl: CreateMesh: vertex format small: 40 bytes of vertices is not a multiple of the stride 12"},
		{h, make([]byte, 36), []uint32{0, 1, 3}, nil, "opengl: CreateMesh: vertex format small: index 3 (at position 2) is past the last vertex (3 vertices)"},
	}
	for _, tc := range tests {
		_, err := CheckMesh(OpenGL, reg, tc.h, tc.v, tc.i, tc.ins)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckMesh = %q, want %q", got, tc.want)
		}
	}
}
