package shadertool

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryRoot is "sleak shaders check" with no arguments from the
// repository root: it must cover the game's folder through game.toml's
// [shaders] dirs, as the running game does, and find nothing wrong.
func TestRepositoryRoot(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Check(context.Background(), CheckOptions{WorkDir: root})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"assets/shaders", "voxel/game/assets/shaders"}; !equalStrings(rep.Dirs, want) {
		t.Errorf("folders %v, want %v", rep.Dirs, want)
	}
	if rep.Summary.Errors != 0 || rep.Summary.Warnings != 0 {
		t.Errorf("from the repository root:\n%s", dumpProblems(rep))
	}
}

// repoCopy copies what the check reads at the repository root (go.mod,
// game.toml, the engine's and the game's shaders) to a temporary folder.
func repoCopy(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	for _, f := range []string{"go.mod", "game.toml"} {
		writeFile(t, filepath.Join(dst, f), readFile(t, filepath.Join("..", f)))
	}
	for _, d := range []string{"assets/shaders", "voxel/game/assets/shaders"} {
		copyTree(t, filepath.Join("..", filepath.FromSlash(d)), filepath.Join(dst, filepath.FromSlash(d)))
	}
	return dst
}

// TestRepositoryRootFinds breaks the copied repository in one way per case
// and expects "sleak shaders check" from its root to say so.
func TestRepositoryRootFinds(t *testing.T) {
	requireTools(t, Glslc, GlslangValidator, SpirvCross)
	game := filepath.Join("voxel", "game", "assets", "shaders")
	tests := []struct {
		name     string
		edit     func(t *testing.T, root string)
		severity Severity
		kind     string
		file     string
		msg      string
	}{
		{"stale game spv", func(t *testing.T, root string) {
			p := filepath.Join(root, game, "voxel.vert")
			writeFile(t, p, readFile(t, p)+"// edited, not compiled\n")
		}, SevError, KindStale, "voxel/game/assets/shaders/voxel.vert.spv", "is stale"},
		{"stale through the engine include", func(t *testing.T, root string) {
			p := filepath.Join(root, "assets", "shaders", "sleak.glsl")
			writeFile(t, p, readFile(t, p)+"// edited, not compiled\n")
		}, SevError, KindStale, "voxel/game/assets/shaders/voxel_water.frag.spv", "is stale"},
		{"stem typo", func(t *testing.T, root string) {
			replaceIn(t, filepath.Join(root, "game.toml"), `shadow_shader = "voxel_shadow"`, `shadow_shader = "voxel_shadw"`)
		}, SevError, KindMissingVariant, "voxel/game/assets/shaders/voxel_shadw.vert.spv", "did you mean voxel_shadow?"},
		{"shadowed", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "assets", "shaders", "hud.hlsl"), readFile(t, filepath.Join(root, game, "hud.hlsl")))
		}, SevWarning, KindShadowed, "voxel/game/assets/shaders/hud.hlsl", "reads assets/shaders/hud.hlsl from the working directory"},
		{"not embedded", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, game, "_old", "hud.hlsl"), "// kept aside\n")
		}, SevError, KindNotEmbedded, "voxel/game/assets/shaders/_old/hud.hlsl", "go:embed leaves out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := repoCopy(t)
			tt.edit(t, root)
			rep, err := Check(context.Background(), CheckOptions{WorkDir: root})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rep.Problems {
				if p.Severity == tt.severity && p.Kind == tt.kind && p.File == tt.file && strings.Contains(p.Message, tt.msg) {
					return
				}
			}
			t.Errorf("no %s %s for %s saying %q:\n%s", tt.severity, tt.kind, tt.file, tt.msg, dumpProblems(rep))
		})
	}
	if _, err := os.Stat(filepath.Join("..", "assets", "shaders", "_old")); err == nil {
		t.Fatal("a case wrote into the repository")
	}
}
