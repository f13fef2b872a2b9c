package shadertool

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/spelling"
)

// CheckOptions configures [Check].
type CheckOptions struct {
	// Dirs are the folders to check, relative to WorkDir or absolute;
	// empty means DefaultDirs(WorkDir).
	Dirs []string
	// WorkDir is the folder paths are relative to and tools run in; ""
	// means the process's working directory.
	WorkDir string
	// Config is the game.toml whose vertex formats, materials and
	// [shaders] policy apply; "" means game.toml in WorkDir when there is
	// one. Vertex format stems resolve in assets/shaders beside it.
	Config string
	// Jobs is the number of tool processes run at once; 0 means
	// runtime.NumCPU().
	Jobs int
}

// stemRow is a coverage row while it is being built.
type stemRow struct {
	dirAbs, dirDisp, stem string
	// runtime marks the folder the backends load from (assets/shaders
	// beside game.toml), where the engine's embedded copy fills in files
	// the game does not override, as at run time.
	runtime  bool
	need     Stages
	declared bool // an engine role, a vertex format or a material says how it is used
	uses     []string
	files    []string // scanned files of this stem
	limited  []string
	isLimit  bool
	cells    map[backends.Kind]*Cell
	sources  *Cell
}

// reqFile is one file a backend loads for a stem.
type reqFile struct {
	disp    string
	abs     string
	stages  Stages
	entries []string // the entry points used: "main", or VS_Main / PS_Main
}

type checker struct {
	ctx      context.Context
	jobs     int
	workDir  string
	gameRoot string
	dirs     []string
	cfg      *config.File
	rep      *Report

	scanned  map[string]nameInfo // every file in the folders, by absolute path
	files    []string            // the same, sorted
	included map[string]bool     // files some scanned shader #includes
	rows     map[string]*stemRow
	order    []*stemRow
	needed   map[string]bool // absolute paths some stem needs

	locCache map[string]string
	// engineRuntime is set when the runtime folder is the engine's own
	// source folder: the embedded copy is built from it, so the files on
	// disk are the truth and nothing falls back to the binary.
	engineRuntime bool
	// mountDirs are the game's own shader folders ([shaders] dirs), absolute.
	mountDirs []string
	manifests map[string]*Manifest

	mu        sync.Mutex
	broken    map[string]bool   // "abs" (whole file) or "abs#entry" fails a check
	badPipes  map[string]bool   // "format\x00abs": layout mismatch
	fresh     map[string]string // source abs -> SHA-256 of a fresh glslc compile
	reflect   map[string][]shaderInput
	targets   map[string][]layoutUse
	tgtOrder  []string
	glslcVer  string
	hlslFails []hlslFailure

	// inc resolves includes as at run time (see includeSet).
	inc *includeSet
	// tmp holds expanded copies of files for the tools, removed at the end.
	tmp string
}

// Check inspects the shader folders and returns the report. The error is
// non-nil only when the check could not be made at all (a folder or the
// named game.toml does not exist); everything it finds is in the report,
// and Report.OK says whether any of it is an error.
func Check(ctx context.Context, opt CheckOptions) (*Report, error) {
	wd, err := workingDir(opt.WorkDir)
	if err != nil {
		return nil, err
	}
	dirs, err := resolveDirs(wd, opt.Dirs)
	if err != nil {
		return nil, err
	}
	c := &checker{
		ctx: ctx, jobs: opt.Jobs, workDir: wd, gameRoot: wd, dirs: dirs,
		rep:      &Report{Dirs: []string{}, Tools: []ToolInfo{}, Stems: []StemRow{}, Features: []FeatureRow{}, Problems: []Problem{}},
		scanned:  map[string]nameInfo{},
		included: map[string]bool{},
		rows:     map[string]*stemRow{},
		needed:   map[string]bool{},
		locCache: map[string]string{}, manifests: map[string]*Manifest{},
		broken: map[string]bool{}, badPipes: map[string]bool{}, fresh: map[string]string{},
		reflect: map[string][]shaderInput{}, targets: map[string][]layoutUse{},
	}
	for _, d := range dirs {
		c.rep.Dirs = append(c.rep.Dirs, display(wd, d))
	}
	if err := c.loadConfig(opt.Config); err != nil {
		return nil, err
	}
	engineDir, cleanup, err := engineShaderDir(wd)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	// Rows may name files in the game's folders even when only other
	// folders are checked; their includes resolve the same way.
	roots := append(append(append([]string(nil), dirs...), c.mountDirs...), c.runtimeDir())
	c.inc = &includeSet{roots: roots, engine: engineDir}
	c.engineRuntime = isEngineDir(c.runtimeDir())
	if err := c.scan(); err != nil {
		return nil, err
	}
	c.embedding()
	c.buildRows()
	c.coverage()
	c.namesAndEntries()
	c.layoutTargets()
	if err := c.runTools(); err != nil {
		return nil, err
	}
	c.staleness()
	c.rowStatuses()
	c.features()
	c.unusedLimits()
	c.finish()
	return c.rep, nil
}

