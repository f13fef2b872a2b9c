package shadertool

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// ErrNoSources means the folders hold no shader source to compile, which
// is an error: a build step that compiles nothing usually points at the
// wrong folder.
var ErrNoSources = errors.New("no shader sources (*.vert, *.frag, *.comp) found")

// CompileOptions configures [Compile].
type CompileOptions struct {
	// Dirs are the folders to compile, relative to WorkDir or absolute;
	// empty means DefaultDirs(WorkDir).
	Dirs []string
	// WorkDir is the folder paths are relative to and glslc runs in; ""
	// means the process's working directory.
	WorkDir string
	// Progress receives one line per compiled or failed shader, and every
	// failure with glslc's message; nil discards them.
	Progress io.Writer
	// Terminal rewrites a single progress line in place instead of
	// printing one line per shader; failures still get their own lines.
	Terminal bool
	// Jobs is the number of glslc processes run at once; 0 means
	// runtime.NumCPU().
	Jobs int
}

// CompileResult is what [Compile] did. Paths are shown relative to the
// working directory, with forward slashes.
type CompileResult struct {
	Dirs     []string // the folders compiled
	Glslc    string   // first line of "glslc --version"; "" when glslc is missing
	Total    int      // sources found
	Compiled []string // sources compiled this run
	UpToDate []string // sources whose .spv already matched
	Failed   []CompileFailure
	// Stale is filled when glslc is missing: the .spv files that no longer
	// match their sources and that a compile would have rebuilt.
	Stale []StaleFile
	// Warnings are problems that did not stop the run, such as a corrupt
	// manifest (everything in its folder is then recompiled).
	Warnings []string
}

// CompileFailure is one source glslc rejected.
type CompileFailure struct {
	Source  string
	Message string // glslc's own output
}

// StaleFile is a .spv that does not match its source.
type StaleFile struct {
	SPIRV  string
	Source string
	Reason string
}

// CompileError reports that some shaders failed; the messages are in
// CompileResult.Failed.
type CompileError struct {
	Failed, Total int
}

func (e *CompileError) Error() string {
	return fmt.Sprintf("%d of %d shaders failed to compile", e.Failed, e.Total)
}

// isCompileSource reports whether name is compiled by glslc: a .vert, .frag
// or .comp that is not an OpenGL *_gl.* file, which the driver compiles
// from text and glslc would reject.
func isCompileSource(name string) bool {
	switch path.Ext(name) {
	case ".vert", ".frag", ".comp":
	default:
		return false
	}
	gl, _ := path.Match("*_gl.*", name)
	return !gl
}

// compileUnit is one source and what is known about its last compile.
type compileUnit struct {
	src, disp, dir string
	inputs         sourceInputs
	spv            string
	spvHash        string // "" when missing
	state          staleness
	entry          ManifestEntry // filled by a successful compile
	err            error
}

