// Package assets finds the files a game loads by their relative path
// ("assets/shaders/default_shader.vert.spv"), the way the engine's shader
// rules name them.
//
// Paths resolve against the working directory first, so a game overrides any
// file by placing its own at the same relative path; then against the file
// systems games Mount (their own embedded assets), newest first; then
// against the engine's files, which are embedded in the binary, so a game
// built outside this repository runs without copying them.
package assets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sleakgo/sleak/internal/boundedfile"
	"github.com/sleakgo/sleak/internal/safetext"
)

//go:embed shaders
var engine embed.FS

var (
	mountMu sync.RWMutex
	mounted []fs.FS // newest first
)

// Mount adds a game's own files, rooted like the engine's (paths inside
// fsys read "shaders/voxel.vert.spv" for the asset
// "assets/shaders/voxel.vert.spv"). Mounted files take precedence over the
// engine's, and the working directory over both. Typically a game embeds its
// assets folder and mounts it once in main:
//
//	//go:embed assets
//	var files embed.FS
//	sub, _ := fs.Sub(files, "assets")
//	assets.Mount(sub)
func Mount(fsys fs.FS) {
	mountMu.Lock()
	defer mountMu.Unlock()
	mounted = append([]fs.FS{fsys}, mounted...)
}

// layers returns the embedded file systems in lookup order.
func layers() []fs.FS {
	mountMu.RLock()
	defer mountMu.RUnlock()
	out := make([]fs.FS, 0, len(mounted)+1)
	out = append(out, mounted...)
	return append(out, engine)
}

func findEmbedded(name string) (fs.FS, string, bool) {
	rel, ok := embeddedName(name)
	if !ok {
		return nil, "", false
	}
	for _, l := range layers() {
		if _, err := fs.Stat(l, rel); err == nil {
			return l, rel, true
		}
	}
	return nil, "", false
}

// Prefix is the folder every asset path starts with.
const Prefix = "assets/"

// ReadFile returns the contents of the asset at the relative path name,
// preferring a file in the working directory over the embedded engine copy.
// A missing file yields an error that wraps fs.ErrNotExist and names the path.
// Only a regular file within the size limit of its kind (KindOf) is read.
func ReadFile(name string) ([]byte, error) {
	k := KindOf(name)
	data, err := boundedfile.ReadFile(name, k)
	if err == nil {
		return data, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if l, rel, ok := findEmbedded(name); ok {
		if data, err := boundedfile.ReadFS(l, rel, k); err == nil {
			return data, nil
		}
	}
	return nil, fmt.Errorf("read %s: %w", safetext.Name(name), fs.ErrNotExist)
}

// KindOf returns the kind of asset name is, by its extension, which sets
// the most bytes ReadFile reads of it.
func KindOf(name string) boundedfile.Kind {
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		return boundedfile.Image
	case ".spv", ".vert", ".frag", ".hlsl", ".glsl", ".comp", ".geom":
		return boundedfile.Shader
	case ".toml":
		return boundedfile.Config
	}
	return boundedfile.Asset
}

// Exists reports whether ReadFile would find name.
func Exists(name string) bool {
	if _, err := os.Stat(name); err == nil {
		return true
	}
	_, _, ok := findEmbedded(name)
	return ok
}

// Source says where ReadFile finds name: "file" for the working directory,
// "embedded" for a mounted or engine copy, or "" when it is missing.
func Source(name string) string {
	if _, err := os.Stat(name); err == nil {
		return "file"
	}
	if _, _, ok := findEmbedded(name); ok {
		return "embedded"
	}
	return ""
}

// Engine returns the embedded engine files, rooted so that paths read
// "shaders/default_shader.vert" (Prefix removed).
func Engine() fs.FS { return engine }

func embeddedName(name string) (string, bool) {
	clean := path.Clean(filepath.ToSlash(name))
	if !strings.HasPrefix(clean, Prefix) {
		return "", false
	}
	return strings.TrimPrefix(clean, Prefix), true
}

// ChdirToExecutable changes the working directory to the folder of the
// running executable when that folder holds an assets/ directory, so relative
// asset paths resolve the same whichever directory the game was started from.
// It does nothing otherwise (for example under `go run`, whose binary lives in
// a temporary folder) and returns the directory it chose, or "".
func ChdirToExecutable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find executable: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	dir := filepath.Dir(exe)
	if st, err := os.Stat(filepath.Join(dir, "assets")); err != nil || !st.IsDir() {
		return "", nil
	}
	if err := os.Chdir(dir); err != nil {
		return "", fmt.Errorf("change directory to %s: %w", dir, err)
	}
	return dir, nil
}
