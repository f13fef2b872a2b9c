package config_test

import (
	"strings"
	"testing"

	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/formats"
)

func TestInstanceAttributes(t *testing.T) {
	f, err := config.Parse("g.toml", []byte(`
[[vertex_format]]
name = "quad"
shader = "quad"
  [[vertex_format.attribute]]
  name = "corner"
  location = 0
  format = "Float2"
  [[vertex_format.attribute]]
  name = "face"
  location = 1
  format = "UInt2"
  step = "instance"
  [[vertex_format.attribute]]
  name = "tint"
  location = 2
  format = "UByte4Norm"
  step = "instance"
`))
	if err != nil {
		t.Fatal(err)
	}
	l := f.VertexFormats[0]
	if l.Stride != 8 || l.InstanceStride != 12 {
		t.Errorf("stride %d, instance stride %d; want 8 and 12 (each step packs its own attributes)", l.Stride, l.InstanceStride)
	}
	want := []formats.Attribute{
		{Name: "corner", Location: 0, Format: formats.Float2},
		{Name: "face", Location: 1, Format: formats.UInt2, Step: formats.StepInstance},
		{Name: "tint", Location: 2, Format: formats.UByte4Norm, Offset: 8, Step: formats.StepInstance},
	}
	for i, a := range l.Attributes {
		if a != want[i] {
			t.Errorf("attribute %d: %+v, want %+v", i, a, want[i])
		}
	}
}

func TestInstanceErrors(t *testing.T) {
	tests := []struct{ name, toml, want string }{
		{"unknown step", `step = "frame"`, `g.toml:9:3: vertex_format.attribute.step: unknown step "frame": want "vertex" or "instance"`},
		{"stride too small", "step = \"instance\"\n[[vertex_format]]\nname = \"q2\"\ninstance_stride = 4\nshader = \"q\"\n  [[vertex_format.attribute]]\n  name = \"a\"\n  location = 0\n  format = \"UInt2\"\n  step = \"instance\"",
			`g.toml:14:3: vertex format "q2": attribute "a": ends at byte 8 (offset 0 + 8 bytes of UInt2), past the instance stride of 4`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse("g.toml", []byte(`
[[vertex_format]]
name = "quad"
shader = "quad"
  [[vertex_format.attribute]]
  name = "data"
  location = 0
`+"  format = \"UInt2\"\n  "+tt.toml+"\n"))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestGBufferStage(t *testing.T) {
	const head = "[[vertex_format]]\nname = \"quad\"\nshader = \"quad\"\n"
	const attr = "  [[vertex_format.attribute]]\n  name = \"data\"\n  location = 0\n  format = \"UInt2\"\n  step = \"instance\"\n"
	f, err := config.Parse("g.toml", []byte(head+"gbuffer_shader = \"quad_gbuffer\"\ngbuffer_stage = \"flat\"\n"+attr))
	if err != nil {
		t.Fatal(err)
	}
	if g := f.VertexFormats[0].GBufferStage; g != formats.GBufferFlat {
		t.Errorf("gbuffer_stage = %v, want flat", g)
	}
	tests := []struct{ name, toml, want string }{
		{"unknown stage", "gbuffer_shader = \"quad_gbuffer\"\ngbuffer_stage = \"faceted\"\n",
			`g.toml:5:1: vertex_format.gbuffer_stage: unknown gbuffer stage "faceted": want "smooth" or "flat"`},
		{"not a string", "gbuffer_shader = \"quad_gbuffer\"\ngbuffer_stage = 1\n", `g.toml:5:1: vertex_format.gbuffer_stage: expected a string, found integer 1`},
		{"no gbuffer stem", "gbuffer_stage = \"flat\"\n",
			`g.toml:4:1: vertex format "quad": gbuffer_stage is "flat" but gbuffer_shader is empty`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse("g.toml", []byte(head+tt.toml+attr))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}
