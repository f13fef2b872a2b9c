package main

import (
	"bytes"
	"crypto/sha256"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/voxel/game"
)

// Bad flag values are refused before anything starts, naming the valid ones.
func TestFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-config", "../../game.toml", "-r", "metal"}, `unknown backend "metal": valid backends are vulkan (v), opengl (o), d3d11 (d11, directx11), d3d12 (d12, directx12)`},
		{[]string{"-config", "../../game.toml", "-rd", "99"}, "render_distance: 99 is out of range 2 to 32 chunks"},
		// -world ../../x wrote a world outside the saves folder.
		{[]string{"-config", "../../game.toml", "-world", "../../x"}, `-world: "../../x": a world name is a single folder name`},
		{[]string{"-config", "../../game.toml", "-world", ".."}, `-world: ".." is not a world name`},
		{[]string{"-config", "../../game.toml", "-world", "../x"}, `-world: "../x": a world name is a single folder name`},
		{[]string{"-config", "../../game.toml", "-greedy", "maybe"}, `-greedy "maybe": valid values are on and off`},
		{[]string{"-config", "missing.toml"}, "missing.toml"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != 1 {
			t.Errorf("%v: exit %d, want 1 (stderr %q)", tc.args, code, errb.String())
		}
		if !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, errb.String(), tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-frobnicate"}, 2, "flag provided but not defined"},
		{[]string{"-size", "0x800"}, 2, `size "0x800": want WIDTHxHEIGHT`},
		{[]string{"-width", "-5"}, 2, "size -5x0: width and height must be positive"},
		// -frames -1 ran forever, growing memory.
		{[]string{"-frames", "-1"}, 2, "-frames -1: want a positive number of frames"},
		{[]string{"-chart-scale", "-5"}, 2, "-chart-scale -5: want 0 (scaled to the run) to 60000 ms"},
		{[]string{"-seed", "hello"}, 2, `invalid value "hello" for flag -seed`},
		{[]string{"-h"}, 0, "-seed"},
		{[]string{"-help"}, 0, "usage: sleakcraft [flags]"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.want)
		}
	}
}

// TestFlyOverLeavesThePlayersSaveAlone plays a little in a world named
// "world" (the default) in a saves folder, then runs the headless fly-over
// twice against the same folder: every file of the player's save must be
// byte-identical afterwards and no file may appear beside it.
func TestFlyOverLeavesThePlayersSaveAlone(t *testing.T) {
	saves := t.TempDir()
	f, ws, err := game.LoadConfig("../../game.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.SavesDir, ws.RenderDistance = saves, 2
	g, err := game.New(game.Options{Config: f, World: ws, Backend: backends.Vulkan, Width: 64, Height: 64, Headless: true,
		Script: &game.Script{End: 3}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		if os.Getenv("SLEAK_REQUIRE_DRIVERS") != "1" {
			t.Skipf("no Vulkan: %v", err)
		}
		t.Fatal(err)
	}
	for !g.ShouldClose() {
		if err := g.Step(0); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	before := hashTree(t, saves)
	if len(before) == 0 {
		t.Fatal("the player's game saved nothing")
	}
	out := t.TempDir()
	for i := range 2 {
		var stdout, stderr bytes.Buffer
		args := []string{"-config", "../../game.toml", "-r", "vulkan", "-headless", "-saves", saves, "-rd", "2",
			"-size", "96x64", "-frames", "12", "-screenshot", filepath.Join(out, "shot.png")}
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("fly-over %d: exit %d\n%s", i+1, code, stderr.String())
		}
	}
	after := hashTree(t, saves)
	for name, h := range before {
		if after[name] != h {
			t.Errorf("%s changed", name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s appeared in the saves folder", name)
		}
	}
}

func hashTree(t *testing.T, root string) map[string][32]byte {
	t.Helper()
	m := map[string][32]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		m[rel] = sha256.Sum256(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
