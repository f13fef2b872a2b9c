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
	tests := []struct {
		h    formats.Handle
		v    []byte
		i    []uint32
		want string
	}{
		{h, make([]byte, 36), []uint32{0, 1, 2}, ""},
		{9, make([]byte, 36), []uint32{0}, "opengl: CreateMesh: vertex format handle 9 is not registered"},
		{h, nil, []uint32{0}, "opengl: CreateMesh: vertex format small: no vertices"},
		{h, make([]byte, 36), nil, "opengl: CreateMesh: vertex format small: no indices"},
		{h, make([]byte, 40), []uint32{0}, "opengl: CreateMesh: vertex format small: 40 bytes of vertices is not a multiple of the stride 12"},
		{h, make([]byte, 36), []uint32{0, 1, 3}, "opengl: CreateMesh: vertex format small: index 3 (at position 2) is past the last vertex (3 vertices)"},
	}
	for _, tc := range tests {
		_, err := CheckMesh(OpenGL, reg, tc.h, tc.v, tc.i)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckMesh = %q, want %q", got, tc.want)
		}
	}
}