func (c *checker) add(p Problem) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rep.Problems = append(c.rep.Problems, p)
}

func (c *checker) loadConfig(p string) error {
	explicit := p != ""
	if !explicit {
		p = filepath.Join(c.workDir, "game.toml")
	} else if !filepath.IsAbs(p) {
		p = filepath.Join(c.workDir, p)
	}
	if _, err := os.Stat(p); err != nil {
		if explicit {
			return fmt.Errorf("game config: %w", err)
		}
		return nil
	}
	c.gameRoot = filepath.Dir(p)
	c.rep.Config = display(c.workDir, p)
	f, err := loadGameConfig(p)
	if err != nil {
		var list config.Errors
		if !errors.As(err, &list) {
			c.add(Problem{Severity: SevError, Kind: KindConfig, File: c.rep.Config, Message: err.Error()})
			return nil
		}
		for _, e := range list {
			c.add(Problem{Severity: SevError, Kind: KindConfig, File: c.rep.Config, Message: e.Error()})
		}
		return nil
	}
	c.cfg = f
	for _, d := range f.Shaders.Dirs {
		c.mountDirs = append(c.mountDirs, filepath.Join(c.gameRoot, filepath.FromSlash(d)))
	}
	return nil
}

func (c *checker) scan() error {
	files, err := listFiles(c.dirs)
	if err != nil {
		return err
	}
	c.files = files
	for _, f := range files {
		ni := classify(filepath.Base(f))
		c.scanned[f] = ni
		switch ni.kind {
		case kindSource, kindSPIRV, kindGL, kindHLSL, kindDX12:
			// Compute shaders have no stem row: no backend resolves them
			// by the stem rules; they are still compiled and checked.
			if ni.stage != "comp" {
				r := c.row(filepath.Dir(f), ni.stem)
				r.files = append(r.files, f)
			}
		}
		switch ni.kind {
		case kindSource, kindGL, kindHLSL, kindDX12, kindInclude:
			data, err := readSource(f)
			if err != nil {
				return fmt.Errorf("read %s: %w", display(c.workDir, f), err)
			}
			for _, inc := range directIncludes(f, data, c.inc) {
				c.included[inc] = true
			}
		}
	}
	for _, d := range c.dirs {
		if isEngineDir(d) {
			for _, e := range EngineStems {
				c.row(d, e.Stem)
			}
		}
	}
	return nil
}

// embedding reports the files on disk that the running game will not read
// where the check does. At run time a path resolves in the working
// directory first, then in the game's embedded (mounted) folders, then in
// the engine's embedded files, and go:embed leaves out names that begin
// with "_" or ".". So a file in a game folder whose name also exists in
// assets/shaders beside game.toml is shadowed by that file, and a file
// named "_..." is missing from the built game.
func (c *checker) embedding() {
	for _, f := range c.files {
		dir := ""
		for _, d := range append([]string{c.runtimeDir()}, c.mountDirs...) {
			if rel, err := filepath.Rel(d, f); err == nil && !strings.HasPrefix(rel, "..") {
				dir = d
				break
			}
		}
		if dir == "" {
			continue
		}
		rel, _ := filepath.Rel(dir, f)
		disp := display(c.workDir, f)
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			if strings.HasPrefix(part, "_") {
				c.add(Problem{Severity: SevError, Kind: KindNotEmbedded, File: disp,
					Message: fmt.Sprintf("%s is not embedded: go:embed leaves out names beginning with _, so the built game does not have it", disp)})
				break
			}
		}
		if dir == c.runtimeDir() {
			if c.engineRuntime && c.scanned[f].kind != kindUnknown {
				if _, err := fs.Stat(assets.Engine(), "shaders/"+filepath.ToSlash(rel)); err != nil && !strings.HasPrefix(filepath.Base(f), "_") {
					c.add(Problem{Severity: SevWarning, Kind: KindNotEmbedded, File: disp,
						Message: fmt.Sprintf("%s is not among the engine files embedded in this sleak binary: rebuild it (go run ./cmd/sleak does)", disp)})
				}
			}
			continue
		}
		shadow := filepath.Join(c.runtimeDir(), rel)
		if st, err := os.Stat(shadow); err == nil && st.Mode().IsRegular() {
			c.add(Problem{Severity: SevWarning, Kind: KindShadowed, File: disp,
				Message: fmt.Sprintf("%s is shadowed: the game reads %s from the working directory (%s) before its embedded copy", disp, path.Join(backends.ShaderDir, filepath.ToSlash(rel)), display(c.workDir, shadow))})
		}
	}
}

