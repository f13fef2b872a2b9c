// Package archtest checks the project's dependency rules on the real import
// graph, so a shortcut across layers fails a test instead of waiting for a
// review.
package archtest

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "github.com/sleakgo/sleak/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []pkg
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

const mod = "github.com/sleakgo/sleak/"

var concrete = []string{mod + "backends/vulkan", mod + "backends/opengl", mod + "backends/d3d11", mod + "backends/d3d12"}

// Only the backend chooser imports a concrete backend (a backend's own tests
// may import the conformance suite, which imports none).
func TestOnlyTheChooserImportsConcreteBackends(t *testing.T) {
	for _, p := range listPackages(t) {
		if p.ImportPath == mod+"backends/choose" {
			continue
		}
		for _, imp := range append(append(p.Imports, p.TestImports...), p.XTestImports...) {
			for _, c := range concrete {
				if imp == c && p.ImportPath != c {
					t.Errorf("%s imports %s: only backends/choose may", p.ImportPath, c)
				}
			}
		}
	}
}

// Only package ecs imports arche, so game code reads as Sleak's API.
func TestOnlyECSImportsArche(t *testing.T) {
	for _, p := range listPackages(t) {
		if p.ImportPath == mod+"ecs" {
			continue
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "github.com/mlange-42/arche") {
				t.Errorf("%s imports %s: only package ecs may", p.ImportPath, imp)
			}
		}
	}
}

// Dependencies point one way: the engine's layers never import the sample
// game or the tools, and the backend contract imports no system.
func TestLayersPointOneWay(t *testing.T) {
	forbidden := map[string][]string{
		mod + "backends":        {mod + "systems", mod + "ecs", mod + "voxel", mod + "cmd"},
		mod + "formats":         {mod + "backends", mod + "systems", mod + "ecs", mod + "voxel"},
		mod + "anim":            {mod + "backends", mod + "systems", mod + "ecs", mod + "model", mod + "voxel"},
		mod + "ecs":             {mod + "systems", mod + "voxel", mod + "cmd"},
		mod + "systems":         {mod + "voxel", mod + "cmd", mod + "backends/choose"},
		mod + "debugdraw":       {mod + "systems", mod + "ecs", mod + "app", mod + "voxel", mod + "backends/core"},
		mod + "backends/vulkan": {mod + "systems", mod + "ecs", mod + "voxel"},
		mod + "backends/opengl": {mod + "systems", mod + "ecs", mod + "voxel"},
		mod + "backends/d3d11":  {mod + "systems", mod + "ecs", mod + "voxel"},
		mod + "backends/d3d12":  {mod + "systems", mod + "ecs", mod + "voxel"},
		mod + "voxel/world":     {mod + "backends", mod + "systems", mod + "ecs"},
		mod + "voxel/mesh":      {mod + "backends", mod + "systems", mod + "ecs"},
		mod + "voxel/save":      {mod + "backends", mod + "systems", mod + "ecs"},
	}
	for _, p := range listPackages(t) {
		bans, ok := forbidden[p.ImportPath]
		if !ok {
			for prefix, b := range forbidden {
				if strings.HasPrefix(p.ImportPath, prefix+"/") {
					bans = b
				}
			}
		}
		for _, imp := range p.Imports {
			for _, ban := range bans {
				if imp == ban || strings.HasPrefix(imp, ban+"/") {
					t.Errorf("%s imports %s", p.ImportPath, imp)
				}
			}
		}
	}
}