// Compile compiles every shader source below the folders into a .spv beside
// it, skipping those whose inputs, glslc version and .spv all match the
// folder's manifest. It returns a non-nil error when a folder is missing,
// when no source is found (wrapping ErrNoSources), when glslc is missing (a
// *ToolMissingError, with the stale .spv files in the result) or when any
// shader fails (a *CompileError, after compiling all the others).
func Compile(ctx context.Context, opt CompileOptions) (*CompileResult, error) {
	workDir, err := workingDir(opt.WorkDir)
	if err != nil {
		return nil, err
	}
	dirs, err := resolveDirs(workDir, opt.Dirs)
	var noDirs *noDirsError
	if errors.As(err, &noDirs) {
		return &CompileResult{}, fmt.Errorf("%w: %s does not exist", ErrNoSources, noDirs.looked)
	}
	if err != nil {
		return nil, err
	}
	res := &CompileResult{}
	for _, d := range dirs {
		res.Dirs = append(res.Dirs, display(workDir, d))
	}
	files, err := listFiles(dirs)
	if err != nil {
		return res, err
	}

	var units []*compileUnit
	for _, f := range files {
		if isCompileSource(filepath.Base(f)) {
			units = append(units, &compileUnit{src: f, disp: display(workDir, f), dir: filepath.Dir(f), spv: f + ".spv"})
		}
	}
	res.Total = len(units)
	if len(units) == 0 {
		return res, fmt.Errorf("%w in %s", ErrNoSources, strings.Join(res.Dirs, ", "))
	}

	engineDir, cleanup, err := engineShaderDir(workDir)
	if err != nil {
		return res, err
	}
	defer cleanup()
	inc := &includeSet{roots: dirs, engine: engineDir}

	manifests := map[string]*Manifest{}
	var broken []*compileUnit
	for _, u := range units {
		if _, ok := manifests[u.dir]; !ok {
			m, err := readManifest(u.dir)
			if err != nil {
				res.Warnings = append(res.Warnings, err.Error())
			}
			manifests[u.dir] = m
		}
		if u.inputs, err = hashSource(u.src, inc); err != nil {
			if !isIncludeError(err) {
				return res, fmt.Errorf("%s: %w", u.disp, err)
			}
			// glslc would loop on a cycle: this one fails without it.
			u.err = err
			broken = append(broken, u)
			continue
		}
		if u.spvHash, err = hashFile(u.spv); err != nil && !errors.Is(err, os.ErrNotExist) {
			return res, fmt.Errorf("%s: %w", display(workDir, u.spv), err)
		}
	}

	judgeAll := func(glslc string) {
		for _, u := range units {
			if u.err != nil {
				u.state = staleSource
				continue
			}
			e, ok := manifests[u.dir].Entries[filepath.Base(u.src)]
			u.state = judge(e, ok, u.inputs.Hash, u.spvHash, glslc)
		}
	}

	exe, err := lookTool(Glslc)
	if err != nil {
		judgeAll("")
		for _, u := range units {
			if u.state != fresh {
				res.Stale = append(res.Stale, StaleFile{SPIRV: display(workDir, u.spv), Source: u.disp, Reason: u.state.String()})
			}
		}
		return res, err
	}
	if res.Glslc, err = toolVersion(ctx, exe); err != nil {
		return res, err
	}
	judgeAll(res.Glslc)

	var todo []*compileUnit
	for _, u := range units {
		if u.err != nil {
			continue
		}
		if u.state == fresh {
			res.UpToDate = append(res.UpToDate, u.disp)
		} else {
			todo = append(todo, u)
		}
	}

	prog := &progress{w: opt.Progress, term: opt.Terminal, total: len(todo)}
	if prog.w == nil {
		prog.w = io.Discard
	}
	for _, w := range res.Warnings {
		prog.line("warning: " + w)
	}
	for _, u := range broken {
		prog.failed(u.disp, u.err.Error())
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = defaultJobs()
	}
	parallel(ctx, jobs, len(todo), func(i int) {
		u := todo[i]
		msg, err := compileOne(ctx, workDir, exe, u, res.Glslc, inc)
		u.err = err
		if err != nil {
			prog.failed(u.disp, err.Error())
		} else {
			prog.compiled(u.disp, msg)
		}
	})
	prog.finish()
	if err := ctx.Err(); err != nil {
		return res, err
	}

	for _, u := range append(broken, todo...) {
		if u.err != nil {
			res.Failed = append(res.Failed, CompileFailure{Source: u.disp, Message: u.err.Error()})
			continue
		}
		res.Compiled = append(res.Compiled, u.disp)
		manifests[u.dir].Entries[filepath.Base(u.src)] = u.entry
	}

	// Drop entries of sources that are gone, then save each folder's
	// manifest; a failed source keeps its old entry, which still
	// describes the .spv that was kept.
	present := map[string]map[string]bool{}
	for _, u := range units {
		if present[u.dir] == nil {
			present[u.dir] = map[string]bool{}
		}
		present[u.dir][filepath.Base(u.src)] = true
	}
	dirNames := make([]string, 0, len(manifests))
	for d := range manifests {
		dirNames = append(dirNames, d)
	}
	sort.Strings(dirNames)
	for _, d := range dirNames {
		m := manifests[d]
		for name := range m.Entries {
			if !present[d][name] {
				delete(m.Entries, name)
			}
		}
		if err := writeManifest(d, m); err != nil {
			return res, err
		}
	}

	if len(res.Failed) > 0 {
		return res, &CompileError{Failed: len(res.Failed), Total: res.Total}
	}
	return res, nil
}

