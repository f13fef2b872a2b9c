package render

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

func TestCheckStrict(t *testing.T) {
	tests := []struct {
		name    string
		kind    backends.Kind
		present []string // files written to ./assets/shaders before the check
		want    []string // the missing paths reported, in order; nil: passes
	}{
		{
			name: "vulkan lists every gap",
			kind: backends.Vulkan,
			// The main stem is complete; only the game's files are absent,
			// the engine's default shader is embedded.
			present: []string{"blob.vert.spv", "blob.frag.spv"},
			want: []string{
				"assets/shaders/blob_shadow.vert.spv",
				"assets/shaders/blob_gb.vert.spv",
				"assets/shaders/water.vert.spv",
				"assets/shaders/water.frag.spv",
			},
		},
		{
			name:    "opengl resolves its own names",
			kind:    backends.OpenGL,
			present: []string{"blob_gl.vert", "blob_gl.frag", "blob_shadow_gl.vert", "water_gl.vert"},
			want: []string{
				"assets/shaders/blob_gb_gl.vert",
				"assets/shaders/water_gl.frag",
			},
		},
		{
			name: "nothing missing",
			kind: backends.Vulkan,
			present: []string{
				"blob.vert.spv", "blob.frag.spv", "blob_shadow.vert.spv", "blob_gb.vert.spv",
				"water.vert.spv", "water.frag.spv",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			shaders := filepath.Join(dir, "assets", "shaders")
			if err := os.MkdirAll(shaders, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range tt.present {
				if err := os.WriteFile(filepath.Join(shaders, f), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			reg, w := strictWorld(t)
			err := CheckStrict(tt.kind, reg, w)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("CheckStrict = %v, want nil", err)
				}
				return
			}
			var mf *backends.MissingFilesError
			if !errors.As(err, &mf) {
				t.Fatalf("CheckStrict = %v, want a *backends.MissingFilesError", err)
			}
			var got []string
			for _, m := range mf.Missing {
				got = append(got, m.Path)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("missing = %q, want %q", got, tt.want)
			}
			if mf.Backend != tt.kind {
				t.Errorf("backend = %v, want %v", mf.Backend, tt.kind)
			}
		})
	}
}

// strictWorld registers a custom format with three stems and spawns: two
// default-format meshes sharing the missing water shader (reported once),
// one with the embedded default shader (found), and a custom-format mesh
// whose material names a shader that must not be checked, because custom
// formats draw with their stems.
func strictWorld(t *testing.T) (*formats.Registry, *ecs.World) {
	t.Helper()
	reg := formats.NewRegistry()
	h, err := reg.Register(formats.Layout{
		Name: "blob", Stride: 12, Attributes: []formats.Attribute{{Name: "position", Location: 0, Format: formats.Float3}},
		Shader: "blob", ShadowShader: "blob_shadow", GBufferShader: "blob_gb",
	})
	if err != nil {
		t.Fatal(err)
	}
	w := ecs.NewWorld()
	at := ecs.NewTransform(vmath.Vec3{})
	w.Spawn(at, ecs.Mesh{ID: 1}, ecs.Material{Shader: "assets/shaders/water.hlsl"})
	w.Spawn(at, ecs.Mesh{ID: 2}, ecs.Material{Shader: "assets/shaders/default_shader.hlsl"})
	w.Spawn(at, ecs.Mesh{ID: 3}, ecs.Material{Shader: "assets/shaders/water.hlsl"})
	w.Spawn(at, ecs.Mesh{ID: 4, Format: h}, ecs.Material{Shader: "assets/shaders/not_checked.hlsl"})
	return reg, w
}

func TestMaterialShadersSortedAndDistinct(t *testing.T) {
	_, w := strictWorld(t)
	got := MaterialShaders(w)
	want := []string{"assets/shaders/default_shader.hlsl", "assets/shaders/water.hlsl"}
	if !slices.Equal(got, want) {
		t.Errorf("MaterialShaders = %q, want %q", got, want)
	}
}

func TestCheckStrictMalformedMaterialPath(t *testing.T) {
	t.Chdir(t.TempDir())
	w := ecs.NewWorld()
	w.Spawn(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{ID: 1}, ecs.Material{Shader: "assets/shaders/flat.vert"})
	err := CheckStrict(backends.Vulkan, formats.NewRegistry(), w)
	var mf *backends.MissingFilesError
	if err == nil || errors.As(err, &mf) {
		t.Fatalf("CheckStrict = %v, want the malformed path reported as such", err)
	}
}