// isEngineDir reports whether dir is the engine's own shader folder, whose
// stems must all exist even when every file of one is gone.
func isEngineDir(dir string) bool {
	root, ok := engineRoot(dir)
	return ok && filepath.Clean(dir) == filepath.Join(root, filepath.FromSlash(backends.ShaderDir))
}

func (c *checker) runtimeDir() string {
	return filepath.Join(c.gameRoot, filepath.FromSlash(backends.ShaderDir))
}

// isRuntime reports whether the backends load stems from dir at run time:
// assets/shaders beside game.toml, or a folder the game mounts there.
func (c *checker) isRuntime(dir string) bool {
	if dir == c.runtimeDir() {
		return true
	}
	for _, m := range c.mountDirs {
		if dir == m {
			return true
		}
	}
	return false
}

// stemDir is the folder a game's stem is found in at run time: the first of
// assets/shaders beside game.toml and the game's mounted shader folders
// ([shaders] dirs) holding any file of the stem; with none, the first
// mounted folder (where the game would add it), else assets/shaders.
func (c *checker) stemDir(stem string) string {
	for _, dir := range append([]string{c.runtimeDir()}, c.mountDirs...) {
		for _, suffix := range []string{".vert", ".frag", ".vert.spv", ".frag.spv", "_gl.vert", "_gl.frag", ".hlsl", "_dx12.hlsl"} {
			if _, err := os.Stat(filepath.Join(dir, stem+suffix)); err == nil {
				return dir
			}
		}
	}
	if len(c.mountDirs) > 0 {
		return c.mountDirs[0]
	}
	return c.runtimeDir()
}

func (c *checker) row(dirAbs, stem string) *stemRow {
	key := dirAbs + "\x00" + stem
	if r, ok := c.rows[key]; ok {
		return r
	}
	r := &stemRow{dirAbs: dirAbs, dirDisp: display(c.workDir, dirAbs), stem: stem, runtime: c.isRuntime(dirAbs)}
	c.rows[key] = r
	c.order = append(c.order, r)
	return r
}

func (c *checker) buildRows() {
	if c.cfg != nil {
		for i := range c.cfg.VertexFormats {
			l := &c.cfg.VertexFormats[i]
			for _, p := range formats.StemPasses {
				stem := l.Stem(p)
				if stem == "" {
					continue
				}
				r := c.row(c.stemDir(stem), stem)
				r.need |= passStages(p)
				r.declared = true
				r.uses = append(r.uses, fmt.Sprintf("vertex format %s: %s", l.Name, p))
			}
		}
		for _, m := range c.cfg.Materials {
			if m.Shader == "" {
				continue
			}
			base, err := backends.Base(m.Shader)
			if err != nil {
				c.add(Problem{Severity: SevError, Kind: KindConfig, File: c.rep.Config, Message: fmt.Sprintf("material %s: %v", m.Name, err)})
				continue
			}
			dir := filepath.Join(c.gameRoot, filepath.FromSlash(path.Dir(base)))
			if dir == c.runtimeDir() {
				dir = c.stemDir(path.Base(base))
			}
			r := c.row(dir, path.Base(base))
			r.need |= BothStages
			r.declared = true
			r.uses = append(r.uses, "material "+m.Name)
		}
	}
	for _, r := range c.order {
		if e, ok := engineStem(r.stem); ok {
			r.need |= e.Stages
			r.declared = true
			r.uses = append([]string{"engine: " + e.Role}, r.uses...)
		}
		if !r.declared {
			// Nothing says how the stem is used, so it is held to what a
			// material shader needs: both stages on every backend.
			r.need = BothStages
			r.uses = []string{"no declared use (checked as a material shader)"}
		}
		if c.cfg != nil {
			r.limited, r.isLimit = c.cfg.Shaders.Backends(r.stem)
		}
	}
	sort.SliceStable(c.order, func(i, j int) bool {
		if c.order[i].dirDisp != c.order[j].dirDisp {
			return c.order[i].dirDisp < c.order[j].dirDisp
		}
		return c.order[i].stem < c.order[j].stem
	})
}

