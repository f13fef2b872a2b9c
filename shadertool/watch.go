package shadertool

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
)

// WatchDir is a shader folder on disk and the asset folder a running game
// loads its files as: the working directory's assets/shaders is itself,
// a game's [shaders] dirs folder is mounted at assets/shaders.
type WatchDir struct {
	Disk  string // relative to WatchOptions.WorkDir, or absolute
	Asset string // e.g. backends.ShaderDir
}

// WatchOptions configures [Watch].
type WatchOptions struct {
	// Kind is the running backend: it decides which files it loads, and
	// on Vulkan an edited GLSL source is compiled before it is reported.
	Kind backends.Kind
	Dirs []WatchDir
	// WorkDir is where glslc runs and relative Disk folders start; ""
	// means the process's working directory.
	WorkDir string
	// Interval is how often the folders are looked at; default
	// DefaultWatchInterval.
	Interval time.Duration
	// Logger gets compile failures (once per distinct message) and
	// problems of the watcher itself; nil means slog.Default().
	Logger *slog.Logger
}

// DefaultWatchInterval is how often Watch looks at its folders by default:
// a few stats of small folders, quick enough that an edit shows up before
// the editor's window loses focus.
const DefaultWatchInterval = 250 * time.Millisecond

// Watcher reports shader files that changed on disk. It polls the
// modification times and sizes of the files in its folders on a goroutine
// of its own, so the frame never waits on the disk or on glslc, and sends
// each batch of changes on C as the asset paths of the files the backend
// loads that must be rebuilt (backends.ShaderReloader.ResetFiles takes them
// as they are): an edited file, every file that includes it, and on Vulkan
// every .spv the edit recompiled.
type Watcher struct {
	// C receives the changes. A batch the reader has not taken yet is
	// merged with the next, so the reader never falls behind.
	C <-chan []string

	ch     chan []string
	opt    WatchOptions
	dirs   []WatchDir // Disk absolute
	log    *slog.Logger
	stamps map[string]stamp // disk path -> what it looked like last time
	failed map[string]string
	cancel context.CancelFunc
	ctx    context.Context
	wg     sync.WaitGroup
}

type stamp struct {
	mod  time.Time
	size int64
	// sum is the content's hash, taken only while mod is recent
	// (racyWindow): a file rewritten within the file system's clock tick
	// of its last write, at the same size, keeps its stamp, so only its
	// content tells the edit.
	sum uint64
}

// racyWindow is how recent a modification time must be for a scan to
// hash the file's content as well: far wider than any file system's
// timestamp granularity.
const racyWindow = 2 * time.Second

// stampOf is what file p with info looks like now; scanned at now.
func stampOf(p string, info fs.FileInfo, now time.Time) stamp {
	st := stamp{mod: info.ModTime(), size: info.Size()}
	if now.Sub(st.mod) < racyWindow {
		if data, err := os.ReadFile(p); err == nil {
			h := fnv.New64a()
			h.Write(data)
			st.sum = h.Sum64() | 1 // never 0, which means not hashed
		}
	}
	return st
}

// same reports whether a file stamped old now looks like st, hashing its
// content only when old was taken while its modification was recent.
func (old stamp) same(p string, info fs.FileInfo, now time.Time) (stamp, bool) {
	if !old.mod.Equal(info.ModTime()) || old.size != info.Size() {
		return stampOf(p, info, now), false
	}
	if old.sum == 0 {
		return old, true
	}
	st := stampOf(p, info, now)
	return st, st.sum == 0 || st.sum == old.sum
}

// Watch starts watching. The folders' present state is the baseline: only
// what changes after Watch returns is reported. Close stops it.
func Watch(opt WatchOptions) (*Watcher, error) {
	wd, err := workingDir(opt.WorkDir)
	if err != nil {
		return nil, err
	}
	opt.WorkDir = wd
	if opt.Interval <= 0 {
		opt.Interval = DefaultWatchInterval
	}
	w := &Watcher{opt: opt, log: opt.Logger, stamps: map[string]stamp{}, failed: map[string]string{}}
	if w.log == nil {
		w.log = slog.Default()
	}
	for _, d := range opt.Dirs {
		disk := d.Disk
		if !filepath.IsAbs(disk) {
			disk = filepath.Join(wd, disk)
		}
		if st, err := os.Stat(disk); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("watch shader folder %s: not a folder", d.Disk)
		}
		w.dirs = append(w.dirs, WatchDir{Disk: filepath.Clean(disk), Asset: path.Clean(d.Asset)})
	}
	if len(w.dirs) == 0 {
		return nil, errors.New("watch shaders: no folder to watch")
	}
	w.scan(func(string) bool { return true })
	w.ch = make(chan []string, 1)
	w.C = w.ch
	w.ctx, w.cancel = context.WithCancel(context.Background())
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Close stops the watcher and waits for it, cancelling a compile under way.
func (w *Watcher) Close() {
	if w == nil || w.cancel == nil {
		return
	}
	w.cancel()
	w.wg.Wait()
}

func (w *Watcher) loop() {
	defer w.wg.Done()
	t := time.NewTicker(w.opt.Interval)
	defer t.Stop()
	for {
		select {
		case <-w.ctx.Done():
			return
		case <-t.C:
		}
		if paths := w.poll(); len(paths) > 0 {
			w.send(paths)
		}
	}
}

// send hands paths over, merged with a batch still waiting.
func (w *Watcher) send(paths []string) {
	for {
		select {
		case w.ch <- paths:
			return
		default:
		}
		select {
		case old := <-w.ch:
			paths = mergePaths(old, paths)
		default:
		}
	}
}

