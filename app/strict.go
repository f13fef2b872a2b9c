package app

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/scene"
)

// StrictError is strict mode's refusal to start: every shader file that is
// missing or failed to build on the backend, each listed once with
// everything that needs it.
type StrictError struct {
	Backend backends.Kind
	Files   []StrictFile
	// Missing is the file check's own report when files are missing, so
	// errors.As finds a *backends.MissingFilesError too.
	Missing *backends.MissingFilesError
}

// StrictFile is one failing shader file.
type StrictFile struct {
	Path   string
	Reason string   // "missing", or the build error
	Users  []string // "vertex format voxel, shadow pass", "material shader assets/shaders/x.hlsl"
}

func (e *StrictError) Error() string {
	var b strings.Builder
	verb := "failed to build"
	if e.Missing != nil {
		verb = "missing"
	}
	fmt.Fprintf(&b, "strict shaders: %d shader file(s) %s for backend %s:", len(e.Files), verb, e.Backend)
	for _, f := range e.Files {
		fmt.Fprintf(&b, "\n  %s (%s)", f.Path, strings.Join(f.Users, "; "))
		if f.Reason != "missing" {
			fmt.Fprintf(&b, ":\n    %s", strings.ReplaceAll(strings.TrimSpace(f.Reason), "\n", "\n    "))
		}
	}
	return b.String()
}

// Unwrap returns the missing-file report, when that is what failed.
func (e *StrictError) Unwrap() error {
	if e.Missing == nil {
		return nil
	}
	return e.Missing
}

// add records path as needed by user, once per path and user.
func (e *StrictError) add(path, reason, user string) {
	for i := range e.Files {
		f := &e.Files[i]
		if f.Path == path {
			for _, u := range f.Users {
				if u == user {
					return
				}
			}
			f.Users = append(f.Users, user)
			return
		}
	}
	e.Files = append(e.Files, StrictFile{Path: path, Reason: reason, Users: []string{user}})
}

// checkFiles reports every shader file backend k would load for f and
// cannot find.
func checkFiles(k backends.Kind, reg *formats.Registry, f *config.File) error {
	err := backends.CheckFiles(k, reg, scene.MaterialShaders(f))
	var mf *backends.MissingFilesError
	if !errors.As(err, &mf) {
		return err
	}
	se := &StrictError{Backend: k, Missing: mf}
	for _, m := range mf.Missing {
		user := "material shader " + m.Shader
		if m.Format != "" {
			user = fmt.Sprintf("vertex format %s, %s pass", m.Format, m.Pass)
		}
		se.add(m.Path, "missing", user)
	}
	return se
}

// buildAll builds every custom-format pipeline and every material shader
// now, so a variant that exists but does not compile or link stops the game
// before its first frame instead of dropping draws. The backend says which
// file failed and why (FormatError, CreateShader's error).
func buildAll(r *Runner) error {
	se := &StrictError{Backend: r.Kind}
	for _, h := range r.Formats.Handles() {
		if h == formats.DefaultHandle {
			continue
		}
		l, _ := r.Formats.Get(h)
		// The main stem gates every pass, so it is built first; a pass
		// it blocks is reported against the main stem's failing file
		// when it shares the stem, else as not built.
		mainPath := ""
		for _, p := range formats.StemPasses {
			stem := l.Stem(p)
			if stem == "" {
				continue
			}
			user := fmt.Sprintf("vertex format %s, %s pass", l.Name, p)
			if mainPath != "" {
				if stem == l.Shader {
					se.add(mainPath, "", user)
				} else if files, err := backends.ResolveStem(r.Kind, stem, p, l.GBufferStage); err == nil {
					se.add(files.Vertex.Path, "not built: the format's main stem failed", user)
				}
				continue
			}
			if r.Backend.FormatReady(h, p) {
				continue
			}
			path, reason := failure(r.Backend.FormatError(h, p), stem)
			se.add(path, reason, user)
			if p == formats.PassForward {
				mainPath = path
			}
		}
	}
	for _, s := range scene.MaterialShaders(r.Config) {
		if _, err := r.Backend.CreateShader(s); err != nil {
			_, reason := failure(err, s)
			se.add(s, reason, "material shader "+s)
		}
	}
	if len(se.Files) > 0 {
		return se
	}
	return nil
}

// failure returns the file an error names (a *backends.ShaderError's
// path, else fallback) and the reason to show for it.
func failure(err error, fallback string) (path, reason string) {
	if err == nil {
		return fallback, "failed to build"
	}
	var se *backends.ShaderError
	if errors.As(err, &se) {
		return se.Path, se.Err.Error()
	}
	return fallback, err.Error()
}

var (
	mountMu sync.Mutex
	mounts  []fs.FS
)

// mount mounts a game's files once, however many runners start: tests
// start many.
func mount(fsys fs.FS) {
	mountMu.Lock()
	defer mountMu.Unlock()
	if reflect.TypeOf(fsys).Comparable() {
		for _, m := range mounts {
			if reflect.TypeOf(m) == reflect.TypeOf(fsys) && m == fsys {
				return
			}
		}
	}
	mounts = append(mounts, fsys)
	assets.Mount(fsys)
}
