//go:build windows

package d3d11

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// program is a vertex shader, its input layout (nil for fullscreen passes,
// which read no vertex buffer) and a pixel shader (nil for depth-only
// programs).
type program struct {
	vs, ps, layout *dxcom.Object
	twoSided       bool // a two-sided material: no culling in the forward pass
}

func (p *program) release() {
	if p != nil {
		dxcom.Release(p.layout, p.ps, p.vs)
		*p = program{}
	}
}

// buildProgram compiles files and creates the shader objects; layout is the
// vertex format the program draws, or nil for a fullscreen program.
func (r *driver) buildProgram(files backends.ShaderFiles, layout *formats.Layout, context string) (*program, error) {
	code, err := dxcom.CompileFiles(files, context)
	if err != nil {
		return nil, err
	}
	p := &program{}
	fail := func(f backends.ShaderFile, err error) (*program, error) {
		p.release()
		return nil, dxcom.ShaderError(f, context, err)
	}
	if p.vs, err = r.d.createVertexShader(code.VS); err != nil {
		return fail(files.Vertex, err)
	}
	if files.Fragment != nil {
		if p.ps, err = r.d.createPixelShader(code.PS); err != nil {
			return fail(*files.Fragment, err)
		}
	}
	if layout != nil {
		elems, err := dxcom.InputElements(layout)
		if err == nil {
			p.layout, err = r.d.createInputLayout(elems, code.VS)
			if err != nil {
				err = fmt.Errorf("input layout of vertex format %s: %w (the vertex shader reads a %sN input the format has no attribute at location N for, or of another type)",
					layout.Name, err, dxcom.Semantic)
			}
		}
		if err != nil {
			return fail(files.Vertex, err)
		}
	}
	return p, nil
}

// enginePrograms are the engine's own shaders, loaded through the same path
// rules as everything else.
type enginePrograms struct {
	shadow    *program // shadow_depth.hlsl VS_Main: default-format meshes in the shadow pass
	ssao      *program // the SSAO pass: ssao, then ssao_blur
	ssaoBlur  *program
	lighting  *program
	ssr       *program // the SSR pass
	bloom     *program // the bloom pass: bloom, then bloom_blur
	bloomBlur *program
	composite *program
	antialias *program // the antialias pass, over the composite output
	taa       *program // the antialias pass as temporal antialiasing
	ui        *program // ui.hlsl: screen-space quads of the UI pass
	lines     *program // debug_lines.hlsl: the debug pass's lines
}

func (e *enginePrograms) release() {
	for _, s := range e.slots() {
		(*s.prog).release()
	}
}

// engineSlot is one engine program: its stem, where it is kept, and what
// it draws.
type engineSlot struct {
	stem       string
	prog       **program
	layout     *formats.Layout
	vertexOnly bool
}

func (e *enginePrograms) slots() [12]engineSlot {
	return [...]engineSlot{
		{"shadow_depth", &e.shadow, formats.DefaultLayout(), true},
		{"ssao", &e.ssao, nil, false},
		{"ssao_blur", &e.ssaoBlur, nil, false},
		{"lighting_pass", &e.lighting, nil, false},
		{"ssr", &e.ssr, nil, false},
		{"bloom", &e.bloom, nil, false},
		{"bloom_blur", &e.bloomBlur, nil, false},
		{"composite", &e.composite, nil, false},
		{"antialias", &e.antialias, nil, false},
		{"taa", &e.taa, nil, false},
		{"ui", &e.ui, formats.DefaultLayout(), false},
		{"debug_lines", &e.lines, backends.LineLayout(), false},
	}
}

func (r *driver) loadEngineProgram(s engineSlot) (*program, error) {
	files, err := backends.Resolve(backends.D3D11, backends.ShaderDir+"/"+s.stem+".hlsl")
	if err != nil {
		return nil, err
	}
	if s.vertexOnly {
		files.Fragment = nil
	}
	return r.buildProgram(files, s.layout, "engine shader "+s.stem)
}

func (r *driver) loadEnginePrograms() (enginePrograms, error) {
	var e enginePrograms
	for _, s := range e.slots() {
		p, err := r.loadEngineProgram(s)
		if err != nil {
			e.release()
			return enginePrograms{}, err
		}
		*s.prog = p
	}
	return e, nil
}

// ReloadEngine builds the engine programs whose stems changed again from
// their files and swaps them in; on failure the old ones all stay. Only
// those are rebuilt: under wined3d a lighting pass compiled again while
// only the composite changed at times stopped the frames from changing.
//
// The programs replaced are kept until Close rather than released. wined3d
// (Vulkan renderer) destroys a released shader's Vulkan module at once but
// keeps the pipelines it built with it, keyed by the module's handle; a
// module made later for the new shader may be given the same handle and
// then draws with the old shader's pipeline: a rebuilt composite whose
// bytecode had the old one's length often drew the frames as before. A
// reload is a development-time event, and what it keeps is a few shader
// objects.
func (r *driver) ReloadEngine(changed func(stem string) bool) error {
	slots := r.engine.slots()
	var fresh [len(slots)]*program
	for i, s := range slots {
		if !changed(s.stem) {
			continue
		}
		p, err := r.loadEngineProgram(s)
		if err != nil {
			for _, f := range fresh {
				f.release()
			}
			return err
		}
		fresh[i] = p
	}
	for i, s := range slots {
		if fresh[i] != nil {
			r.retired = append(r.retired, *s.prog)
			*s.prog = fresh[i]
		}
	}
	return nil
}

var _ core.EngineReloader = (*driver)(nil)
