//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/spirv"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// vertexFormats maps every attribute format to the Vulkan format with the
// same storage; the shader sees the format's BaseType.
var vertexFormats = map[formats.AttributeFormat]vk.Format{
	formats.Float1:     vk.FormatR32Sfloat,
	formats.Float2:     vk.FormatR32g32Sfloat,
	formats.Float3:     vk.FormatR32g32b32Sfloat,
	formats.Float4:     vk.FormatR32g32b32a32Sfloat,
	formats.UInt1:      vk.FormatR32Uint,
	formats.UInt2:      vk.FormatR32g32Uint,
	formats.UInt3:      vk.FormatR32g32b32Uint,
	formats.UInt4:      vk.FormatR32g32b32a32Uint,
	formats.Int1:       vk.FormatR32Sint,
	formats.Int2:       vk.FormatR32g32Sint,
	formats.Int3:       vk.FormatR32g32b32Sint,
	formats.Int4:       vk.FormatR32g32b32a32Sint,
	formats.UByte4:     vk.FormatR8g8b8a8Uint,
	formats.UByte4Norm: vk.FormatR8g8b8a8Unorm,
	formats.Short2:     vk.FormatR16g16Sint,
	formats.Short4:     vk.FormatR16g16b16a16Sint,
	formats.Short2Norm: vk.FormatR16g16Snorm,
	formats.Short4Norm: vk.FormatR16g16b16a16Snorm,
	formats.Half2:      vk.FormatR16g16Sfloat,
	formats.Half4:      vk.FormatR16g16b16a16Sfloat,
}

// shaderModule is a loaded SPIR-V file.
type shaderModule struct {
	path   string
	module vk.ShaderModule
	inputs []spirv.Input // vertex shaders only
}

// loadModule reads a SPIR-V file through the asset loader and creates its
// module. Errors are *backends.ShaderError naming the file.
func (b *driver) loadModule(f backends.ShaderFile) (shaderModule, error) {
	fail := func(err error) (shaderModule, error) {
		return shaderModule{}, &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: err}
	}
	data, err := assets.ReadFile(f.Path)
	if err != nil {
		return fail(err)
	}
	// Checked before the driver sees it: drivers may crash on a malformed
	// module instead of failing.
	checked, err := spirv.Parse(data, f.Stage)
	if err != nil {
		return fail(err)
	}
	words := checked.Words
	m := shaderModule{path: f.Path, inputs: checked.Inputs}
	info := &vk.ShaderModuleCreateInfo{
		SType:    vk.StructureTypeShaderModuleCreateInfo,
		CodeSize: uint(len(data)),
		PCode:    words,
	}
	defer info.Free()
	var mod vk.ShaderModule
	if r := vk.CreateShaderModule(b.dev, info, nil, &mod); r != vk.Success {
		return fail(vkError("vkCreateShaderModule", r))
	}
	m.module = mod
	return m, nil
}

func (b *driver) destroyModule(m *shaderModule) {
	if m.module != nil {
		vk.DestroyShaderModule(b.dev, m.module, nil)
	}
	*m = shaderModule{}
}

// vertexInput builds the vertex input state for a shader from a layout:
// only the locations the shader reads are bound (others would only draw
// warnings), and every location it reads must exist with a matching type.
func vertexInput(l *formats.Layout, vs *shaderModule) ([]vk.VertexInputAttributeDescription, error) {
	var attrs []vk.VertexInputAttributeDescription
	for _, in := range vs.inputs {
		i := slices.IndexFunc(l.Attributes, func(a formats.Attribute) bool { return a.Location == in.Location })
		if i < 0 {
			return nil, fmt.Errorf("the shader reads location %d, which vertex format %s does not have", in.Location, l.Name)
		}
		a := l.Attributes[i]
		f, ok := vertexFormats[a.Format]
		if !ok {
			return nil, fmt.Errorf("vertex format %s: attribute %s has unknown format %v", l.Name, a.Name, a.Format)
		}
		if in.Base != 0 && in.Base != a.Format.BaseType() {
			return nil, fmt.Errorf("the shader reads location %d (%s) as %s, but vertex format %s stores it as %v, which reads as %s",
				in.Location, a.Name, in.Base, l.Name, a.Format, a.Format.BaseType())
		}
		binding := uint32(0)
		if a.Step == formats.StepInstance {
			binding = 1 // the instance records, stepped per instance
		}
		attrs = append(attrs, vk.VertexInputAttributeDescription{Location: a.Location, Binding: binding, Format: f, Offset: a.Offset})
	}
	return attrs, nil
}

