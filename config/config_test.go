package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/boundedfile"
)

func TestParseFullFile(t *testing.T) {
	data, err := os.ReadFile("testdata/game.toml")
	if err != nil {
		t.Fatal(err)
	}
	var world struct {
		Seed           int64 `toml:"seed"`
		RenderDistance int   `toml:"render_distance"`
	}
	f, err := Parse("game.toml", data, Section{Name: "world", Into: &world})
	if err != nil {
		t.Fatal(err)
	}
	if f.Path != "game.toml" {
		t.Errorf("Path = %q", f.Path)
	}
	if want := (Window{Width: 1280, Height: 720, Title: "Voxel Demo", VSync: false}); f.Window != want {
		t.Errorf("Window = %+v", f.Window)
	}
	if want := (Renderer{Backend: "vulkan", StrictShaders: true}); f.Renderer != want {
		t.Errorf("Renderer = %+v", f.Renderer)
	}
	if world.Seed != 42 || world.RenderDistance != 12 {
		t.Errorf("world = %+v", world)
	}

	if len(f.VertexFormats) != 2 {
		t.Fatalf("%d vertex formats", len(f.VertexFormats))
	}
	voxel := formats.Layout{
		Name: "voxel", Stride: 48,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "normal", Location: 1, Format: formats.Float3, Offset: 12},
			{Name: "color", Location: 2, Format: formats.Float4, Offset: 24},
			{Name: "uv", Location: 3, Format: formats.Float2, Offset: 40},
		},
		Shader: "voxel", ShadowShader: "voxel_shadow", GBufferShader: "voxel_gbuffer",
	}
	if !reflect.DeepEqual(f.VertexFormats[0], voxel) {
		t.Errorf("voxel = %+v", f.VertexFormats[0])
	}
	water := f.VertexFormats[1]
	if water.Stride != 24 || water.Attributes[1].Format != formats.UByte4Norm || water.Attributes[1].Offset != 12 ||
		water.TransparentShader != "water_transparent" {
		t.Errorf("water = %+v", water)
	}

	half := float32(0.5)
	wantMats := []Material{
		{Name: "red", Shader: "assets/shaders/flat_shader.hlsl", Color: [4]float32{1, 0, 0, 1}, CastShadows: true, Roughness: &half,
			NormalMap: "textures/bumps.png", NormalScale: &half, EmissiveMap: "textures/glow.png"},
		{Name: "glass", Color: [4]float32{0.8, 0.9, 1.0, 0.3}, Transparent: true},
	}
	if !reflect.DeepEqual(f.Materials, wantMats) {
		t.Errorf("Materials = %+v", f.Materials)
	}

	wantEnts := []Entity{
		{Name: "camera", Position: [3]float32{0, 2, 5}, Rotation: [3]float32{-15, 0, 0}, Scale: [3]float32{1, 1, 1},
			Camera: &Camera{FOV: 70, Near: 0.1, Far: 1000}},
		{Name: "sun", Scale: [3]float32{1, 1, 1},
			DirectionalLight: &DirectionalLight{Direction: [3]float32{-0.3, -1, -0.2}, Color: [3]float32{1, 1, 1}, Intensity: 3, CastShadows: true}},
		{Name: "box", Mesh: "cube", Material: "red", Scale: [3]float32{2, 1, 2}},
		{Mesh: "plane", Material: "glass", Scale: [3]float32{1, 1, 1},
			PointLight: &PointLight{Color: [3]float32{1, 1, 1}, Intensity: 1, Range: 5}},
	}
	if !reflect.DeepEqual(f.Entities, wantEnts) {
		t.Errorf("Entities =\n%+v\nwant\n%+v", f.Entities, wantEnts)
	}

	wantPolicy := ShaderPolicy{Limited: []LimitedStem{
		{Stem: "ssr", Backends: []string{"vulkan"}},
		{Stem: "taa", Backends: []string{"vulkan"}},
	}}
	if !reflect.DeepEqual(f.Shaders, wantPolicy) {
		t.Errorf("Shaders = %+v", f.Shaders)
	}
	if b, ok := f.Shaders.Backends("ssr"); !ok || len(b) != 1 {
		t.Errorf("Backends(ssr) = %v, %v", b, ok)
	}
	if _, ok := f.Shaders.Backends("default_shader"); ok {
		t.Error("default_shader is limited")
	}
}

