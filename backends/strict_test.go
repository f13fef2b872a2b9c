package backends

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

func TestCheckFilesListsEveryMissingFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll(filepath.Join(dir, "assets/shaders"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"blob.vert.spv", "blob.frag.spv"} {
		if err := os.WriteFile(filepath.Join(dir, "assets/shaders", f), []byte{}, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := formats.NewRegistry()
	if _, err := reg.Register(formats.Layout{
		Name: "blob", Stride: 12, Attributes: []formats.Attribute{{Name: "p", Location: 0, Format: formats.Float3}},
		Shader: "blob", ShadowShader: "blob_shadow", GBufferShader: "blob_gb",
	}); err != nil {
		t.Fatal(err)
	}
	// The engine's default shader is embedded, so it is found; the game's
	// missing one is not.
	err := CheckFiles(Vulkan, reg, []string{"assets/shaders/default_shader.hlsl", "assets/shaders/water.hlsl"})
	var mf *MissingFilesError
	if !errors.As(err, &mf) {
		t.Fatalf("err = %v, want *MissingFilesError", err)
	}
	want := `strict shaders: 4 shader file(s) missing for backend vulkan:
  assets/shaders/blob_shadow.vert.spv (vertex format blob, shadow pass)
  assets/shaders/blob_gb.vert.spv (vertex format blob, gbuffer pass)
  assets/shaders/water.vert.spv (material shader assets/shaders/water.hlsl)
  assets/shaders/water.frag.spv (material shader assets/shaders/water.hlsl)`
	if err.Error() != want {
		t.Fatalf("got\n%s\nwant\n%s", err, want)
	}
	if err := CheckFiles(Vulkan, formats.NewRegistry(), []string{"assets/shaders/default_shader.hlsl"}); err != nil {
		t.Fatalf("engine shaders reported missing: %v", err)
	}
}
