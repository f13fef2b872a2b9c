package shadertool

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
)

// runTools runs every compiler and reflection job in parallel.
func (c *checker) runTools() error {
	var sources, glFiles []string
	type hlslJob struct {
		abs, entry string
	}
	var hlsl []hlslJob
	for _, f := range c.files {
		switch ni := c.scanned[f]; ni.kind {
		case kindSource:
			sources = append(sources, f)
		case kindGL:
			glFiles = append(glFiles, f)
		case kindHLSL, kindDX12:
			src, err := c.readFound(f, "file")
			if err != nil {
				// Reported by namesAndEntries, which reads it the same way.
				continue
			}
			for _, e := range []string{"VS_Main", "PS_Main"} {
				if ok, _ := hlslHasEntry(src, e); ok {
					hlsl = append(hlsl, hlslJob{f, e})
				}
			}
		}
	}

	tool := func(name string, needed int, what string) string {
		exe, err := lookTool(name)
		info := ToolInfo{Name: name, Path: exe}
		if err == nil && name == Glslc {
			if v, verr := toolVersion(c.ctx, exe); verr == nil {
				info.Version = v
				c.glslcVer = v
			}
		}
		c.rep.Tools = append(c.rep.Tools, info)
		if err != nil && needed > 0 {
			c.add(Problem{Severity: SevError, Kind: KindToolMissing, Message: fmt.Sprintf("%v (%d %s not checked)", err, needed, what)})
		}
		return exe
	}
	glslc := tool(Glslc, len(sources), "Vulkan sources")
	validator := tool(GlslangValidator, len(glFiles)+len(hlsl), "OpenGL and HLSL files")
	cross := tool(SpirvCross, len(c.tgtOrder), "vertex shaders' inputs")

	tmp, err := os.MkdirTemp("", "sleak-shader-check-")
	if err != nil {
		return fmt.Errorf("temporary folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	c.tmp = tmp

	var jobs []func()
	if glslc != "" {
		for i, f := range sources {
			out := filepath.Join(tmp, fmt.Sprintf("%d.spv", i))
			jobs = append(jobs, func() { c.checkSource(glslc, f, out) })
		}
	}
	if validator != "" {
		for _, f := range glFiles {
			jobs = append(jobs, func() { c.checkGL(validator, f) })
		}
		for _, h := range hlsl {
			jobs = append(jobs, func() { c.checkHLSL(validator, h.abs, h.entry) })
		}
	}
	if cross != "" {
		for _, f := range c.tgtOrder {
			jobs = append(jobs, func() { c.reflectInputs(cross, f) })
		}
	}
	n := c.jobs
	if n <= 0 {
		n = defaultJobs()
	}
	parallel(c.ctx, n, len(jobs), func(i int) { jobs[i]() })
	if err := c.ctx.Err(); err != nil {
		return err
	}
	c.reportHLSL()
	c.compareLayouts()
	return nil
}

func (c *checker) stemOf(abs string) string {
	return c.scanned[abs].stem
}

// checkSource compiles a Vulkan source exactly as Compile does, into a
// temporary file whose hash is kept to tell whether the committed .spv is
// what this glslc produces.
func (c *checker) checkSource(exe, abs, out string) {
	disp := display(c.workDir, abs)
	args := append(c.inc.glslcFlags(), argPath(disp), "-o", out)
	msg, err := runTool(c.ctx, c.workDir, exe, args...)
	if err != nil {
		if c.ctx.Err() != nil {
			return
		}
		c.add(Problem{Severity: SevError, Kind: KindCompile, Stem: c.stemOf(abs), Backend: backends.Vulkan.String(), File: disp,
			Message: fmt.Sprintf("glslc rejects %s", disp), Output: msg})
		return
	}
	if sum, err := hashFile(out); err == nil {
		c.mu.Lock()
		c.fresh[abs] = sum
		c.mu.Unlock()
	}
}

// checkGL validates an OpenGL file as desktop GLSL, the stage taken from
// its extension, as the driver will compile it.
func (c *checker) checkGL(exe, abs string) {
	disp := display(c.workDir, abs)
	file, src, err := c.expanded(abs)
	var msg string
	if err == nil {
		msg, err = runTool(c.ctx, c.workDir, exe, file)
		msg = strings.ReplaceAll(src.Locate(strings.ReplaceAll(msg, file, disp)), c.workDir+string(filepath.Separator), "")
	} else {
		msg = err.Error()
	}
	if err != nil {
		if c.ctx.Err() != nil {
			return
		}
		c.mu.Lock()
		c.broken[abs] = true
		c.mu.Unlock()
		c.add(Problem{Severity: SevError, Kind: KindCompile, Stem: c.stemOf(abs), Backend: backends.OpenGL.String(), File: disp,
			Message: fmt.Sprintf("glslangValidator rejects %s (desktop GLSL)", disp), Output: trimEcho(msg, disp)})
	}
}

// checkHLSL compiles one entry point of an HLSL file through glslang's
// HLSL front end, the closest check available off Windows to what
// D3DCompileFromFile will do at load. Failures are gathered and reported by
// reportHLSL, so one syntax error is not reported once per entry point.
func (c *checker) checkHLSL(exe, abs, entry string) {
	disp := display(c.workDir, abs)
	stage := "vert"
	if entry == "PS_Main" {
		stage = "frag"
	}
	file, _, err := c.expanded(abs)
	var msg string
	if err == nil {
		msg, err = runTool(c.ctx, c.workDir, exe, "-D", "-e", entry, "-S", stage, "--target-env", "vulkan1.0", file, "-o", os.DevNull)
		msg = strings.ReplaceAll(msg, file, disp)
	} else {
		msg = err.Error()
	}
	if err != nil && c.ctx.Err() == nil {
		c.mu.Lock()
		c.broken[abs+"#"+entry] = true
		c.hlslFails = append(c.hlslFails, hlslFailure{abs: abs, entry: entry, output: trimEcho(msg, disp)})
		c.mu.Unlock()
	}
}

// expanded writes abs with its includes expanded (as the OpenGL and
// Direct3D loaders expand them) to a file of the same name in the
// temporary folder, for a tool that cannot find the engine's includes
// itself. Each copy gets its own subfolder, so parallel runs never share
// a file.
func (c *checker) expanded(abs string) (string, *assets.ShaderSource, error) {
	src, _, err := c.inc.expand(abs)
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp(c.tmp, "x")
	if err != nil {
		return "", nil, fmt.Errorf("temporary folder: %w", err)
	}
	p := filepath.Join(dir, filepath.Base(abs))
	if err := os.WriteFile(p, src.Text, 0o644); err != nil {
		return "", nil, fmt.Errorf("write %s: %w", p, err)
	}
	return p, src, nil
}

type hlslFailure struct {
	abs, entry, output string
}

// reportHLSL turns the HLSL failures into problems, one per file when its
// entry points fail with the same message.
func (c *checker) reportHLSL() {
	sort.Slice(c.hlslFails, func(i, j int) bool {
		a, b := c.hlslFails[i], c.hlslFails[j]
		if a.abs != b.abs {
			return a.abs < b.abs
		}
		return a.entry > b.entry // VS_Main before PS_Main
	})
	for i := 0; i < len(c.hlslFails); {
		f := c.hlslFails[i]
		entries := []string{f.entry}
		j := i + 1
		for ; j < len(c.hlslFails) && c.hlslFails[j].abs == f.abs && c.hlslFails[j].output == f.output; j++ {
			entries = append(entries, c.hlslFails[j].entry)
		}
		i = j
		backend := backends.D3D11
		if c.scanned[f.abs].kind == kindDX12 {
			backend = backends.D3D12
		}
		disp := display(c.workDir, f.abs)
		c.add(Problem{Severity: SevError, Kind: KindCompile, Stem: c.stemOf(f.abs), Backend: backend.String(), File: disp,
			Message: fmt.Sprintf("glslangValidator's HLSL front end rejects %s of %s", strings.Join(entries, " and "), disp), Output: f.output})
	}
}

// trimEcho drops the line glslangValidator prints with the file's name.
func trimEcho(out, disp string) string {
	first, rest, _ := strings.Cut(out, "\n")
	if strings.TrimSpace(first) == filepath.FromSlash(disp) || strings.TrimSpace(first) == disp {
		return strings.TrimSpace(rest)
	}
	return out
}

func (c *checker) reflectInputs(exe, abs string) {
	disp := display(c.workDir, abs)
	// spirv-cross reads an optional argument after --reflect, so the file
	// goes first.
	out, err := runTool(c.ctx, c.workDir, exe, argPath(disp), "--reflect")
	if err == nil {
		var inputs []shaderInput
		if inputs, err = parseReflection([]byte(out)); err == nil {
			c.mu.Lock()
			c.reflect[abs] = inputs
			c.mu.Unlock()
			return
		}
	}
	if c.ctx.Err() != nil {
		return
	}
	c.add(Problem{Severity: SevError, Kind: KindLayout, File: disp, Message: fmt.Sprintf("spirv-cross cannot reflect %s", disp), Output: err.Error()})
}

func (c *checker) compareLayouts() {
	for _, abs := range c.tgtOrder {
		inputs, ok := c.reflect[abs]
		if !ok {
			continue
		}
		disp := display(c.workDir, abs)
		for _, u := range c.targets[abs] {
			msgs := compareLayout(u, disp, inputs)
			if len(msgs) > 0 {
				c.badPipes[u.key+"\x00"+abs] = true
			}
			for _, m := range msgs {
				c.add(Problem{Severity: SevError, Kind: KindLayout, Backend: backends.Vulkan.String(), File: disp, Message: m})
			}
		}
	}
}