func TestDefaults(t *testing.T) {
	f, err := Parse("empty.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Window{Width: 1200, Height: 800, Title: "Sleak", VSync: true}
	if f.Window != want || f.Renderer.Backend != "vulkan" || f.Renderer.StrictShaders {
		t.Errorf("%+v %+v", f.Window, f.Renderer)
	}
	if f.VertexFormats != nil || f.Materials != nil || f.Entities != nil || f.Shaders.Limited != nil {
		t.Errorf("%+v", f)
	}
	if want := (Lighting{MaxLights: 1024}); f.Lighting != want {
		t.Errorf("Lighting = %+v, want %+v", f.Lighting, want)
	}

	f, err = Parse("d.toml", []byte(`
[[vertex_format]]
name = "packed"
shader = "packed"
[[vertex_format.attribute]]
name = "pos"
location = 0
format = "Half4"
[[vertex_format.attribute]]
name = "flags"
location = 1
format = "UByte4"
[[vertex_format.attribute]]
name = "normal"
location = 2
format = "Short2Norm"
offset = 16
[[vertex_format.attribute]]
name = "extra"
location = 3
format = "Short4"

[[material]]
name = "m"

[[entity]]
[entity.camera]
[entity.directional_light]
`))
	if err != nil {
		t.Fatal(err)
	}
	l := f.VertexFormats[0]
	var offsets []uint32
	for _, a := range l.Attributes {
		offsets = append(offsets, a.Offset)
	}
	// Packed after the previous attribute; an explicit offset moves the
	// rest along; the stride ends the last attribute, rounded up to 4.
	if !reflect.DeepEqual(offsets, []uint32{0, 8, 16, 20}) || l.Stride != 28 {
		t.Errorf("offsets %v stride %d", offsets, l.Stride)
	}
	if m := f.Materials[0]; m.Color != [4]float32{1, 1, 1, 1} || !m.CastShadows || m.Roughness != nil || m.Shader != "" {
		t.Errorf("material defaults %+v", m)
	}
	e := f.Entities[0]
	if *e.Camera != (Camera{FOV: 60, Near: 0.1, Far: 1000}) ||
		*e.DirectionalLight != (DirectionalLight{Direction: [3]float32{0, -1, 0}, Color: [3]float32{1, 1, 1}, Intensity: 1, CastShadows: true}) ||
		e.PointLight != nil || e.Scale != [3]float32{1, 1, 1} {
		t.Errorf("entity defaults %+v %+v", e.Camera, e.DirectionalLight)
	}
}

func TestBackendSpellings(t *testing.T) {
	for in, want := range map[string]string{
		"vulkan": "vulkan", "v": "vulkan", "o": "opengl", "OpenGL": "opengl",
		"d11": "d3d11", "directx11": "d3d11", "d3d12": "d3d12", "d12": "d3d12", "directx12": "d3d12",
		"vk": "vulkan", "gl": "opengl", "dx11": "d3d11", "dx12": "d3d12", " Vulkan ": "vulkan",
	} {
		f, err := Parse("b.toml", []byte("[renderer]\nbackend = \""+in+"\"\n"))
		if err != nil || f.Renderer.Backend != want {
			t.Errorf("%s: %v %v", in, f, err)
		}
	}
}

func TestRendererShadows(t *testing.T) {
	f, err := Parse("r.toml", []byte("[renderer]\nshadow_map_size = 4096\ncascade_interval = 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Renderer.ShadowMapSize != 4096 || f.Renderer.CascadeInterval != 3 {
		t.Errorf("Renderer = %+v, want shadow map 4096 and cascade interval 3", f.Renderer)
	}
}

func TestRegister(t *testing.T) {
	f, err := Load("testdata/game.toml", Section{Name: "world", Into: &struct {
		Seed           int
		RenderDistance int `toml:"render_distance"`
	}{}})
	if err != nil {
		t.Fatal(err)
	}
	reg := formats.NewRegistry()
	// A format registered from Go code first takes the name.
	if _, err := reg.Register(f.VertexFormats[1]); err != nil {
		t.Fatal(err)
	}
	handles, err := f.Register(reg)
	want := `testdata/game.toml:39:1: vertex format "water": a format of this name is already registered (handle 1)`
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	var ve *formats.ValidationError
	if !errors.As(err, &ve) || ve.Code != formats.ErrDuplicateFormat {
		t.Errorf("errors.As: %v", ve)
	}
	if len(handles) != 1 || handles["voxel"] != 2 {
		t.Errorf("handles = %v", handles)
	}

	// A File edited in code has no trustworthy positions.
	f.VertexFormats[0], f.VertexFormats[1] = f.VertexFormats[1], f.VertexFormats[0]
	_, err = f.Register(reg)
	if err == nil || !strings.HasPrefix(err.Error(), `testdata/game.toml: vertex format "water"`) {
		t.Errorf("got %v", err)
	}
}

func TestSectionMisuse(t *testing.T) {
	var w struct{ Seed int }
	tests := []struct {
		s    []Section
		want string
	}{
		{[]Section{{Name: "", Into: &w}}, "g.toml: config: an extra section has no name"},
		{[]Section{{Name: "window", Into: &w}}, `g.toml: config: extra section "window" is decoded by the engine`},
		{[]Section{{Name: "world", Into: &w}, {Name: "world", Into: &w}}, `g.toml: config: extra section "world" is given twice`},
		{[]Section{{Name: "world", Into: w}}, `g.toml: config: extra section "world": Into must be a non-nil pointer, not struct { Seed int }`},
		{[]Section{{Name: "world"}}, `g.toml: config: extra section "world": Into must be a non-nil pointer, not <nil>`},
	}
	for _, tt := range tests {
		_, err := Parse("g.toml", nil, tt.s...)
		if err == nil || err.Error() != tt.want {
			t.Errorf("got  %v\nwant %s", err, tt.want)
		}
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/does-not-exist.toml")
	if err == nil || !errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), "load game config: ") {
		t.Errorf("got %v", err)
	}
}

// /dev/zero named as game.toml was read until memory ran out: it is refused
// without reading, as is a file over the size limit (boundedfile's tests
// cover FIFOs).
func TestLoadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	paths := []string{dir}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		_, err := Load(p)
		if !errors.Is(err, boundedfile.ErrNotRegular) {
			t.Errorf("Load(%s) = %v, want a not-a-regular-file error", p, err)
		}
	}
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); !errors.Is(err, boundedfile.ErrTooLarge) {
		t.Errorf("Load(big) = %v, want a too-large error", err)
	}
}