// pipelineKind is the fixed-function state of one use of a pipeline.
type pipelineKind uint8

const (
	kindForward pipelineKind = iota
	kindTransparent
	kindShadow
	kindGBuffer
	kindUI
	kindLines           // debug lines, depth-tested
	kindLinesOnTop      // debug lines over everything
	kindForwardTwoSided // a two-sided material: forward without culling
)

func (k pipelineKind) pass() formats.Pass {
	return [...]formats.Pass{formats.PassForward, formats.PassTransparent, formats.PassShadow, formats.PassGBuffer, formats.PassUI,
		formats.PassDebug, formats.PassDebug, formats.PassForward}[k]
}

// entryPoint is the shaders' entry point, NUL-terminated for the driver.
// vulkan-go hands the driver a pointer to the Go string itself; a constant
// lives in static memory, which no collection frees.
const entryPoint = "main\x00"

// newPipeline creates a graphics pipeline. vs and fs are the stages (fs nil
// for depth-only); l is the vertex format it reads. (The engine's
// fullscreen steps are compute pipelines: newComputePipeline.)
func (b *driver) newPipeline(kind pipelineKind, rp vk.RenderPass, pl vk.PipelineLayout, vs, fs *shaderModule, l *formats.Layout) (vk.Pipeline, error) {
	stages := []vk.PipelineShaderStageCreateInfo{{
		SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageVertexBit, Module: vs.module, PName: entryPoint,
	}}
	if fs != nil {
		stages = append(stages, vk.PipelineShaderStageCreateInfo{
			SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageFragmentBit, Module: fs.module, PName: entryPoint,
		})
	}
	vin := &vk.PipelineVertexInputStateCreateInfo{SType: vk.StructureTypePipelineVertexInputStateCreateInfo}
	if l != nil {
		attrs, err := vertexInput(l, vs)
		if err != nil {
			return nil, &backends.ShaderError{Path: vs.path, Stage: backends.StageVertex, Err: err}
		}
		var binds []vk.VertexInputBindingDescription
		if l.PerVertex() {
			binds = append(binds, vk.VertexInputBindingDescription{Binding: 0, Stride: l.Stride, InputRate: vk.VertexInputRateVertex})
		}
		if l.Instanced() {
			binds = append(binds, vk.VertexInputBindingDescription{Binding: 1, Stride: l.InstanceStride, InputRate: vk.VertexInputRateInstance})
		}
		vin.VertexBindingDescriptionCount = uint32(len(binds))
		vin.PVertexBindingDescriptions = binds
		vin.VertexAttributeDescriptionCount = uint32(len(attrs))
		vin.PVertexAttributeDescriptions = attrs
	}
	raster := &vk.PipelineRasterizationStateCreateInfo{
		SType:       vk.StructureTypePipelineRasterizationStateCreateInfo,
		PolygonMode: vk.PolygonModeFill,
		CullMode:    vk.CullModeFlags(vk.CullModeBackBit),
		// The viewport's negative height flips y, which keeps the usual
		// counter-clockwise front faces of a y-up clip space.
		FrontFace: vk.FrontFaceCounterClockwise,
		LineWidth: 1,
	}
	depth := &vk.PipelineDepthStencilStateCreateInfo{
		SType:            vk.StructureTypePipelineDepthStencilStateCreateInfo,
		DepthTestEnable:  vk.True,
		DepthWriteEnable: vk.True,
		DepthCompareOp:   vk.CompareOpLessOrEqual,
		MaxDepthBounds:   1,
	}
	colors := 1
	blend := vk.PipelineColorBlendAttachmentState{ColorWriteMask: 0xf}
	alpha := vk.PipelineColorBlendAttachmentState{
		BlendEnable:         vk.True,
		SrcColorBlendFactor: vk.BlendFactorSrcAlpha, DstColorBlendFactor: vk.BlendFactorOneMinusSrcAlpha, ColorBlendOp: vk.BlendOpAdd,
		SrcAlphaBlendFactor: vk.BlendFactorOne, DstAlphaBlendFactor: vk.BlendFactorOneMinusSrcAlpha, AlphaBlendOp: vk.BlendOpAdd,
		ColorWriteMask: 0xf,
	}
	topology := vk.PrimitiveTopologyTriangleList
	switch kind {
	case kindForwardTwoSided:
		raster.CullMode = vk.CullModeFlags(vk.CullModeNone)
	case kindTransparent:
		raster.CullMode = vk.CullModeFlags(vk.CullModeNone)
		depth.DepthWriteEnable = vk.False
		blend = vk.PipelineColorBlendAttachmentState{
			BlendEnable:         vk.True,
			SrcColorBlendFactor: vk.BlendFactorSrcAlpha, DstColorBlendFactor: vk.BlendFactorOneMinusSrcAlpha, ColorBlendOp: vk.BlendOpAdd,
			SrcAlphaBlendFactor: vk.BlendFactorOne, DstAlphaBlendFactor: vk.BlendFactorOneMinusSrcAlpha, AlphaBlendOp: vk.BlendOpAdd,
			ColorWriteMask: 0xf,
		}
	case kindShadow:
		// Both faces cast: a single-sided plane must shadow from below too.
		raster.CullMode = vk.CullModeFlags(vk.CullModeNone)
		raster.DepthBiasEnable = vk.True
		raster.DepthBiasConstantFactor = 1.25
		raster.DepthBiasSlopeFactor = 1.75
		raster.DepthClampEnable = vk.True
		colors = 0
	case kindGBuffer:
		colors = 3
	case kindUI:
		raster.CullMode = vk.CullModeFlags(vk.CullModeNone)
		depth.DepthTestEnable, depth.DepthWriteEnable = vk.False, vk.False
		blend = alpha
	case kindLines, kindLinesOnTop:
		topology = vk.PrimitiveTopologyLineList
		raster.CullMode = vk.CullModeFlags(vk.CullModeNone)
		depth.DepthWriteEnable = vk.False
		if kind == kindLinesOnTop {
			depth.DepthTestEnable = vk.False
		}
		blend = alpha
	}
	info := vk.GraphicsPipelineCreateInfo{
		SType:             vk.StructureTypeGraphicsPipelineCreateInfo,
		StageCount:        uint32(len(stages)),
		PStages:           stages,
		PVertexInputState: vin,
		PInputAssemblyState: &vk.PipelineInputAssemblyStateCreateInfo{
			SType: vk.StructureTypePipelineInputAssemblyStateCreateInfo, Topology: topology,
		},
		PViewportState: &vk.PipelineViewportStateCreateInfo{
			SType: vk.StructureTypePipelineViewportStateCreateInfo, ViewportCount: 1, ScissorCount: 1,
		},
		PRasterizationState: raster,
		PMultisampleState: &vk.PipelineMultisampleStateCreateInfo{
			SType: vk.StructureTypePipelineMultisampleStateCreateInfo, RasterizationSamples: vk.SampleCount1Bit,
		},
		PDepthStencilState: depth,
		PColorBlendState: &vk.PipelineColorBlendStateCreateInfo{
			SType:           vk.StructureTypePipelineColorBlendStateCreateInfo,
			AttachmentCount: uint32(colors),
			PAttachments:    slices.Repeat([]vk.PipelineColorBlendAttachmentState{blend}, colors),
		},
		PDynamicState: &vk.PipelineDynamicStateCreateInfo{
			SType:             vk.StructureTypePipelineDynamicStateCreateInfo,
			DynamicStateCount: 2,
			PDynamicStates:    []vk.DynamicState{vk.DynamicStateViewport, vk.DynamicStateScissor},
		},
		Layout:     pl,
		RenderPass: rp,
	}
	pipe, r := b.c.createPipeline(&info)
	if r != vk.Success {
		return nil, &backends.ShaderError{Path: vs.path, Stage: backends.StageVertex,
			Err: fmt.Errorf("create %s pipeline: %w", kind.pass(), vkError("vkCreateGraphicsPipelines", r))}
	}
	return pipe, nil
}

