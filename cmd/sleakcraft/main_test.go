package main

import (
	"bytes"
	"strings"
	"testing"
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
		{[]string{"-h"}, 0, "-seed"},
		{[]string{"-help"}, 0, "usage: sleakcraft [flags]"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.want)
		}
	}
}
