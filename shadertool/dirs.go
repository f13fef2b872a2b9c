package shadertool

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sleakgo/sleak/backends"
)

// ModulePath is the engine's module; a folder inside a checkout of it also
// gets the engine's own shader folder by default.
const ModulePath = "github.com/sleakgo/sleak"

// ErrNoShaderDirs means none of the default shader folders exists.
var ErrNoShaderDirs = errors.New("no shader folder found")

// DefaultDirs returns the folders the commands use when none are given,
// which are the folders the game loads shaders from: the game's
// assets/shaders below workDir, the folders game.toml's [shaders] dirs
// names (the game's embedded and mounted shaders, relative to game.toml in
// workDir) and, when workDir lies inside a checkout of the engine, the
// engine's own assets/shaders. Each is returned only when it exists, once
// even when two are the same folder. A game.toml that does not load adds
// no folder; Check reports why.
func DefaultDirs(workDir string) []string {
	var cands []string
	cands = append(cands, filepath.Join(workDir, filepath.FromSlash(backends.ShaderDir)))
	if f, err := loadGameConfig(filepath.Join(workDir, "game.toml")); err == nil {
		for _, d := range f.Shaders.Dirs {
			cands = append(cands, filepath.Join(workDir, filepath.FromSlash(d)))
		}
	}
	if root, ok := engineRoot(workDir); ok {
		cands = append(cands, filepath.Join(root, filepath.FromSlash(backends.ShaderDir)))
	}
	var out []string
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			out = append(out, c)
		}
	}
	return dedupeDirs(out)
}

// noDirsError says which default folder was looked for.
type noDirsError struct{ looked string }

func (e *noDirsError) Error() string {
	return fmt.Sprintf("%v: %s does not exist (name the shader folders as arguments)", ErrNoShaderDirs, e.looked)
}

func (e *noDirsError) Is(target error) bool { return target == ErrNoShaderDirs }

// engineRoot walks up from dir to the go.mod of the engine's module.
func engineRoot(dir string) (string, bool) {
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			if modulePath(data) == ModulePath {
				return dir, true
			}
			// A go.mod of another module ends the search: a game nested
			// in some other module is not inside the engine.
			return "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

func modulePath(gomod []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

// resolveDirs makes the given folders absolute against workDir, checks they
// exist and removes repeats (the same folder named twice, or through a
// symbolic link). With none given it returns DefaultDirs.
func resolveDirs(workDir string, dirs []string) ([]string, error) {
	if len(dirs) == 0 {
		d := DefaultDirs(workDir)
		if len(d) == 0 {
			return nil, &noDirsError{looked: display(workDir, filepath.Join(workDir, filepath.FromSlash(backends.ShaderDir)))}
		}
		return d, nil
	}
	var out []string
	for _, d := range dirs {
		abs := d
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(workDir, d)
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("shader folder %s: %w", d, err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("shader folder %s: not a directory", d)
		}
		out = append(out, filepath.Clean(abs))
	}
	return dedupeDirs(out), nil
}

func dedupeDirs(dirs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range dirs {
		key := d
		if r, err := filepath.EvalSymlinks(d); err == nil {
			key = r
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}

// display returns abs relative to workDir with forward slashes, the way the
// engine's own paths read ("assets/shaders/foo.vert"), or abs itself when it
// lies outside workDir.
func display(workDir, abs string) string {
	if rel, err := filepath.Rel(workDir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// listFiles returns every regular file below dir, skipping hidden files and
// folders (the manifest is read separately), sorted. Folders are walked
// once each even when dirs nest.
func listFiles(dirs []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, root := range dirs {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return fmt.Errorf("read %s: %w", p, err)
			}
			name := d.Name()
			if p != root && strings.HasPrefix(name, ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() || !isRegular(p, d) {
				return nil
			}
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// isRegular accepts regular files and symbolic links to them, so a shader
// folder assembled from links is scanned like any other.
func isRegular(p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