func workingDir(wd string) (string, error) {
	if wd == "" {
		d, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("working directory: %w", err)
		}
		return d, nil
	}
	abs, err := filepath.Abs(wd)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %w", wd, err)
	}
	return abs, nil
}

// compileOne runs "glslc SRC -o TMP" and renames TMP over SRC.spv, so a
// failed compile leaves the last good .spv in place. It returns glslc's
// output (warnings on success) and an error carrying glslc's message on
// failure.
func compileOne(ctx context.Context, workDir, exe string, u *compileUnit, version string, inc *includeSet) (string, error) {
	tmp, err := os.CreateTemp(u.dir, "."+filepath.Base(u.spv)+".*.tmp")
	if err != nil {
		return "", fmt.Errorf("create temporary output: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName) // a no-op once renamed

	args := append(inc.glslcFlags(), argPath(u.disp), "-o", tmpName)
	out, err := runTool(ctx, workDir, exe, args...)
	if err != nil {
		return out, err
	}
	if err := os.Chmod(tmpName, 0o644); err != nil {
		return out, fmt.Errorf("chmod %s: %w", tmpName, err)
	}
	sum, err := hashFile(tmpName)
	if err != nil {
		return out, err
	}
	if err := os.Rename(tmpName, u.spv); err != nil {
		return out, fmt.Errorf("replace %s: %w", u.spv, err)
	}
	var incs []string
	for _, p := range u.inputs.Includes {
		incs = append(incs, inc.relName(u.src, p))
	}
	u.entry = ManifestEntry{Source: u.inputs.Hash, Includes: incs, Glslc: version, SPIRV: sum}
	return out, nil
}

func defaultJobs() int { return runtime.NumCPU() }

// argPath keeps a relative path that starts with "-" from reading as a flag.
func argPath(p string) string {
	if strings.HasPrefix(p, "-") {
		return "./" + p
	}
	return filepath.FromSlash(p)
}

// parallel calls fn(0..n-1) on up to jobs goroutines and waits for them.
// Once ctx is done, the remaining calls are skipped.
func parallel(ctx context.Context, jobs, n int, fn func(i int)) {
	if jobs < 1 {
		jobs = 1
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// progress prints "[i/N] compiled path" lines. On a terminal it rewrites
// one line in place; failures and warnings always get lines of their own so
// they stay on screen.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	term  bool
	done  int
	total int
	open  bool // a rewritten line is on screen without its newline
}

func (p *progress) compiled(disp, warnings string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	status := fmt.Sprintf("[%d/%d] compiled %s", p.done, p.total, disp)
	if warnings != "" {
		p.clear()
		fmt.Fprintf(p.w, "%s\n%s\n", status, warnings)
		return
	}
	if p.term {
		fmt.Fprintf(p.w, "\r\033[K%s", status)
		p.open = true
		return
	}
	fmt.Fprintln(p.w, status)
}

func (p *progress) failed(disp, msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.clear()
	fmt.Fprintf(p.w, "[%d/%d] FAILED %s\n", p.done, p.total, disp)
	if msg != "" {
		fmt.Fprintln(p.w, msg)
	}
}

func (p *progress) line(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	fmt.Fprintln(p.w, s)
}

// clear ends a rewritten line so the next output starts on a fresh one.
func (p *progress) clear() {
	if p.open {
		fmt.Fprint(p.w, "\r\033[K")
		p.open = false
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open {
		fmt.Fprintln(p.w)
		p.open = false
	}
}
