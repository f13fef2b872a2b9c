package config

import (
	"strings"
	"testing"
)

const gameFormat = `
[[vertex_format]]
name = "lit"
shader = "lit"
  [[vertex_format.attribute]]
  name = "position"
  location = 0
  format = "Float3"
`

// A game declares its own tables in [game] sections, so that a loader with
// no Go value for them accepts them, while other unknown tables stay errors.
func TestGameSections(t *testing.T) {
	tests := []struct {
		name, toml string
		want       string // "" for success
	}{
		{"declared", "[game]\nsections = [\"spinner\"]\n[spinner]\nspeed = 2\n", ""},
		{"undeclared", "[spinner]\nspeed = 2\n", `unknown key "spinner"`},
		{"typo of an engine section", "[game]\nsections = [\"spinner\"]\n[rendrer]\nbackend = \"vulkan\"\n", `unknown key "rendrer" (did you mean "renderer"?)`},
		{"engine name", "[game]\nsections = [\"window\"]\n", `"window" is an engine section`},
		{"not a name", "[game]\nsections = [\"a.b\"]\n", `"a.b" is not a bare table name`},
		{"unknown key in game", "[game]\nsection = []\n", `unknown key "game.section"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("g.toml", []byte(tc.toml))
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want %q", err, tc.want)
			}
		})
	}
	// The game itself still decodes its declared section, strictly.
	var s struct{ Speed float64 }
	_, err := Parse("g.toml", []byte("[game]\nsections = [\"spinner\"]\n[spinner]\nspeed = 2\nsped = 1\n"), Section{Name: "spinner", Into: &s})
	if err == nil || !strings.Contains(err.Error(), `unknown key "spinner.sped"`) || s.Speed != 2 {
		t.Fatalf("err = %v, speed %v", err, s.Speed)
	}
}

func TestEntityModelAndFormat(t *testing.T) {
	tests := []struct {
		name, toml string
		want       string
	}{
		{"gltf in a format", "[[entity]]\nmesh = \"models/duck.glb\"\nformat = \"lit\"\nmodel_mesh = \"duck\"\n", ""},
		{"default spelled out", "[[entity]]\nmesh = \"cube\"\nformat = \"default\"\n", ""},
		{"unknown format", "[[entity]]\nmesh = \"a.gltf\"\nformat = \"lti\"\n", `entity.format: no [[vertex_format]] is named "lti" (did you mean "lit"?)`},
		{"builtin in a format", "[[entity]]\nmesh = \"cube\"\nformat = \"lit\"\n", `the built-in mesh "cube" exists in the default format only`},
		{"model_mesh without a file", "[[entity]]\nmesh = \"cube\"\nmodel_mesh = \"x\"\n", `entity.model_mesh: only a .gltf or .glb mesh`},
		{"animation of a file", "[[entity]]\nmesh = \"models/fox.glb\"\nanimation = \"walk\"\n", ""},
		{"animation without a file", "[[entity]]\nmesh = \"cube\"\nanimation = \"walk\"\n", `entity.animation: only a .gltf or .glb mesh has animations`},
		{"unknown mesh", "[[entity]]\nmesh = \"teapot.obj\"\n", `unknown mesh "teapot.obj"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse("g.toml", []byte(gameFormat+tc.toml))
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if e := f.Entities[0]; e.Format == "default" {
					t.Errorf("format %q kept; want it stored as empty", e.Format)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want %q", err, tc.want)
			}
		})
	}
}