// newComputePipeline creates a compute pipeline of the one stage cs.
func (b *driver) newComputePipeline(pl vk.PipelineLayout, cs *shaderModule) (vk.Pipeline, error) {
	pipe, r := b.c.createComputePipeline(cs.module, pl)
	if r != vk.Success {
		return nil, &backends.ShaderError{Path: cs.path, Stage: backends.StageCompute,
			Err: fmt.Errorf("create compute pipeline: %w", vkError("vkCreateComputePipelines", r))}
	}
	return pipe, nil
}

func (b *driver) destroyPipeline(p *vk.Pipeline) {
	if *p != nil {
		vk.DestroyPipeline(b.dev, *p, nil)
		*p = nil
	}
}

// engineShaders are the engine's fixed SPIR-V stages, loaded once.
type engineShaders struct {
	shadowVS, lightingCS, compositeCS shaderModule
	uiVS, uiFS, linesVS, linesFS      shaderModule
	effectCS                          [numEffects][maxEffectSteps]shaderModule // by effect and step
}

// modules lists every module, for destroying them.
func (e *engineShaders) modules() []*shaderModule {
	ms := []*shaderModule{&e.shadowVS, &e.lightingCS, &e.compositeCS, &e.uiVS, &e.uiFS, &e.linesVS, &e.linesFS}
	for i := range e.effectCS {
		for j := range e.effectCS[i] {
			ms = append(ms, &e.effectCS[i][j])
		}
	}
	return ms
}

