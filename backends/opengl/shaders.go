package opengl

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// program is a linked GL program and the per-draw uniform locations it has
// (-1 where the shaders do not use one).
type program struct {
	id                    uint32
	model, color, surface int32
	twoSided              bool // a two-sided material: no culling in the forward pass
	// set is what replay last gave the per-draw uniforms, once setOnce:
	// a program keeps its uniforms from draw to draw and frame to frame,
	// consecutive draws of one material repeat its colour and surface
	// (and a chunk's face-direction meshes their model matrix), and each
	// glUniform is a call into the driver.
	set     drawUniforms
	setOnce bool
}

// drawUniforms are a program's per-draw uniforms.
type drawUniforms struct {
	model          vmath.Mat4
	color, surface vmath.Vec4
}

func (p *program) destroy() {
	if p != nil && p.id != 0 {
		gl.DeleteProgram(p.id)
		p.id = 0
	}
}

// source is one stage's GLSL text, read before anything is compiled so that
// every missing file is reported together.
type source struct {
	file backends.ShaderFile
	text []byte
	at   *assets.ShaderSource // names the files behind the driver's source string numbers
}

// readSources loads the files of one program through assets.ReadShader (the
// working directory first, then the engine's embedded copies), includes
// expanded. The error
// repeats the OpenGL renderer's lines: one "Cannot open shader file" per
// missing file, and for a two-stage program "Failed to read shader files"
// naming both.
func readSources(files backends.ShaderFiles) ([]source, error) {
	all := files.All()
	srcs := make([]source, 0, len(all))
	var first *backends.ShaderError
	var msgs []string
	for _, f := range all {
		sh, err := assets.ReadShader(f.Path)
		if err != nil {
			msg := "Cannot open shader file: " + f.Path
			var inc *assets.IncludeError
			if !errors.Is(err, fs.ErrNotExist) || errors.As(err, &inc) {
				msg += " (" + err.Error() + ")"
			}
			msgs = append(msgs, msg)
			if first == nil {
				first = &backends.ShaderError{Path: f.Path, Stage: f.Stage}
			}
			continue
		}
		srcs = append(srcs, source{file: f, text: sh.Text, at: sh})
	}
	if first == nil {
		return srcs, nil
	}
	if files.Fragment != nil {
		msgs = append(msgs, fmt.Sprintf("Failed to read shader files: %s and %s", files.Vertex.Path, files.Fragment.Path))
	}
	first.Err = errors.New(strings.Join(msgs, "; "))
	return nil, first
}

// buildProgram reads, compiles and links the files into a program. context
// ("vertex format voxel, gbuffer pass") is prefixed to the driver's message
// so the error says what the program was for. Must run on the GL thread.
func buildProgram(files backends.ShaderFiles, context string) (*program, error) {
	srcs, err := readSources(files)
	if err != nil {
		return nil, withContext(err, context)
	}
	return linkSources(srcs, context)
}

func withContext(err error, context string) error {
	if context == "" {
		return err
	}
	var se *backends.ShaderError
	if errors.As(err, &se) {
		return &backends.ShaderError{Path: se.Path, Stage: se.Stage, Err: fmt.Errorf("%s: %w", context, se.Err)}
	}
	return fmt.Errorf("%s: %w", context, err)
}

func linkSources(srcs []source, context string) (*program, error) {
	shaders := make([]uint32, 0, len(srcs))
	defer func() {
		for _, s := range shaders {
			gl.DeleteShader(s)
		}
	}()
	for _, src := range srcs {
		kind := uint32(gl.VERTEX_SHADER)
		switch src.file.Stage {
		case backends.StageFragment:
			kind = gl.FRAGMENT_SHADER
		case backends.StageCompute:
			kind = glComputeShader
		}
		s, err := compileShader(kind, src.text)
		if err != nil {
			err = errors.New(src.at.Locate(err.Error()))
			return nil, withContext(&backends.ShaderError{Path: src.file.Path, Stage: src.file.Stage, Err: err}, context)
		}
		shaders = append(shaders, s)
	}
	id := gl.CreateProgram()
	for _, s := range shaders {
		gl.AttachShader(id, s)
	}
	// A vertex-only program (shadow stems) is legal in core GL: depth is
	// written and there are no colour outputs.
	gl.LinkProgram(id)
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		log := programLog(id)
		gl.DeleteProgram(id)
		paths := make([]string, len(srcs))
		for i, s := range srcs {
			paths[i] = s.file.Path
		}
		return nil, withContext(fmt.Errorf("%s: Shader program linking failed: %s", strings.Join(paths, " + "), log), context)
	}
	for _, s := range shaders {
		gl.DetachShader(id, s)
	}
	return setupProgram(id), nil
}

