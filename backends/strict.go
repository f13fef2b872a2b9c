package backends

import (
	"fmt"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/formats"
)

// MissingFile is a shader file a backend would look for and cannot find.
type MissingFile struct {
	Path   string
	Format string // the vertex format whose stem needs it, or ""
	Pass   string // the stem's pass, or "material"
	Shader string // the material's canonical path, when a material needs it
}

// MissingFilesError lists every missing file at once, so one start-up
// attempt tells a game team everything it has to write.
type MissingFilesError struct {
	Backend Kind
	Missing []MissingFile
}

func (e *MissingFilesError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "strict shaders: %d shader file(s) missing for backend %s:", len(e.Missing), e.Backend)
	for _, m := range e.Missing {
		if m.Format != "" {
			fmt.Fprintf(&b, "\n  %s (vertex format %s, %s pass)", m.Path, m.Format, m.Pass)
		} else {
			fmt.Fprintf(&b, "\n  %s (material shader %s)", m.Path, m.Shader)
		}
	}
	return b.String()
}

// CheckFiles looks for every file backend k would load for the stems of every
// registered format and for the given material shaders (canonical .hlsl
// paths), and returns a *MissingFilesError listing all that are absent, or a
// plain error for a malformed path. It reads nothing but file existence.
func CheckFiles(k Kind, registry *formats.Registry, materialShaders []string) error {
	var missing []MissingFile
	seen := map[string]bool{}
	for _, h := range registry.Handles() {
		l, _ := registry.Get(h)
		for _, p := range formats.StemPasses {
			stem := l.Stem(p)
			if stem == "" {
				continue
			}
			files, err := ResolveStem(k, stem, p, l.GBufferStage)
			if err != nil {
				return fmt.Errorf("vertex format %s: %w", l.Name, err)
			}
			for _, f := range files.Paths() {
				key := f + "\x00" + l.Name + "\x00" + p.String()
				if !seen[key] && !assets.Exists(f) {
					seen[key] = true
					missing = append(missing, MissingFile{Path: f, Format: l.Name, Pass: p.String()})
				}
			}
		}
	}
	for _, canonical := range materialShaders {
		files, err := Resolve(k, canonical)
		if err != nil {
			return err
		}
		for _, f := range files.Paths() {
			if !seen[f] && !assets.Exists(f) {
				seen[f] = true
				missing = append(missing, MissingFile{Path: f, Pass: "material", Shader: canonical})
			}
		}
	}
	if len(missing) > 0 {
		return &MissingFilesError{Backend: k, Missing: missing}
	}
	return nil
}
