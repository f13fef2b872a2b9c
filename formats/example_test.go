package formats_test

import (
	"fmt"

	"github.com/sleakgo/sleak/formats"
)

func Example() {
	reg := formats.NewRegistry()
	h, err := reg.Register(formats.Layout{
		Name:   "voxel",
		Stride: 48,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "normal", Location: 1, Format: formats.Float3, Offset: 12},
			{Name: "color", Location: 2, Format: formats.Float4, Offset: 24},
			{Name: "uv", Location: 3, Format: formats.Float2, Offset: 40},
		},
		Shader:       "voxel",
		ShadowShader: "voxel_shadow",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _ := reg.Get(h)
	fmt.Println(h, l.Name, l.Stride)
	for _, p := range formats.StemPasses {
		fmt.Printf("%s: %q\n", p, l.Stem(p))
	}

	// A file name where a stem belongs is refused with a suggestion.
	bad := *l
	bad.Name = "voxel2"
	bad.ShadowShader = "voxel_shadow.vert"
	_, err = reg.Register(bad)
	fmt.Println(err)
	// Output:
	// 1 voxel 48
	// forward: "voxel"
	// shadow: "voxel_shadow"
	// gbuffer: ""
	// transparent: ""
	// vertex format "voxel2": shadow_shader "voxel_shadow.vert": a stem is a bare name without extension or folder, like "voxel_shadow"
}