// absOf turns a display path back into an absolute one.
func (c *checker) absOf(disp string) string {
	p := filepath.FromSlash(disp)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.workDir, p)
}

// locate says where a file is found: "file" on disk, "embedded" in the
// binary's engine copy (only for runtime paths, as assets.ReadFile
// would), or "" nowhere.
func (c *checker) locate(abs string, runtime bool) string {
	key := abs
	if runtime {
		key += "\x00rt"
	}
	if w, ok := c.locCache[key]; ok {
		return w
	}
	w := ""
	if st, err := os.Stat(abs); err == nil && st.Mode().IsRegular() {
		w = "file"
	} else if runtime && !c.engineRuntime {
		if rel, ok := c.embeddedName(abs); ok {
			if _, err := fs.Stat(assets.Engine(), rel); err == nil {
				w = "embedded"
			}
		}
	}
	c.locCache[key] = w
	return w
}

// embeddedName maps an absolute path below the game root to the embedded
// engine file system's name for it.
func (c *checker) embeddedName(abs string) (string, bool) {
	rel, err := filepath.Rel(c.gameRoot, abs)
	if err != nil {
		return "", false
	}
	return strings.CutPrefix(filepath.ToSlash(rel), assets.Prefix)
}

// readFound reads a file with its includes expanded, as the loaders
// read it.
func (c *checker) readFound(abs, where string) ([]byte, error) {
	if where == "embedded" {
		rel, _ := c.embeddedName(abs)
		src, err := assets.ExpandIncludes("shaders/"+strings.TrimPrefix(rel, "shaders/"), func(name string) ([]byte, error) {
			return fs.ReadFile(assets.Engine(), name)
		})
		if err != nil {
			return nil, err
		}
		return src.Text, nil
	}
	src, _, err := c.inc.expand(abs)
	if err != nil {
		return nil, err
	}
	return src.Text, nil
}

// rowFiles lists what backend k loads for the stages a row needs, by
// backends.Resolve on the row's folder (backends.ResolveEngine for an
// engine stem, which the engine loads by name from any folder).
func (c *checker) rowFiles(k backends.Kind, r *stemRow) ([]reqFile, error) {
	sf, err := rowShaderFiles(k, r)
	if err != nil {
		return nil, err
	}
	return c.pick(sf, r.need), nil
}

// rowShaderFiles is what backend k loads for a row's stem.
func rowShaderFiles(k backends.Kind, r *stemRow) (backends.ShaderFiles, error) {
	if isEngineStem(r.stem) {
		return backends.ResolveEngine(k, r.dirDisp, r.stem)
	}
	return backends.Resolve(k, path.Join(r.dirDisp, r.stem)+".hlsl")
}

// pick keeps the files of the wanted stages, merging the two stages of one
// HLSL file into one entry. A compute program's one file stands for every
// stage wanted.
func (c *checker) pick(sf backends.ShaderFiles, want Stages) []reqFile {
	if sf.Compute != nil {
		f := sf.Compute
		return []reqFile{{disp: f.Path, abs: c.absOf(f.Path), stages: Compute, entries: []string{f.Entry}}}
	}
	var out []reqFile
	add := func(f backends.ShaderFile, st Stages) {
		for i := range out {
			if out[i].disp == f.Path {
				out[i].stages |= st
				out[i].entries = append(out[i].entries, f.Entry)
				return
			}
		}
		out = append(out, reqFile{disp: f.Path, abs: c.absOf(f.Path), stages: st, entries: []string{f.Entry}})
	}
	if want&Vertex != 0 {
		add(sf.Vertex, Vertex)
	}
	if want&Fragment != 0 && sf.Fragment != nil {
		add(*sf.Fragment, Fragment)
	}
	return out
}

// acceptedOn reports whether a gap of r on backend k is declared in
// game.toml's [shaders] limited.
func (r *stemRow) acceptedOn(k backends.Kind) bool {
	if !r.isLimit {
		return false
	}
	for _, b := range r.limited {
		if b == k.String() {
			return false
		}
	}
	return true
}