// setupProgram binds the interface the engine documents: the Frame block
// to binding 0 (GLSL 4.10 has no layout(binding)) and each known sampler to
// its fixed unit.
func setupProgram(id uint32) *program {
	if idx := gl.GetUniformBlockIndex(id, gl.Str("Frame\x00")); idx != gl.INVALID_INDEX {
		gl.UniformBlockBinding(id, idx, 0)
	}
	gl.UseProgram(id)
	for _, s := range samplerUnits {
		if loc := gl.GetUniformLocation(id, gl.Str(s.name)); loc >= 0 {
			gl.Uniform1i(loc, s.unit)
		}
	}
	gl.UseProgram(0)
	return &program{
		id:      id,
		model:   gl.GetUniformLocation(id, gl.Str("u_model\x00")),
		color:   gl.GetUniformLocation(id, gl.Str("u_color\x00")),
		surface: gl.GetUniformLocation(id, gl.Str("u_surface\x00")),
	}
}

func compileShader(kind uint32, text []byte) (uint32, error) {
	s := gl.CreateShader(kind)
	csrc, free := gl.Strs(string(text) + "\x00")
	length := int32(len(text))
	gl.ShaderSource(s, 1, csrc, &length)
	free()
	gl.CompileShader(s)
	var ok int32
	gl.GetShaderiv(s, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(s, gl.INFO_LOG_LENGTH, &n)
		log := make([]byte, n+1)
		gl.GetShaderInfoLog(s, n+1, nil, &log[0])
		gl.DeleteShader(s)
		//lint:ignore ST1005 the seed's error text, word for word
		return 0, fmt.Errorf("Shader compilation failed: %s", cleanLog(log))
	}
	return s, nil
}

func programLog(id uint32) string {
	var n int32
	gl.GetProgramiv(id, gl.INFO_LOG_LENGTH, &n)
	log := make([]byte, n+1)
	gl.GetProgramInfoLog(id, n+1, nil, &log[0])
	return cleanLog(log)
}

// cleanLog trims the NUL terminator and trailing blank lines of a driver log.
func cleanLog(b []byte) string {
	if i := strings.IndexByte(string(b), 0); i >= 0 {
		b = b[:i]
	}
	s := strings.TrimSpace(string(b))
	if s == "" {
		return "(the driver gave no log)"
	}
	return s
}

// Engine programs, loaded from the engine's _gl shaders through the same
// path rules as everything else: the fullscreen steps are compute programs
// of one _gl.comp file each (backends.ResolveEngine).
type enginePrograms struct {
	shadow    *program // shadow_depth_gl.vert alone: default-format meshes in the shadow pass
	lighting  *program
	composite *program
	ssao      *program // the SSAO pass: ssao, then ssao_blur
	ssaoBlur  *program
	bloom     *program // the bloom pass: bloom, then bloom_blur
	bloomBlur *program
	ssr       *program
	antialias *program
	taa       *program // the antialias pass as temporal antialiasing
	ui        *program // ui_gl: screen-space quads of the UI pass
	lines     *program // debug_lines_gl: the debug pass's lines
}

func loadEnginePrograms() (enginePrograms, error) {
	var e enginePrograms
	stem := func(name string, p **program, vertexOnly bool) error {
		files, err := backends.ResolveEngine(backends.OpenGL, backends.ShaderDir, name)
		if err != nil {
			return err
		}
		if vertexOnly {
			files.Fragment = nil
		}
		*p, err = buildProgram(files, "engine shader "+name)
		return err
	}
	err := stem("shadow_depth", &e.shadow, true)
	if err == nil {
		err = stem("lighting_pass", &e.lighting, false)
	}
	if err == nil {
		err = stem("composite", &e.composite, false)
	}
	for _, fx := range []struct {
		stem string
		p    **program
	}{{"ssao", &e.ssao}, {"ssao_blur", &e.ssaoBlur}, {"bloom", &e.bloom}, {"bloom_blur", &e.bloomBlur},
		{"ssr", &e.ssr}, {"antialias", &e.antialias}, {"taa", &e.taa}} {
		if err == nil {
			err = stem(fx.stem, fx.p, false)
		}
	}
	if err == nil {
		err = stem("ui", &e.ui, false)
	}
	if err == nil {
		err = stem("debug_lines", &e.lines, false)
	}
	if err != nil {
		e.destroy()
		return enginePrograms{}, err
	}
	return e, nil
}

func (e *enginePrograms) destroy() {
	e.shadow.destroy()
	e.lighting.destroy()
	e.composite.destroy()
	e.ssao.destroy()
	e.ssaoBlur.destroy()
	e.bloom.destroy()
	e.bloomBlur.destroy()
	e.ssr.destroy()
	e.antialias.destroy()
	e.taa.destroy()
	e.ui.destroy()
	e.lines.destroy()
}
