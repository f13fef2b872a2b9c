package config_test

import (
	"fmt"

	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/formats"
)

func ExampleLoad() {
	// The game owns [world]; the engine decodes everything else.
	var world struct {
		Seed           int64 `toml:"seed"`
		RenderDistance int   `toml:"render_distance"`
	}
	f, err := config.Load("testdata/game.toml", config.Section{Name: "world", Into: &world})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Window.Width, f.Window.Height, f.Window.Title, f.Renderer.Backend)
	fmt.Println("world seed", world.Seed, "distance", world.RenderDistance)

	reg := formats.NewRegistry()
	handles, err := f.Register(reg)
	if err != nil {
		fmt.Println(err)
		return
	}
	voxel, _ := reg.Get(handles["voxel"])
	fmt.Println(voxel.Name, "handle", handles["voxel"], "stride", voxel.Stride, "uv at", voxel.Attributes[3].Offset)

	// A broken file reports every problem with its place.
	_, err = config.Parse("broken.toml", []byte(`
[window]
widht = 800

[[vertex_format]]
name = "v"
shader = "v.vert"
  [[vertex_format.attribute]]
  name = "pos"
  location = 0
  format = "float3"
`))
	fmt.Println(err)
	// Output:
	// 1280 720 Voxel Demo vulkan
	// world seed 42 distance 12
	// voxel handle 1 stride 48 uv at 40
	// broken.toml:3:1: unknown key "window.widht" (did you mean "width"?)
	// broken.toml:7:1: vertex format "v": shader "v.vert": a stem is a bare name without extension or folder, like "v"
	// broken.toml:11:3: vertex_format.attribute.format: unknown attribute format "float3" (did you mean "Float3"?)
}