func (r *stemRow) usesText() string {
	return strings.Join(r.uses, "; ")
}

func (c *checker) coverage() {
	for _, r := range c.order {
		r.cells = map[backends.Kind]*Cell{}
		r.sources = &Cell{Needed: []string{}, Present: []string{}, Missing: []string{}}
		for _, k := range backends.Kinds() {
			cell := &Cell{Needed: []string{}, Present: []string{}, Missing: []string{}}
			r.cells[k] = cell
			req, err := c.rowFiles(k, r)
			if err != nil {
				c.add(Problem{Severity: SevError, Kind: KindMisnamed, Stem: r.stem, Message: err.Error()})
				continue
			}
			for _, f := range req {
				c.needed[f.abs] = true
				cell.Needed = append(cell.Needed, f.disp)
				where := c.locate(f.abs, r.runtime)
				switch where {
				case "file":
					cell.Present = append(cell.Present, f.disp)
				case "embedded":
					cell.Present = append(cell.Present, f.disp)
					cell.Embedded = append(cell.Embedded, f.disp)
				default:
					cell.Missing = append(cell.Missing, f.disp)
				}
				var srcMissing string
				if k == backends.Vulkan {
					src := backends.SourceOf(f.disp)
					r.sources.Needed = append(r.sources.Needed, src)
					switch c.locate(c.absOf(src), r.runtime) {
					case "file":
						r.sources.Present = append(r.sources.Present, src)
					case "embedded":
						r.sources.Present = append(r.sources.Present, src)
						r.sources.Embedded = append(r.sources.Embedded, src)
					default:
						r.sources.Missing = append(r.sources.Missing, src)
						srcMissing = src
					}
				}
				if where == "" {
					c.missing(r, k, f, srcMissing)
				}
			}
		}
		// Files of the stem that no needed stage asks for (a fragment
		// shader of a vertex-only stem) still show in their column.
		for _, f := range r.files {
			disp := display(c.workDir, f)
			var cell *Cell
			switch ni := c.scanned[f]; ni.kind {
			case kindSource:
				cell = r.sources
			case kindSPIRV:
				cell = r.cells[backends.Vulkan]
			case kindGL:
				cell = r.cells[backends.OpenGL]
			case kindHLSL:
				cell = r.cells[backends.D3D11]
			case kindDX12:
				cell = r.cells[backends.D3D12]
			}
			if cell != nil && !contains(cell.Present, disp) {
				cell.Present = append(cell.Present, disp)
			}
		}
		c.provenance(r)
	}
}

// manifest returns dir's manifest, read once.
func (c *checker) manifest(dir string) *Manifest {
	m, ok := c.manifests[dir]
	if !ok {
		var err error
		m, err = readManifest(dir)
		if err != nil {
			c.add(Problem{Severity: SevWarning, Kind: KindManifest, File: display(c.workDir, filepath.Join(dir, ManifestName)), Message: err.Error()})
		}
		c.manifests[dir] = m
	}
	return m
}

