package shadertool

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
)

// includeSet resolves #include names the way the engine does at run time.
// There every shader folder a game has (its assets/shaders, the folders it
// mounts) and the engine's own are layers of one tree, assets/shaders, so
// a name relative to the including file is looked up beside it first and
// then at the same place in the engine's folder. A game's shader therefore
// includes the engine's shared interface (sleak.glsl, sleak_gl.glsl,
// sleak.hlsli) by its bare name, and glslc gets the engine's folder with -I
// to find it the same way.
type includeSet struct {
	roots  []string // the folders being compiled or checked
	engine string   // the engine's shader folder; "" when unknown
}

// engineShaderDir returns the engine's shader folder for includes: the
// checkout's assets/shaders when workDir lies inside the engine's
// repository, otherwise a temporary copy of the include files embedded in
// this binary, which cleanup removes (call it on every path).
func engineShaderDir(workDir string) (dir string, cleanup func(), err error) {
	if root, ok := engineRoot(workDir); ok {
		d := filepath.Join(root, filepath.FromSlash(backends.ShaderDir))
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d, func() {}, nil
		}
	}
	tmp, err := os.MkdirTemp("", "sleak-engine-includes-")
	if err != nil {
		return "", func() {}, fmt.Errorf("temporary folder for the engine's includes: %w", err)
	}
	cleanup = func() { os.RemoveAll(tmp) }
	err = fs.WalkDir(assets.Engine(), "shaders", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || classify(d.Name()).kind != kindInclude {
			return err
		}
		data, err := fs.ReadFile(assets.Engine(), p)
		if err != nil {
			return err
		}
		out := filepath.Join(tmp, filepath.FromSlash(strings.TrimPrefix(p, "shaders/")))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		cleanup()
		return "", func() {}, fmt.Errorf("copy the engine's includes: %w", err)
	}
	return tmp, cleanup, nil
}

// resolve maps a path the include expander built (the including file's
// folder joined with the name) to the file that is read: the path itself
// when it exists, else the same place below the engine's folder.
func (s *includeSet) resolve(p string) string {
	if _, err := os.Stat(p); err == nil || s == nil || s.engine == "" {
		return p
	}
	for _, r := range s.roots {
		rel, err := filepath.Rel(r, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		alt := filepath.Join(s.engine, rel)
		if _, err := os.Stat(alt); err == nil {
			return alt
		}
	}
	return p
}

// isEngine reports whether p lies in the engine's folder.
func (s *includeSet) isEngine(p string) (string, bool) {
	if s == nil || s.engine == "" {
		return "", false
	}
	rel, err := filepath.Rel(s.engine, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// glslcFlags are the include flags every glslc run gets.
func (s *includeSet) glslcFlags() []string {
	if s == nil || s.engine == "" {
		return nil
	}
	return []string{"-I", s.engine}
}

// maxSourceBytes bounds each shader file read, as assets.MaxShaderBytes
// bounds the expanded text.
const maxSourceBytes = assets.MaxShaderBytes

// readSource reads a shader or include file as a regular file of bounded
// size, so that a FIFO or /dev/zero named as a shader cannot hang or
// exhaust the tools.
func readSource(p string) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: not a regular file", p)
	}
	if st.Size() > maxSourceBytes {
		return nil, fmt.Errorf("read %s: %d bytes, more than the %d a shader may have", p, st.Size(), maxSourceBytes)
	}
	return os.ReadFile(p)
}

// expand returns the file at abs with its includes expanded by the engine's
// own expander (the one the OpenGL and Direct3D loaders run), through the
// same resolution as at run time, and the files read.
func (s *includeSet) expand(abs string) (*assets.ShaderSource, []string, error) {
	var read []string
	src, err := assets.ExpandIncludes(filepath.ToSlash(abs), func(name string) ([]byte, error) {
		p := s.resolve(filepath.FromSlash(name))
		data, err := readSource(p)
		if err == nil {
			read = append(read, p)
		}
		return data, err
	})
	return src, read, err
}

// isIncludeError reports whether err is a broken include graph (a cycle,
// too deep, too large, a name outside the folder) rather than a missing
// include, which glslc reports itself.
func isIncludeError(err error) bool {
	var ie *assets.IncludeError
	return errors.As(err, &ie) && !errors.Is(err, fs.ErrNotExist) || errors.Is(err, assets.ErrShaderTooLarge)
}

// relName is how a hashed or recorded include is named: relative to the
// source's folder, or "engine:" and its path in the engine's folder.
func (s *includeSet) relName(src, p string) string {
	if rel, ok := s.isEngine(p); ok && !strings.HasPrefix(p, filepath.Dir(src)+string(filepath.Separator)) {
		return "engine:" + rel
	}
	if rel, err := filepath.Rel(filepath.Dir(src), p); err == nil {
		return filepath.ToSlash(rel)
	}
	return path.Clean(filepath.ToSlash(p))
}
