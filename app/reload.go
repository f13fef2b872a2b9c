package app

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/shadertool"
)

// hotReload is the running game's shader watcher and the backend it resets.
type hotReload struct {
	w  *shadertool.Watcher
	rl backends.ShaderReloader
}

// startReload watches the shader folders when the options or game.toml ask
// for hot reload: the working directory's assets/shaders and the folders of
// [shaders] dirs, relative to game.toml. The files of those folders on disk
// are mounted over the game's embedded copies first, so the file an edit
// changes is the file the backend loads.
func (r *Runner) startReload(configPath string) error {
	if !r.Options.HotReload && !r.Config.Shaders.HotReload {
		return nil
	}
	rl, ok := r.Backend.(backends.ShaderReloader)
	if !ok {
		r.Log.Warn(fmt.Sprintf("hot reload: the %s backend cannot reset shader files; shaders are loaded once", r.Kind))
		return nil
	}
	var dirs []shadertool.WatchDir
	seen := map[string]bool{}
	add := func(disk string) bool {
		abs, err := filepath.Abs(disk)
		if err != nil {
			return false
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() || seen[abs] {
			return false
		}
		seen[abs] = true
		dirs = append(dirs, shadertool.WatchDir{Disk: abs, Asset: backends.ShaderDir})
		return true
	}
	add(filepath.FromSlash(backends.ShaderDir))
	base := filepath.Dir(configPath)
	for _, d := range r.Config.Shaders.Dirs {
		disk := filepath.Join(base, filepath.FromSlash(d))
		if add(disk) {
			mount(shaderFolder{dir: disk})
		} else if !seen[mustAbs(disk)] {
			r.Log.Warn(fmt.Sprintf("hot reload: shader folder %s (game.toml [shaders] dirs) does not exist; not watched", d))
		}
	}
	if len(dirs) == 0 {
		r.Log.Warn("hot reload: no shader folder on disk to watch (" + backends.ShaderDir + " or [shaders] dirs)")
		return nil
	}
	w, err := shadertool.Watch(shadertool.WatchOptions{Kind: r.Kind, Dirs: dirs, Logger: r.Log, Interval: r.Options.reloadInterval})
	if err != nil {
		return fmt.Errorf("hot reload: %w", err)
	}
	r.reload = &hotReload{w: w, rl: rl}
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = d.Disk
	}
	r.Log.Info("hot reload: watching shader folders", "dirs", strings.Join(names, " "))
	return nil
}

func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}

// applyReload hands the watcher's latest changes, if any, to the backend.
// It runs between frames on the render thread; when nothing changed it is a
// channel poll and allocates nothing.
func (r *Runner) applyReload() error {
	if r.reload == nil {
		return nil
	}
	select {
	case paths := <-r.reload.w.C:
		n, err := r.reload.rl.ResetFiles(paths)
		if err != nil {
			return fmt.Errorf("hot reload: %w", err)
		}
		r.Log.Info(fmt.Sprintf("hot reload: %d shader file(s) changed, %d program(s) reset", len(paths), n),
			"files", strings.Join(paths, " "))
	default:
	}
	return nil
}

// shaderFolder is a [shaders] dirs folder on disk as a mount: its files are
// the assets "assets/shaders/...", rooted like Game.Assets.
type shaderFolder struct{ dir string }

func (f shaderFolder) Open(name string) (fs.File, error) {
	rest, ok := strings.CutPrefix(name, "shaders/")
	if !ok || !fs.ValidPath(rest) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return os.DirFS(f.dir).Open(rest)
}
