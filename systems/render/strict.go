package render

import (
	"slices"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
)

// CheckStrict is the start-up check of strict shader mode: it looks for
// every file backend kind would load for the stems of every registered
// vertex format and for the material shader of every default-format
// renderable in w, and returns a *backends.MissingFilesError listing all
// that are missing, so one launch reports every gap instead of one dropped
// pass at a time. Materials of custom formats are not checked: those meshes
// draw with their format's stems, never with the material's shader.
//
// It reads only file existence, so it is cheap enough to run before the
// backend opens; entities spawned later are not covered.
func CheckStrict(kind backends.Kind, registry *formats.Registry, w *ecs.World) error {
	return backends.CheckFiles(kind, registry, MaterialShaders(w))
}

// MaterialShaders returns the distinct shaders (canonical .hlsl paths) of
// the default-format renderables of w, sorted so reports do not depend on
// spawn order.
func MaterialShaders(w *ecs.World) []string {
	var out []string
	q := w.Renderables()
	for q.Next() {
		_, m, mat := q.Get()
		if m.Format != formats.DefaultHandle {
			continue
		}
		if !slices.Contains(out, mat.Shader) {
			out = append(out, mat.Shader)
		}
	}
	slices.Sort(out)
	return out
}
