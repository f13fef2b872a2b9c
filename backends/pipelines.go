package backends

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"

	"github.com/sleakgo/sleak/formats"
)

// PipelineState is where one (format, pass) pipeline stands.
type PipelineState uint8

// Pipeline states. Skipped and Failed both drop the pass's draws of that
// format; only Failed is an error.
const (
	Unbuilt PipelineState = iota // not asked for since the last reset
	Ready                        // built; draws go ahead
	Skipped                      // the stem is empty: the pass is skipped, by design
	Failed                       // a named stem failed to load or build, or the main stem did
)

func (s PipelineState) String() string {
	return [...]string{"unbuilt", "ready", "skipped", "failed"}[s]
}

// ShaderError is a shader file that could not be loaded, compiled or linked.
// Backends return it from their build functions so the log line can name the
// file that failed.
type ShaderError struct {
	Path  string
	Stage Stage
	Err   error
}

func (e *ShaderError) Error() string {
	return fmt.Sprintf("%s shader %s: %v", e.Stage, e.Path, e.Err)
}

func (e *ShaderError) Unwrap() error { return e.Err }

// BuildFunc builds the pipeline of a custom format for one pass from the
// files ResolveStem chose. It returns a *ShaderError when a file is at fault.
type BuildFunc func(format formats.Handle, layout *formats.Layout, pass formats.Pass, files ShaderFiles) error

// PipelineTable is the build-once state machine of custom-format pipelines
// that every backend shares, so the no-fallback rules cannot drift between
// backends:
//
//   - an empty stem skips its pass for that format, silently;
//   - a named stem is built once; a failure logs one line naming the
//     backend, the format, the pass and every path tried, and sticks;
//   - a format whose main stem fails (or is empty) is unbound in every pass;
//   - Reset, called when a backend destroys its pipelines, clears the flags.
//
// The default format (handle 0) draws with material shaders and never
// appears here.
type PipelineTable struct {
	kind     Kind
	registry *formats.Registry
	build    BuildFunc
	log      *slog.Logger
	states   [][formats.NumPasses]PipelineState
	errs     [][formats.NumPasses]error // why a Failed state failed
	// Failures counts failed builds since creation, for tests and tools.
	Failures int
}

// NewPipelineTable returns a table for backend kind. logger nil means slog.Default().
func NewPipelineTable(kind Kind, registry *formats.Registry, build BuildFunc, logger *slog.Logger) *PipelineTable {
	if logger == nil {
		logger = slog.Default()
	}
	return &PipelineTable{kind: kind, registry: registry, build: build, log: logger}
}

// Ready reports whether draws of format h can go ahead in pass p, building
// the pipeline the first time it is asked.
func (t *PipelineTable) Ready(h formats.Handle, p formats.Pass) bool {
	if h == formats.DefaultHandle {
		return false
	}
	if p != formats.PassForward && t.resolve(h, formats.PassForward) != Ready {
		return false
	}
	return t.resolve(h, p) == Ready
}

// State returns the state of (h, p) without building anything.
func (t *PipelineTable) State(h formats.Handle, p formats.Pass) PipelineState {
	if int(h) >= len(t.states) {
		return Unbuilt
	}
	return t.states[h][p]
}

// Err returns why (h, p) cannot draw: the build error of its stem, or of
// the main stem that gates it; nil when it is ready, skipped or not built
// yet.
func (t *PipelineTable) Err(h formats.Handle, p formats.Pass) error {
	if int(h) >= len(t.states) {
		return nil
	}
	if p != formats.PassForward && t.states[h][formats.PassForward] == Failed {
		return fmt.Errorf("the main stem failed: %w", t.errs[h][formats.PassForward])
	}
	if t.states[h][p] != Failed {
		return nil
	}
	return t.errs[h][p]
}

// Reset forgets every state, so the next Ready builds again.
func (t *PipelineTable) Reset() {
	clear(t.states)
	clear(t.errs)
}

// ResetPass forgets the state of (h, p) alone, so the next Ready builds that
// pipeline again and leaves every other one as it stands.
func (t *PipelineTable) ResetPass(h formats.Handle, p formats.Pass) {
	if int(h) < len(t.states) && p < formats.NumPasses {
		t.states[h][p] = Unbuilt
	}
}

func (t *PipelineTable) resolve(h formats.Handle, p formats.Pass) PipelineState {
	for int(h) >= len(t.states) {
		t.states = append(t.states, [formats.NumPasses]PipelineState{})
		t.errs = append(t.errs, [formats.NumPasses]error{})
	}
	st := &t.states[h][p]
	if *st != Unbuilt {
		return *st
	}
	layout, ok := t.registry.Get(h)
	if !ok {
		*st = Failed
		t.errs[h][p] = fmt.Errorf("vertex format handle %d is not registered", h)
		t.log.Error(fmt.Sprintf("%s: vertex format handle %d is not registered", t.rendererName(), h),
			"backend", t.kind.String(), "format", fmt.Sprint(h), "pass", p.String())
		return *st
	}
	stem := layout.Stem(p)
	if stem == "" {
		if p == formats.PassForward {
			// Without a main stem the format cannot draw anywhere: that is
			// a mistake worth one line, unlike an empty optional stem.
			*st = Failed
			t.Failures++
			t.errs[h][p] = fmt.Errorf("vertex format %s has no main shader stem", layout.Name)
			t.log.Error(fmt.Sprintf("%s: Vertex format %s has no main shader stem", t.rendererName(), layout.Name),
				"backend", t.kind.String(), "format", layout.Name, "pass", p.String())
			return *st
		}
		*st = Skipped
		return *st
	}
	files, err := ResolveStem(t.kind, stem, p, layout.GBufferStage)
	if err == nil {
		err = t.build(h, layout, p, files)
	}
	if err == nil {
		*st = Ready
		return *st
	}
	*st = Failed
	t.Failures++
	t.errs[h][p] = err
	failed := files.Vertex.Path
	var se *ShaderError
	if errors.As(err, &se) {
		failed = se.Path
	}
	// The seed's line for a variant that fails to build; a file that is
	// not there at all is said to be missing, so the log points at the
	// file to write rather than at a compiler.
	msg := "%s: Failed to compile '%s' for vertex format %s"
	if errors.Is(err, fs.ErrNotExist) {
		msg = "%s: Missing shader file '%s' for vertex format %s"
	}
	t.log.Error(fmt.Sprintf(msg, t.rendererName(), failed, layout.Name),
		"backend", t.kind.String(), "format", layout.Name, "pass", p.String(),
		"stem", stem, "tried", strings.Join(files.Paths(), " "), "err", err.Error())
	return *st
}

// rendererName is the prefix of the C++ engine's log lines ("VulkanRenderer").
func (t *PipelineTable) rendererName() string {
	switch t.kind {
	case Vulkan:
		return "VulkanRenderer"
	case OpenGL:
		return "OpenGLRenderer"
	case D3D11:
		return "D3D11Renderer"
	case D3D12:
		return "D3D12Renderer"
	}
	return "Renderer"
}
