package config

import (
	"path"
	"strings"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/safetext"
)

// Game is the [game] table: what a game declares about its own file.
type Game struct {
	// Sections are the game's own top-level tables, such as "world". Every
	// loader accepts them, even one (a tool) that has no Go value to decode
	// them into; the game decodes them itself by passing a Section to Load.
	// A top-level table that is neither an engine section nor declared
	// here is still an error, so a typo like [rendrer] is caught.
	Sections []string
}

// game decodes [game].
func (d *decoder) game(o *obj) Game {
	var g Game
	names, _ := o.strs("sections")
	for i, n := range names {
		at := with(o.path, "sections", i)
		switch {
		case !formats.ValidStem(n):
			d.at(at, nil, "%s[%d]: %q is not a bare table name (letters, digits, '_' and '-')", o.key("sections"), i, n)
		case contains(engineSections, n):
			d.at(at, nil, "%s[%d]: %q is an engine section and cannot be declared by the game", o.key("sections"), i, n)
		case contains(g.Sections, n):
			d.at(at, nil, "%s[%d]: %q is declared twice", o.key("sections"), i, n)
		default:
			g.Sections = append(g.Sections, n)
		}
	}
	o.finish()
	return g
}

// IsModelFile reports whether an entity's mesh names a glTF file rather
// than a built-in mesh.
func IsModelFile(mesh string) bool {
	ext := strings.ToLower(path.Ext(mesh))
	return ext == ".gltf" || ext == ".glb"
}

// entityMesh decodes an entity's mesh, model_mesh, animation and format
// keys.
func (d *decoder) entityMesh(o *obj, e *Entity) {
	if o.str("mesh", &e.Mesh) && e.Mesh != "" && !contains(meshes, e.Mesh) && !IsModelFile(e.Mesh) {
		d.at(with(o.path, "mesh"), nil, "%s: unknown mesh %s%s", o.key("mesh"), safetext.Quote(e.Mesh), hint(e.Mesh, meshes))
	}
	if IsModelFile(e.Mesh) {
		if _, err := CleanAssetPath(e.Mesh); err != nil {
			d.at(with(o.path, "mesh"), err, "%s: %s: %v", o.key("mesh"), safetext.Quote(e.Mesh), err)
		}
	}
	if o.str("model_mesh", &e.ModelMesh) && e.ModelMesh != "" && !IsModelFile(e.Mesh) {
		d.at(with(o.path, "model_mesh"), nil, "%s: only a .gltf or .glb mesh has meshes to choose from", o.key("model_mesh"))
	}
	if o.str("animation", &e.Animation) && e.Animation != "" && !IsModelFile(e.Mesh) {
		d.at(with(o.path, "animation"), nil, "%s: only a .gltf or .glb mesh has animations to play", o.key("animation"))
	}
	if o.str("format", &e.Format) && e.Format == formats.DefaultLayoutName {
		e.Format = ""
	}
}

// entityFormats checks that every entity's format is declared, and that
// only glTF files are asked for in a custom format.
func (d *decoder) entityFormats(f *File) {
	var names []string
	for _, l := range f.VertexFormats {
		names = append(names, l.Name)
	}
	for i, e := range f.Entities {
		if e.Format == "" {
			continue
		}
		at := with(d.entPaths[i], "format")
		switch {
		case !contains(names, e.Format):
			d.at(at, nil, "entity.format: no [[vertex_format]] is named %s%s", safetext.Quote(e.Format), hint(e.Format, append(names, formats.DefaultLayoutName)))
		case e.Mesh != "" && !IsModelFile(e.Mesh):
			d.at(at, nil, "entity.format: the built-in mesh %q exists in the default format only; name a .gltf or .glb file to load it as %q", e.Mesh, e.Format)
		}
	}
}
