package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"reflect"
	"strings"
	"sync"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
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
// before its first frame instead of dropping draws. The backend reports a
// failed pipeline only on its log, so the log is read for the file at fault.
func buildAll(r *Runner, logs *strictLog) error {
	defer logs.stop()
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
		for _, p := range [...]formats.Pass{formats.PassForward, formats.PassShadow, formats.PassGBuffer, formats.PassTransparent} {
			stem := l.Stem(p)
			if stem == "" {
				continue
			}
			user := fmt.Sprintf("vertex format %s, %s pass", l.Name, p)
			if mainPath != "" {
				if stem == l.Shader {
					se.add(mainPath, "", user)
				} else if files, err := backends.ResolveStem(r.Kind, stem, p); err == nil {
					se.add(files.Vertex.Path, "not built: the format's main stem failed", user)
				}
				continue
			}
			logs.reset()
			if r.Backend.FormatReady(h, p) {
				continue
			}
			path, reason := logs.failure()
			if path == "" {
				path = stem
			}
			se.add(path, reason, user)
			if p == formats.PassForward {
				mainPath = path
			}
		}
	}
	for _, s := range scene.MaterialShaders(r.Config) {
		logs.reset()
		m := ecs.Material{Shader: s}
		if r.Frame.MaterialShader(&m) != 0 {
			continue
		}
		_, reason := logs.failure()
		se.add(s, reason, "material shader "+s)
	}
	if len(se.Files) > 0 {
		return se
	}
	return nil
}

// strictLog keeps the error records a backend logs while strict mode builds,
// and passes every record on.
type strictLog struct {
	mu      sync.Mutex
	active  bool // only while buildAll runs: later errors are the log's alone
	records []slog.Record
}

func (s *strictLog) tee(next slog.Handler) slog.Handler { return &teeHandler{log: s, next: next} }

func (s *strictLog) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active = true
	s.records = s.records[:0]
}

// stop ends the collection.
func (s *strictLog) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active, s.records = false, nil
}

// failure returns the file named by the first error logged since reset
// (the backends quote it: "Failed to compile 'PATH' ...") and the reason.
func (s *strictLog) failure() (path, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, rec := range s.records {
		reason = rec.Message
		rec.Attrs(func(a slog.Attr) bool {
			if a.Key == "err" {
				reason = a.Value.String()
			}
			return true
		})
		if i := strings.IndexByte(rec.Message, '\''); i >= 0 {
			if j := strings.IndexByte(rec.Message[i+1:], '\''); j > 0 {
				path = rec.Message[i+1 : i+1+j]
			}
		}
		return path, reason
	}
	return "", "failed to build (no log line said why)"
}

type teeHandler struct {
	log  *strictLog
	next slog.Handler
}

func (h *teeHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelError || h.next.Enabled(ctx, l)
}

func (h *teeHandler) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level >= slog.LevelError {
		h.log.mu.Lock()
		if h.log.active {
			h.log.records = append(h.log.records, rec.Clone())
		}
		h.log.mu.Unlock()
	}
	if h.next.Enabled(ctx, rec.Level) {
		return h.next.Handle(ctx, rec)
	}
	return nil
}

func (h *teeHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return &teeHandler{log: h.log, next: h.next.WithAttrs(a)}
}

func (h *teeHandler) WithGroup(g string) slog.Handler {
	return &teeHandler{log: h.log, next: h.next.WithGroup(g)}
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