func (b *driver) loadEngineShaders() error {
	load := func(dst *shaderModule, stem string, stage backends.Stage) error {
		v, f := stem+".vert.spv", stem+".frag.spv"
		p := v
		if stage == backends.StageFragment {
			p = f
		}
		m, err := b.loadModule(backends.ShaderFile{Stage: stage, Path: backends.ShaderDir + "/" + p, Entry: "main"})
		if err != nil {
			return fmt.Errorf("engine shader: %w", err)
		}
		*dst = m
		return nil
	}
	loadCompute := func(dst *shaderModule, stem string) error {
		files, err := backends.ResolveEngine(backends.Vulkan, backends.ShaderDir, stem)
		if err == nil && files.Compute == nil {
			err = fmt.Errorf("%s is no compute stem on Vulkan", stem)
		}
		if err == nil {
			*dst, err = b.loadModule(*files.Compute)
		}
		if err != nil {
			return fmt.Errorf("engine shader: %w", err)
		}
		return nil
	}
	e := &b.engine
	errs := []error{
		load(&e.shadowVS, "shadow_depth", backends.StageVertex),
		loadCompute(&e.lightingCS, "lighting_pass"),
		loadCompute(&e.compositeCS, "composite"),
		load(&e.uiVS, "ui", backends.StageVertex),
		load(&e.uiFS, "ui", backends.StageFragment),
		load(&e.linesVS, "debug_lines", backends.StageVertex),
		load(&e.linesFS, "debug_lines", backends.StageFragment),
	}
	for i, steps := range effectSpecs {
		for j, s := range steps {
			errs = append(errs, loadCompute(&e.effectCS[i][j], s.stem))
		}
	}
	return errors.Join(errs...)
}

func (b *driver) destroyEngineShaders() {
	for _, m := range b.engine.modules() {
		b.destroyModule(m)
	}
}

// createPipelines builds the engine's pipelines. Materials' and custom
// formats' are built on demand, through the core.
func (b *driver) createPipelines() error {
	var err error
	def, _ := b.registry.Get(formats.DefaultHandle)
	if b.shadowPipe, err = b.newPipeline(kindShadow, b.passes[formats.PassShadow].rp, b.mainLayout, &b.engine.shadowVS, nil, def); err != nil {
		return fmt.Errorf("engine shadow pipeline: %w", err)
	}
	if b.lighting.pipe, err = b.newComputePipeline(b.lighting.layout, &b.engine.lightingCS); err != nil {
		return fmt.Errorf("engine lighting pipeline: %w", err)
	}
	if b.composite.pipe, err = b.newComputePipeline(b.composite.layout, &b.engine.compositeCS); err != nil {
		return fmt.Errorf("engine composite pipeline: %w", err)
	}
	for i := range b.effects {
		e := &b.effects[i]
		for j := range e.steps {
			s := &e.steps[j]
			if s.pipe, err = b.newComputePipeline(s.layout, &b.engine.effectCS[i][j]); err != nil {
				return fmt.Errorf("engine %s pipeline: %w", effectSpecs[i][j].stem, err)
			}
		}
	}
	if b.uiPipe, err = b.newPipeline(kindUI, b.passes[formats.PassUI].rp, b.mainLayout, &b.engine.uiVS, &b.engine.uiFS, def); err != nil {
		return fmt.Errorf("engine ui pipeline: %w", err)
	}
	lines, rp := backends.LineLayout(), b.passes[formats.PassDebug].rp
	if b.linesPipe, err = b.newPipeline(kindLines, rp, b.mainLayout, &b.engine.linesVS, &b.engine.linesFS, lines); err != nil {
		return fmt.Errorf("engine debug lines pipeline: %w", err)
	}
	if b.linesTopPipe, err = b.newPipeline(kindLinesOnTop, rp, b.mainLayout, &b.engine.linesVS, &b.engine.linesFS, lines); err != nil {
		return fmt.Errorf("engine debug lines pipeline: %w", err)
	}
	return nil
}