func TestErrorFormatting(t *testing.T) {
	for _, tt := range []struct {
		e    Error
		want string
	}{
		{Error{File: "g.toml", Line: 3, Col: 5, Msg: "m"}, "g.toml:3:5: m"},
		{Error{File: "g.toml", Line: 3, Msg: "m"}, "g.toml:3:1: m"},
		{Error{File: "g.toml", Msg: "m"}, "g.toml: m"},
		{Error{Line: 2, Col: 2, Msg: "m"}, "2:2: m"},
		{Error{Msg: "m"}, "m"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
	inner := errors.New("inner")
	es := Errors{{File: "a", Line: 1, Col: 1, Msg: "x", Err: inner}, {File: "a", Line: 2, Col: 1, Msg: "y"}}
	if es.Error() != "a:1:1: x\na:2:1: y" || !errors.Is(es, inner) {
		t.Errorf("%q", es.Error())
	}
}

func TestShaderDirs(t *testing.T) {
	f, err := Parse("game.toml", []byte("[shaders]\ndirs = [\"game/assets/shaders\", \"more/./shaders\"]\nhot_reload = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Shaders.Dirs; len(got) != 2 || got[0] != "game/assets/shaders" || got[1] != "more/shaders" {
		t.Fatalf("Dirs = %q", got)
	}
	if !f.Shaders.HotReload {
		t.Error("hot_reload = true did not set HotReload")
	}
	_, err = Parse("game.toml", []byte("[shaders]\ndirs = [\"../outside\"]\n"))
	want := `game.toml:2:9: shaders.dirs[0]: "../outside" must be a folder below game.toml's, written with '/'`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestEffects(t *testing.T) {
	tests := []struct {
		src         string
		ssao, bloom bool
		wantSSAO    backends.SSAO
		wantBloom   backends.Bloom
	}{
		{"", false, false, backends.SSAO{}, backends.Bloom{}},
		{"[effects]\nssao = true\nbloom = true\n", true, true,
			backends.SSAO{Radius: DefaultSSAORadius, Strength: DefaultSSAOStrength}, backends.Bloom{Threshold: DefaultBloomThreshold, Strength: DefaultBloomStrength}},
		{"[effects]\nssao = true\nssao_radius = 1.5\nssao_strength = 0.5\nbloom_strength = 2\n", true, false,
			backends.SSAO{Radius: 1.5, Strength: 0.5}, backends.Bloom{}},
		{"[effects]\nbloom = true\nbloom_threshold = 0.8\nbloom_strength = 0.1\n", false, true,
			backends.SSAO{}, backends.Bloom{Threshold: 0.8, Strength: 0.1}},
	}
	f, err := Parse("e.toml", []byte("[effects]\nssr = true\nssr_reach = 12\nantialias = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if fx := f.Effects.Settings(); fx.SSR != (backends.SSR{Reach: 12, Strength: DefaultSSRStrength}) || !fx.Antialias {
		t.Errorf("ssr and antialias: Settings() = %+v", fx)
	}
	f, err = Parse("e.toml", []byte("[effects]\ntaa = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if fx := f.Effects.Settings(); !fx.TAA || fx.Antialias {
		t.Errorf("taa: Settings() = %+v", fx)
	}
	_, err = Parse("e.toml", []byte("[effects]\nantialias = true\ntaa = true\n"))
	want := "e.toml:3:1: effects.taa: the antialias pass runs as one of effects.antialias and effects.taa: turn on one"
	if err == nil || err.Error() != want {
		t.Errorf("antialias and taa: err = %v\nwant %s", err, want)
	}
	for _, tt := range tests {
		f, err := Parse("e.toml", []byte(tt.src))
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if f.Effects.SSAO != tt.ssao || f.Effects.Bloom != tt.bloom {
			t.Errorf("%q: ssao %v, bloom %v; want %v, %v", tt.src, f.Effects.SSAO, f.Effects.Bloom, tt.ssao, tt.bloom)
		}
		if fx := f.Effects.Settings(); fx.SSAO != tt.wantSSAO || fx.Bloom != tt.wantBloom {
			t.Errorf("%q: Settings() = %+v; want SSAO %+v, Bloom %+v", tt.src, fx, tt.wantSSAO, tt.wantBloom)
		}
	}
}

func TestLighting(t *testing.T) {
	tests := []struct {
		src  string
		want Lighting
	}{
		{"", Lighting{MaxLights: 1024}},
		{"[lighting]\npoint_lights = true\n", Lighting{MaxLights: 1024}},
		{"[lighting]\npoint_lights = false\nmax_lights = 8\n", Lighting{PunctualLightsOff: true, MaxLights: 8}},
	}
	for _, tt := range tests {
		f, err := Parse("l.toml", []byte(tt.src))
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if f.Lighting != tt.want {
			t.Errorf("%q: Lighting = %+v, want %+v", tt.src, f.Lighting, tt.want)
		}
	}
}

func TestEnvironment(t *testing.T) {
	tests := []struct {
		src  string
		want Environment
		err  string
	}{
		{src: "", want: Environment{}},
		{src: "[environment]\nmap = \"assets/sky/./day.png\"\n", want: Environment{Map: "assets/sky/day.png"}},
		{src: "[environment]\nmap = \"sky.png\"\nintensity = 2.5\n", want: Environment{Map: "sky.png", Intensity: 2.5}},
		{src: "[environment]\nmap = \"../sky.png\"\n", err: `env.toml:2:1: environment.map: "../sky.png": the path climbs out of the game's folder`},
		{src: "[environment]\nmap = \"sky.png\"\nintensity = 0\n", err: "environment.intensity"},
		{src: "[environment]\nmaps = \"sky.png\"\n", err: "maps"},
	}
	for _, tt := range tests {
		f, err := Parse("env.toml", []byte(tt.src))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: err = %v, want it to say %q", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if f.Environment != tt.want {
			t.Errorf("%q: Environment = %+v, want %+v", tt.src, f.Environment, tt.want)
		}
	}
}