// provenance tells, for each OpenGL variant of r on disk, whether it was
// written by hand or generated, and reports a generated one whose SPIR-V
// changed (or that was edited) since.
func (c *checker) provenance(r *stemRow) {
	cell := r.cells[backends.OpenGL]
	if cell == nil {
		return
	}
	for _, disp := range cell.Present {
		if contains(cell.Embedded, disp) {
			continue
		}
		abs := c.absOf(disp)
		ni := c.scanned[abs]
		if ni.kind != kindGL {
			ni = classify(filepath.Base(abs))
		}
		spv := filepath.Join(filepath.Dir(abs), ni.stem+"."+ni.stage+".spv")
		state, err := generatedState(abs, spv, c.manifest(filepath.Dir(abs)))
		if err != nil || state == GLMissingVariant {
			continue
		}
		if cell.Provenance == nil {
			cell.Provenance = map[string]string{}
		}
		cell.Provenance[disp] = state
		if state == GLStaleGenerated {
			c.add(Problem{Severity: SevError, Kind: KindStaleGenerated, Stem: r.stem, Backend: backends.OpenGL.String(), File: disp,
				Message: fmt.Sprintf("%s was generated from %s, which has changed since (or the file was edited): run sleak shaders generate, or remove its first line to keep it as hand-written", disp, display(c.workDir, spv))})
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// missing reports a file backend k looks for and cannot find.
func (c *checker) missing(r *stemRow, k backends.Kind, f reqFile, srcMissing string) {
	what := f.stages.String()
	if k == backends.D3D11 || k == backends.D3D12 {
		what = strings.Join(hlslEntriesOf(f), " and ")
	}
	msg := fmt.Sprintf("%s is missing: %s loads it for the %s of %s (%s)", f.disp, k, what, r.stem, r.usesText())
	if k == backends.Vulkan {
		if srcMissing != "" {
			msg += fmt.Sprintf("; its source %s is missing too", srcMissing)
		} else {
			msg += fmt.Sprintf("; run sleak shaders compile to build it from %s", backends.SourceOf(f.disp))
		}
	}
	if near := c.nearStem(r); near != "" {
		msg += fmt.Sprintf("; no file of stem %s exists anywhere: did you mean %s?", r.stem, near)
	}
	if r.acceptedOn(k) {
		c.add(Problem{Severity: SevAccepted, Kind: KindAcceptedGap, Stem: r.stem, Backend: k.String(), File: f.disp,
			Message: fmt.Sprintf("%s: accepted, game.toml limits %s to %s", msg, r.stem, strings.Join(r.limited, ", "))})
		return
	}
	c.add(Problem{Severity: SevError, Kind: KindMissingVariant, Stem: r.stem, Backend: k.String(), File: f.disp, Message: msg})
}

// nearStem suggests, for a stem with no file at all (a name in game.toml
// with a typo), the stem on disk it was probably meant to be: the closest
// by edit distance, at most two edits and less than half the name away.
func (c *checker) nearStem(r *stemRow) string {
	if len(r.files) > 0 {
		return ""
	}
	if _, ok := engineStem(r.stem); ok {
		return ""
	}
	best, bestD := "", 3
	for _, o := range c.order {
		if len(o.files) == 0 || o.stem == r.stem {
			continue
		}
		d := spelling.Distance(r.stem, o.stem)
		if (d < bestD || d == bestD && best != "" && o.stem < best) && d*2 < len(r.stem) {
			best, bestD = o.stem, d
		}
	}
	return best
}

// hlslEntriesOf lists the HLSL entry points a file must define.
func hlslEntriesOf(f reqFile) []string {
	var out []string
	for _, e := range f.entries {
		if e != "main" && !contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

var (
	hlslComment = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`)
	entryRE     = map[string]*regexp.Regexp{}
)

func init() {
	for _, e := range []string{"VS_Main", "PS_Main"} {
		entryRE[e] = regexp.MustCompile(`\b` + e + `\s*\(`)
		entryRE["(?i)"+e] = regexp.MustCompile(`(?i)\b` + e + `\s*\(`)
	}
}

// hlslHasEntry reports whether HLSL source defines entry (exact case),
// and a differently-cased spelling found instead, if any.
func hlslHasEntry(src []byte, entry string) (bool, string) {
	code := hlslComment.ReplaceAll(src, nil)
	if entryRE[entry].Match(code) {
		return true, ""
	}
	if m := entryRE["(?i)"+entry].Find(code); m != nil {
		return false, strings.TrimRight(string(m), " \t\r\n(")
	}
	return false, ""
}

// namesAndEntries reports files no loader looks for and HLSL files lacking
// the entry points their stems need.
func (c *checker) namesAndEntries() {
	for _, f := range c.files {
		ni := c.scanned[f]
		disp := display(c.workDir, f)
		name := filepath.Base(f)
		switch ni.kind {
		case kindUnknown:
			sev, kind := SevError, KindMisnamed
			if !shaderLike(name) {
				sev, kind = SevWarning, KindUnrecognised
			}
			c.add(Problem{Severity: sev, Kind: kind, File: disp, Message: fmt.Sprintf("%s: no backend loads this file: %s", disp, ni.hint)})
		case kindInclude:
			if !c.included[f] {
				sev, kind := SevError, KindMisnamed
				if !shaderLike(name) {
					sev, kind = SevWarning, KindUnrecognised
				}
				c.add(Problem{Severity: sev, Kind: kind, File: disp, Message: fmt.Sprintf("%s: %s", disp, includeHint(name))})
			}
		}
	}
	for _, r := range c.order {
		for _, k := range []backends.Kind{backends.D3D11, backends.D3D12} {
			req, err := c.rowFiles(k, r)
			if err != nil {
				continue
			}
			for _, f := range req {
				where := c.locate(f.abs, r.runtime)
				if where == "" {
					continue
				}
				src, err := c.readFound(f.abs, where)
				if err != nil {
					c.add(Problem{Severity: SevError, Kind: KindMissingEntry, Stem: r.stem, Backend: k.String(), File: f.disp, Message: fmt.Sprintf("%s: %v", f.disp, err)})
					continue
				}
				for _, e := range hlslEntriesOf(f) {
					ok, near := hlslHasEntry(src, e)
					if ok {
						continue
					}
					c.broken[f.abs+"#"+e] = true
					msg := fmt.Sprintf("%s has no %s: %s needs it for the %s of %s", f.disp, e, k, entryStage(e), r.stem)
					if near != "" {
						msg += fmt.Sprintf(" (found %s: entry points are case-sensitive)", near)
					}
					sev, kind := SevError, KindMissingEntry
					if r.acceptedOn(k) {
						sev, kind = SevAccepted, KindAcceptedGap
						msg += fmt.Sprintf(": accepted, game.toml limits %s to %s", r.stem, strings.Join(r.limited, ", "))
					}
					c.add(Problem{Severity: sev, Kind: kind, Stem: r.stem, Backend: k.String(), File: f.disp, Message: msg})
				}
			}
		}
	}
}

func entryStage(entry string) string {
	if entry == "PS_Main" {
		return "fragment stage"
	}
	return "vertex stage"
}

// layoutTargets collects, per vertex .spv on disk, the vertex formats
// that draw through it.
func (c *checker) layoutTargets() {
	addUse := func(abs string, u layoutUse) {
		if _, ok := c.targets[abs]; !ok {
			c.tgtOrder = append(c.tgtOrder, abs)
		}
		for i, have := range c.targets[abs] {
			if have.key == u.key {
				// The same format through the same file in another pass:
				// one comparison that names both.
				c.targets[abs][i].parts = append(c.targets[abs][i].parts, u.parts...)
				return
			}
		}
		c.targets[abs] = append(c.targets[abs], u)
	}
	if c.cfg != nil {
		for i := range c.cfg.VertexFormats {
			l := &c.cfg.VertexFormats[i]
			for _, p := range formats.StemPasses {
				stem := l.Stem(p)
				if stem == "" {
					continue
				}
				sf, err := backends.ResolveStem(backends.Vulkan, stem, p, l.GBufferStage)
				if err != nil {
					continue
				}
				abs := filepath.Join(c.gameRoot, filepath.FromSlash(sf.Vertex.Path))
				if c.locate(abs, false) != "file" {
					continue
				}
				key := fmt.Sprintf("vertex format %q", l.Name)
				addUse(abs, layoutUse{layout: l, key: key, parts: []string{p.String() + " pass"}})
			}
		}
	}
	def := formats.DefaultLayout()
	for _, r := range c.order {
		var who string
		layout := def
		if e, ok := engineStem(r.stem); ok && e.layout() != nil {
			who, layout = "engine shader "+r.stem, e.layout()
		} else if c.cfg != nil {
			for _, u := range r.uses {
				if strings.HasPrefix(u, "material ") {
					who = u
					break
				}
			}
		}
		if who == "" || r.need&Vertex == 0 {
			continue
		}
		sf, err := rowShaderFiles(backends.Vulkan, r)
		if err != nil || sf.Compute != nil {
			continue
		}
		abs := c.absOf(sf.Vertex.Path)
		if c.locate(abs, false) != "file" {
			continue
		}
		key := "default vertex format"
		if layout != def {
			key = fmt.Sprintf("vertex format %q", layout.Name)
		}
		addUse(abs, layoutUse{layout: layout, key: key, parts: []string{who}})
	}
}

// staleness compares every .spv in the folders with its source and the
// folder's manifest.
func (c *checker) staleness() {
	for _, f := range c.files {
		ni := c.scanned[f]
		disp := display(c.workDir, f)
		switch ni.kind {
		case kindSource:
			if _, ok := c.scanned[f+".spv"]; ok || c.needed[f+".spv"] {
				continue // compared below, or reported missing by the coverage
			}
			c.add(Problem{Severity: SevWarning, Kind: KindNotCompiled, Stem: ni.stem, File: disp,
				Message: fmt.Sprintf("%s has no %s.spv: run sleak shaders compile", disp, filepath.Base(f))})
		case kindSPIRV:
			src := backends.SourceOf(f)
			srcDisp := display(c.workDir, src)
			if _, ok := c.scanned[src]; !ok {
				c.add(Problem{Severity: SevError, Kind: KindMissingSource, Stem: ni.stem, Backend: backends.Vulkan.String(), File: disp,
					Message: fmt.Sprintf("%s has no source %s beside it: it cannot be rebuilt or checked", disp, srcDisp)})
				continue
			}
			c.judgeSPIRV(f, src, disp, srcDisp, ni.stem)
		}
	}
}

func (c *checker) judgeSPIRV(spv, src, disp, srcDisp, stem string) {
	m := c.manifest(filepath.Dir(spv))
	in, err := hashSource(src, c.inc)
	if err != nil {
		c.add(Problem{Severity: SevError, Kind: KindStale, Stem: stem, File: disp, Message: fmt.Sprintf("%s: %v", srcDisp, err)})
		return
	}
	spvHash, err := hashFile(spv)
	if err != nil {
		c.add(Problem{Severity: SevError, Kind: KindStale, Stem: stem, File: disp, Message: fmt.Sprintf("%s: %v", disp, err)})
		return
	}
	e, recorded := m.Entries[filepath.Base(src)]
	note := ""
	if sum, ok := c.fresh[src]; ok && c.glslcVer != "" {
		if sum == spvHash {
			note = fmt.Sprintf(" (it is identical to a fresh compile with %s)", c.glslcVer)
		} else {
			note = fmt.Sprintf(" (it differs from a fresh compile with %s)", c.glslcVer)
		}
	}
	switch judge(e, recorded, in.Hash, spvHash, "") {
	case staleNoEntry:
		c.add(Problem{Severity: SevWarning, Kind: KindUnknownProvenance, Stem: stem, File: disp,
			Message: fmt.Sprintf("%s has no entry in %s: unknown provenance, run sleak shaders compile to record it%s", disp, ManifestName, note)})
	case staleSource:
		c.add(Problem{Severity: SevError, Kind: KindStale, Stem: stem, File: disp,
			Message: fmt.Sprintf("%s is stale: %s (or a file it includes) changed since it was compiled; run sleak shaders compile", disp, srcDisp)})
	case staleSPV:
		c.add(Problem{Severity: SevWarning, Kind: KindUnknownProvenance, Stem: stem, File: disp,
			Message: fmt.Sprintf("%s is not the file sleak shaders compile wrote (replaced by hand?): unknown provenance%s", disp, note)})
	}
}

// unusedLimits warns about [shaders] limited entries that match nothing,
// which is usually a stem renamed without its declaration.
func (c *checker) unusedLimits() {
	if c.cfg == nil {
		return
	}
	for _, l := range c.cfg.Shaders.Limited {
		found := false
		for _, r := range c.order {
			if r.stem == l.Stem {
				found = true
				break
			}
		}
		if !found {
			c.add(Problem{Severity: SevWarning, Kind: KindUnusedLimit, Stem: l.Stem, File: c.rep.Config,
				Message: fmt.Sprintf("game.toml limits stem %s to %s, but no shader folder or vertex format has that stem", l.Stem, strings.Join(l.Backends, ", "))})
		}
	}
}

var severityOrder = map[Severity]int{SevError: 0, SevWarning: 1, SevAccepted: 2}

func (c *checker) finish() {
	p := c.rep.Problems
	sort.SliceStable(p, func(i, j int) bool {
		if severityOrder[p[i].Severity] != severityOrder[p[j].Severity] {
			return severityOrder[p[i].Severity] < severityOrder[p[j].Severity]
		}
		if p[i].File != p[j].File {
			return p[i].File < p[j].File
		}
		if p[i].Kind != p[j].Kind {
			return p[i].Kind < p[j].Kind
		}
		return p[i].Message < p[j].Message
	})
	// The same mistake can be reached twice (a file needed by two rows);
	// say it once.
	out := p[:0]
	for i := range p {
		if i > 0 && p[i] == p[i-1] {
			continue
		}
		out = append(out, p[i])
	}
	c.rep.Problems = out
	for _, q := range out {
		switch q.Severity {
		case SevError:
			c.rep.Summary.Errors++
		case SevWarning:
			c.rep.Summary.Warnings++
		case SevAccepted:
			c.rep.Summary.Accepted++
		}
	}
}