// enginePipes lists the engine's pipelines, which createPipelines builds.
func (b *driver) enginePipes() []*vk.Pipeline {
	pipes := []*vk.Pipeline{&b.shadowPipe, &b.lighting.pipe, &b.composite.pipe, &b.uiPipe, &b.linesPipe, &b.linesTopPipe}
	for i := range b.effects {
		for j := range b.effects[i].steps {
			pipes = append(pipes, &b.effects[i].steps[j].pipe)
		}
	}
	return pipes
}

// ReloadEngine loads all the engine's shaders again and builds their
// pipelines; the old ones are destroyed once the GPU is idle, and stay when
// the new files fail.
func (b *driver) ReloadEngine(func(stem string) bool) error {
	oldEngine := b.engine
	pipes := b.enginePipes()
	oldPipes := make([]vk.Pipeline, len(pipes))
	for i, p := range pipes {
		oldPipes[i], *p = *p, nil
	}
	b.engine = engineShaders{}
	err := b.loadEngineShaders()
	if err == nil {
		err = b.createPipelines()
	}
	if err != nil {
		b.destroyPipelines()
		b.destroyEngineShaders()
		b.engine = oldEngine
		for i, p := range pipes {
			*p = oldPipes[i]
		}
		return err
	}
	b.WaitIdle()
	for i := range oldPipes {
		b.destroyPipeline(&oldPipes[i])
	}
	newEngine := b.engine
	b.engine = oldEngine
	b.destroyEngineShaders()
	b.engine = newEngine
	return nil
}

var _ core.EngineReloader = (*driver)(nil)

// destroyPipelines destroys the engine's pipelines.
func (b *driver) destroyPipelines() {
	for _, p := range b.enginePipes() {
		b.destroyPipeline(p)
	}
}

// stemKinds is the pipeline each stem pass builds.
var stemKinds = [formats.NumPasses]pipelineKind{
	formats.PassForward: kindForward, formats.PassTransparent: kindTransparent,
	formats.PassShadow: kindShadow, formats.PassGBuffer: kindGBuffer,
}

// NewProgram loads a stem's or a material's SPIR-V and builds its
// pipelines: one for a stem's pass, or the forward and transparent ones of a
// material. The modules are freed once the pipelines exist.
func (b *driver) NewProgram(spec core.ProgramSpec) (program, error) {
	var errs []error
	vs, err := b.loadModule(spec.Files.Vertex)
	if err != nil {
		errs = append(errs, err)
	}
	defer b.destroyModule(&vs)
	var fs *shaderModule
	if spec.Files.Fragment != nil {
		m, err := b.loadModule(*spec.Files.Fragment)
		if err != nil {
			errs = append(errs, err)
		}
		defer b.destroyModule(&m)
		fs = &m
	}
	if len(errs) > 0 {
		// Every missing or broken file at once; errors.As finds the first.
		return program{}, errors.Join(errs...)
	}
	build := func(kind pipelineKind) (vk.Pipeline, error) {
		return b.newPipeline(kind, b.passes[kind.pass()].rp, b.mainLayout, &vs, fs, spec.Layout)
	}
	var p program
	if !spec.Material {
		p.pipe, err = build(stemKinds[spec.Pass])
		return p, err
	}
	forward := kindForward
	if spec.TwoSided {
		forward = kindForwardTwoSided
	}
	if p.pipe, err = build(forward); err != nil {
		return program{}, err
	}
	if p.transparent, err = build(kindTransparent); err != nil {
		b.destroyPipeline(&p.pipe)
		return program{}, err
	}
	return p, nil
}

// FreeProgram destroys a program's pipelines.
func (b *driver) FreeProgram(p program) {
	b.destroyPipeline(&p.pipe)
	b.destroyPipeline(&p.transparent)
}

// ShadowProgram draws default-format meshes into the shadow map.
func (b *driver) ShadowProgram() program { return program{pipe: b.shadowPipe} }

// UIProgram draws screen-space quads in the UI pass.
func (b *driver) UIProgram() program { return program{pipe: b.uiPipe} }