func mergePaths(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// poll looks at the folders once and returns the asset paths to reset.
func (w *Watcher) poll() []string {
	changed := w.scan(func(string) bool { return true })
	if len(changed) == 0 {
		return nil
	}
	if w.opt.Kind == backends.Vulkan {
		if slices.ContainsFunc(changed, isGLSLText) {
			w.compile()
			// Take up the .spv files the compile wrote; a source edited
			// again meanwhile keeps its old stamp, so the next poll
			// compiles it again.
			changed = append(changed, w.scan(func(p string) bool { return strings.HasSuffix(p, ".spv") })...)
		}
		var out []string
		for _, p := range changed {
			if strings.HasSuffix(p, ".spv") {
				out = append(out, w.assetPath(p))
			}
		}
		return mergePaths(nil, out)
	}
	assetsChanged := make([]string, 0, len(changed))
	for _, p := range changed {
		if !strings.HasSuffix(p, ".spv") {
			assetsChanged = append(assetsChanged, w.assetPath(p))
		}
	}
	if len(assetsChanged) == 0 {
		return nil
	}
	out := slices.Clone(assetsChanged)
	// Every file that includes a changed one changed with it.
	for disk := range w.stamps {
		if !isShaderStage(disk) {
			continue
		}
		asset := w.assetPath(disk)
		src, err := assets.ExpandIncludes(asset, w.read)
		if err != nil {
			continue // the backend reports it when it loads the file
		}
		if slices.ContainsFunc(src.Files, func(f string) bool { return slices.Contains(assetsChanged, f) }) {
			out = append(out, asset)
		}
	}
	return mergePaths(nil, out)
}

// compile runs the same compile as `sleak shaders compile` over the
// watched folders and logs each failure once, with glslc's message, which
// names the file and line.
func (w *Watcher) compile() {
	disks := make([]string, len(w.dirs))
	for i, d := range w.dirs {
		disks[i] = d.Disk
	}
	res, err := Compile(w.ctx, CompileOptions{Dirs: disks, WorkDir: w.opt.WorkDir})
	var ce *CompileError
	switch {
	case err == nil, errors.As(err, &ce):
	case w.ctx.Err() != nil:
		return
	default:
		if w.failed[""] != err.Error() {
			w.failed[""] = err.Error()
			w.log.Error(fmt.Sprintf("hot reload: compile shaders: %v", err))
		}
		return
	}
	delete(w.failed, "")
	if res == nil {
		return
	}

	for _, s := range res.Compiled {
		delete(w.failed, s)
	}
	for _, f := range res.Failed {
		if w.failed[f.Source] == f.Message {
			continue
		}
		w.failed[f.Source] = f.Message
		w.log.Error(fmt.Sprintf("hot reload: %s does not compile; its last good .spv stays: %s", f.Source, f.Message),
			"source", f.Source)
	}
}

// scan stats every file of the folders and returns those that appeared,
// changed or went away since the last scan, updating the stamps of the
// files keep accepts.
func (w *Watcher) scan(keep func(string) bool) []string {
	var changed []string
	now := time.Now()
	seen := make(map[string]bool, len(w.stamps))
	for _, d := range w.dirs {
		filepath.WalkDir(d.Disk, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return nil // a folder removed under us: its files count as gone
			}
			if strings.HasPrefix(e.Name(), ".") && p != d.Disk {
				// Manifests, glslc's temporary outputs, editors' swap files.
				if e.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if e.IsDir() || !e.Type().IsRegular() {
				return nil
			}
			info, err := e.Info()
			if err != nil {
				return nil
			}
			seen[p] = true
			old, ok := w.stamps[p]
			if !ok {
				if keep(p) {
					w.stamps[p] = stampOf(p, info, now)
					changed = append(changed, p)
				}
				return nil
			}
			st, same := old.same(p, info, now)
			if keep(p) {
				w.stamps[p] = st // an unchanged file's hash is dropped once it is old
				if !same {
					changed = append(changed, p)
				}
			}
			return nil
		})
	}
	for p := range w.stamps {
		if !seen[p] && keep(p) {
			delete(w.stamps, p)
			changed = append(changed, p)
		}
	}
	return changed
}

// assetPath is the asset path of a file in one of the folders.
func (w *Watcher) assetPath(disk string) string {
	for _, d := range w.dirs {
		rel, err := filepath.Rel(d.Disk, disk)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return path.Join(d.Asset, filepath.ToSlash(rel))
		}
	}
	return filepath.ToSlash(disk)
}

// read reads an asset for include expansion: the watched folders on disk
// first, which is what a reload is about, then the game's own lookup.
func (w *Watcher) read(name string) ([]byte, error) {
	for _, d := range w.dirs {
		rest, ok := strings.CutPrefix(name, d.Asset+"/")
		if !ok {
			continue
		}
		p := filepath.Join(d.Disk, filepath.FromSlash(rest))
		if _, err := os.Stat(p); err == nil {
			return readSource(p)
		}
	}
	return assets.ReadFile(name)
}

// isGLSLText reports whether a changed file can change a Vulkan compile: a
// GLSL source or anything it may include (every text file but HLSL).
func isGLSLText(p string) bool {
	switch filepath.Ext(p) {
	case ".spv", ".hlsl", ".hlsli", ".json", ".md", ".png":
		return false
	}
	return true
}

// isShaderStage reports whether p is a file a text backend loads by name.
func isShaderStage(p string) bool {
	switch filepath.Ext(p) {
	case ".vert", ".frag", ".comp", ".hlsl":
		return true
	}
	return false
}
