package opengl

import (
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// frameBlockSize is the std140 Frame block of docs/SHADERS.md, in bytes.
const frameBlockSize = backends.FrameBlockSize

// drawCmd is one resolved draw, replayed on the GL thread.
type drawCmd = core.Draw[mesh, uint32, *program]

// frameState is the Go side of a frame: the core hands each pass's draws
// over once, so a frame costs one hand-off to the GL thread per pass plus
// one for EndFrame, whatever the number of draws.
type frameState struct {
	block    *[frameBlockSize / 4]float32 // its own allocation: cgo refuses a pointer into a struct that holds pointers
	blockNew bool                         // block changed since it was last uploaded
	lights   *backends.LightGrid          // the frame's grid, until the first pass uploads it
	// cascadeBlocks are the cascades' Frame blocks, laid out as
	// cascadeUBO holds them (cascadeStride bytes apart).
	cascadeBlocks []float32
	pass          formats.Pass    // the pass being handed over
	effectMode    core.EffectMode // RunEffect's mode, for the effect pass being handed over
	taaTurn       int             // the taa target temporal antialiasing drew last
	cmds          []drawCmd
	lines         *core.Lines // the debug pass being handed over
	submitted     uint64      // frames ended

	surfaceW, surfaceH int // the window's framebuffer size, read by surfaceFn

	// Method values, made once: a hand-off of one of these allocates nothing.
	runPassFn, runEffectFn, runLinesFn, endFrameFn, readPixelsFn, surfaceFn func()

	frameTiming
}

func (f *frameState) init(r *driver) {
	f.runPassFn = r.runPass
	f.runEffectFn = r.runEffect
	f.runLinesFn = r.runLines
	f.endFrameFn = r.endFrame
	f.readPixelsFn = r.readPixels
	f.surfaceFn = r.readSurface
	f.waitFn = r.waitSlot
	f.block = new([frameBlockSize / 4]float32)
}

// BeginFrame waits for the frame two back (framesInFlight) and keeps the
// frame's uniform block, uploaded when the first pass runs.
func (r *driver) BeginFrame(block *backends.FrameBlock) error {
	r.thr.do(r.waitFn)
	*r.block = *block
	r.blockNew = true
	return nil
}

// SetEnvironment keeps the frame's environment atlas for the first pass to
// bind.
func (r *driver) SetEnvironment(t uint32) { r.env = t }

// UploadLights keeps the frame's light grid for the first pass to upload:
// the core leaves it alone until the next BeginFrame.
func (r *driver) UploadLights(g *backends.LightGrid) error {
	r.lights = g
	return nil
}

// RedrawCascades sets the cascades the next shadow pass clears and draws.
func (r *driver) RedrawCascades(cascades uint8) { r.redraw = cascades }

// RunPass runs pass p with its draws on the GL thread.
func (r *driver) RunPass(p formats.Pass, draws []drawCmd) error {
	r.pass, r.cmds = p, draws
	r.thr.do(r.runPassFn)
	r.cmds = nil
	return nil
}

// RunEffect runs effect pass p on the GL thread.
func (r *driver) RunEffect(p formats.Pass, mode core.EffectMode) error {
	r.pass, r.effectMode = p, mode
	r.thr.do(r.runEffectFn)
	return nil
}

// EndFrame presents the frame to the window, when there is one.
func (r *driver) EndFrame() error {
	r.thr.do(r.endFrameFn)
	r.submitted++
	return nil
}

// runPass is RunPass on the GL thread.
func (r *driver) runPass() {
	r.uploadFrame()
	r.stamp(r.pass, false)
	r.execPass(r.pass, r.cmds)
	r.stamp(r.pass, true)
}

// runEffect is RunEffect on the GL thread: its steps, compute dispatches,
// or, with the effect off, a clear of the target the later pass reads to
// its neutral value.
func (r *driver) runEffect() {
	r.uploadFrame()
	r.stamp(r.pass, false)
	t := &r.targets
	switch r.pass {
	case formats.PassSSAO:
		r.effectSteps(t.ssaoFBO, 1, t.ssaoW, t.ssaoH, fxStep{t.ssaoRaw, gl.R8, r.engine.ssao}, fxStep{t.ssao, gl.R8, r.engine.ssaoBlur})
	case formats.PassSSR:
		r.effectSteps(t.ssrFBO, 0, t.w, t.h, fxStep{t.ssr, gl.RGBA16F, r.engine.ssr})
	case formats.PassBloom:
		r.effectSteps(t.bloomFBO, 0, t.bloomW, t.bloomH, fxStep{t.bloomBright, gl.RGBA16F, r.engine.bloom}, fxStep{t.bloom, gl.RGBA16F, r.engine.bloomBlur})
	case formats.PassAntialias:
		switch {
		case r.effectMode != core.EffectOn:
		case (*backends.FrameBlock)(r.block).TAA():
			r.temporalAntialias()
		default:
			// The composite wrote aa this frame: from there into the
			// composite output.
			r.dispatch(r.engine.antialias, t.ldr, gl.RGBA8, t.w, t.h)
		}
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	r.stamp(r.pass, true)
}

// temporalAntialias runs taa from aa, where the composite wrote this
// frame, and the history, the taa target the frame before wrote, into the
// other one, and copies that into the composite output.
func (r *driver) temporalAntialias() {
	t := &r.targets
	r.taaTurn ^= 1
	gl.ActiveTexture(gl.TEXTURE0 + unitHistory)
	gl.BindTexture(gl.TEXTURE_2D, t.taa[1-r.taaTurn])
	r.dispatch(r.engine.taa, t.taa[r.taaTurn], gl.RGBA8, t.w, t.h)
	r.copyTexture(t.taa[r.taaTurn], t.ldr, t.w, t.h)
}

// fxStep is one step of an effect pass: its compute program and its
// target texture and that texture's internal format.
type fxStep struct {
	target, format uint32
	prog           *program
}

// effectSteps runs an effect's steps at w x h, or, with the effect off,
// clears out (the framebuffer of the target the later pass reads) to
// neutral, once.
func (r *driver) effectSteps(out uint32, neutral float32, w, h int32, steps ...fxStep) {
	switch r.effectMode {
	case core.EffectIdle:
		return
	case core.EffectClear:
		gl.BindFramebuffer(gl.FRAMEBUFFER, out)
		gl.ClearColor(neutral, neutral, neutral, neutral)
		gl.Clear(gl.COLOR_BUFFER_BIT)
		return
	}
	for _, s := range steps {
		r.dispatch(s.prog, s.target, s.format, w, h)
	}
}

// endFrame is EndFrame on the GL thread. The composite target has the
// window's size (the core resizes before a frame whose window changed), so
// the copy to the default framebuffer is one to one.
func (r *driver) endFrame() {
	if r.windowed {
		w, h := int32(r.width), int32(r.height)
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, r.targets.compositeFBO)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
		gl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
		gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
		r.glfw.win.SwapBuffers()
	}
	r.fenceFrame()
	r.validation.poll()
}

func (r *driver) readSurface() {
	r.surfaceW, r.surfaceH = r.glfw.win.GetFramebufferSize()
}

func (r *driver) uploadFrame() {
	if !r.blockNew {
		return
	}
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.ubo)
	gl.BufferSubData(gl.UNIFORM_BUFFER, 0, frameBlockSize, unsafe.Pointer(&r.block[0]))
	main := (*backends.FrameBlock)(r.block)
	words := r.cascadeStride / 4
	for i := range backends.NumCascades {
		main.Cascade(i, (*backends.FrameBlock)(r.cascadeBlocks[i*words:]))
	}
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.cascadeUBO)
	gl.BufferSubData(gl.UNIFORM_BUFFER, 0, len(r.cascadeBlocks)*4, unsafe.Pointer(&r.cascadeBlocks[0]))
	gl.BindBuffer(gl.UNIFORM_BUFFER, 0)
	r.blockNew = false
	if g := r.lights; g != nil {
		r.lights = nil
		gl.ActiveTexture(gl.TEXTURE0 + unitLights)
		gl.BindTexture(gl.TEXTURE_2D, r.lightTex)
		gl.TexSubImage2D(gl.TEXTURE_2D, 0, 0, 0, backends.LightGridWidth, int32(g.Rows), gl.RGBA, gl.FLOAT, unsafe.Pointer(&g.Texels[0]))
	}
	// The environment atlas, bound every frame: a texture the core freed
	// since may have handed its name to another.
	gl.ActiveTexture(gl.TEXTURE0 + unitEnvironment)
	gl.BindTexture(gl.TEXTURE_2D, r.env)
}

// execPass sets the fixed state of pass p, the same as the Vulkan backend's
// pipelines, and replays cmds. It runs on the GL thread.
func (r *driver) execPass(p formats.Pass, cmds []drawCmd) {
	w, h := r.targets.w, r.targets.h
	gl.Disable(gl.BLEND)
	gl.DepthMask(true)
	gl.DepthFunc(gl.LEQUAL) // as the Vulkan pipelines
	switch p {
	case formats.PassShadow:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.shadow.fbo)
		gl.Viewport(0, 0, r.shadowSize, r.shadowSize)
		gl.Enable(gl.DEPTH_TEST)
		gl.Disable(gl.CULL_FACE)
		gl.ClearDepth(1)
		all := r.redraw == backends.AllCascades
		if all {
			gl.Clear(gl.DEPTH_BUFFER_BIT)
		}
		// Slope 1.75, constant 1.25: the depth bias of the Vulkan shadow pipeline.
		gl.Enable(gl.POLYGON_OFFSET_FILL)
		gl.PolygonOffset(1.75, 1.25)
		gl.Enable(gl.DEPTH_CLAMP)
		for i := range backends.NumCascades {
			if r.redraw&(1<<i) == 0 {
				continue // kept from an earlier frame
			}
			x, y, side := backends.CascadeTile(i, int(r.shadowSize))
			gl.Viewport(int32(x), int32(y), int32(side), int32(side))
			if !all {
				gl.Enable(gl.SCISSOR_TEST)
				gl.Scissor(int32(x), int32(y), int32(side), int32(side))
				gl.Clear(gl.DEPTH_BUFFER_BIT)
				gl.Disable(gl.SCISSOR_TEST)
			}
			gl.BindBufferRange(gl.UNIFORM_BUFFER, 0, r.cascadeUBO, i*r.cascadeStride, frameBlockSize)
			r.cascade = uint8(1) << i
			r.replay(cmds)
		}
		r.cascade = 0
		gl.BindBufferBase(gl.UNIFORM_BUFFER, 0, r.ubo)
		gl.Disable(gl.POLYGON_OFFSET_FILL)
		gl.Disable(gl.DEPTH_CLAMP)
	case formats.PassGBuffer:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.gbufferFBO)
		gl.Viewport(0, 0, w, h)
		gl.Enable(gl.DEPTH_TEST)
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
		gl.ClearDepth(1)
		gl.Clear(gl.DEPTH_BUFFER_BIT) // the colour targets are not cleared (the Backend contract)
		r.replay(cmds)
	case formats.PassLighting:
		r.dispatch(r.engine.lighting, r.targets.hdr, gl.RGBA16F, w, h)
	case formats.PassForward:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.forwardFBO)
		gl.Viewport(0, 0, w, h)
		gl.Enable(gl.DEPTH_TEST)
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
		r.cullByProgram = true
		r.replay(cmds)
		r.cullByProgram = false
	case formats.PassTransparent:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.forwardFBO)
		gl.Viewport(0, 0, w, h)
		gl.Enable(gl.DEPTH_TEST)
		gl.Disable(gl.CULL_FACE)
		gl.DepthMask(false)
		gl.Enable(gl.BLEND)
		gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
		r.replay(cmds)
		gl.DepthMask(true)
		gl.Disable(gl.BLEND)
	case formats.PassComposite:
		// Into aa when the antialias pass will write the image into ldr.
		out := r.targets.ldr
		if (*backends.FrameBlock)(r.block).EffectOn(formats.PassAntialias) {
			out = r.targets.aa
		}
		r.dispatch(r.engine.composite, out, gl.RGBA8, w, h)
	case formats.PassUI:
		// Over the composite output, which EndFrame copies to the window.
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.compositeFBO)
		gl.Viewport(0, 0, w, h)
		gl.Disable(gl.DEPTH_TEST)
		gl.Disable(gl.CULL_FACE)
		gl.Enable(gl.BLEND)
		gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
		r.replay(cmds)
		gl.Disable(gl.BLEND)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

func (r *driver) replay(cmds []drawCmd) {
	if len(cmds) == 0 {
		return
	}
	var cur *program
	tex, vao := ^uint32(0), ^uint32(0)
	maps := [2]uint32{^uint32(0), ^uint32(0)}
	for i := range cmds {
		c := &cmds[i]
		if c.Cascades&r.cascade != r.cascade {
			continue // the shadow pass: not a caster of this cascade
		}
		if c.Program != cur {
			cur = c.Program
			gl.UseProgram(cur.id)
			if r.cullByProgram {
				if cur.twoSided {
					gl.Disable(gl.CULL_FACE)
				} else {
					gl.Enable(gl.CULL_FACE)
				}
			}
		}
		if c.NormalMap != maps[0] {
			maps[0] = c.NormalMap
			gl.ActiveTexture(gl.TEXTURE0 + unitNormalMap)
			gl.BindTexture(gl.TEXTURE_2D, maps[0])
		}
		if c.EmissiveMap != maps[1] {
			maps[1] = c.EmissiveMap
			gl.ActiveTexture(gl.TEXTURE0 + unitEmissiveMap)
			gl.BindTexture(gl.TEXTURE_2D, maps[1])
		}
		if c.Texture != tex {
			tex = c.Texture
			gl.ActiveTexture(gl.TEXTURE0 + unitTexture)
			gl.BindTexture(gl.TEXTURE_2D, tex)
		}
		// Values compare as floats: a NaN is always set again, and a zero
		// of the other sign, which no shader can tell apart here, is not.
		fresh := !cur.setOnce
		cur.setOnce = true
		if cur.model >= 0 && (fresh || c.Model != cur.set.model) {
			cur.set.model = c.Model
			gl.UniformMatrix4fv(cur.model, 1, false, &c.Model[0])
		}
		if cur.color >= 0 && (fresh || c.Color != cur.set.color) {
			cur.set.color = c.Color
			gl.Uniform4fv(cur.color, 1, &c.Color[0])
		}
		if cur.surface >= 0 && (fresh || c.Surface != cur.set.surface) {
			cur.set.surface = c.Surface
			gl.Uniform4fv(cur.surface, 1, &c.Surface[0])
		}
		if v := c.Mesh.vertexArray(); v != vao {
			vao = v
			gl.BindVertexArray(vao)
		}
		switch {
		case c.Mesh.pack != nil:
			r.drawPacked(&c.Mesh)
		case c.Mesh.ins != 0:
			gl.DrawElementsInstanced(gl.TRIANGLES, c.Mesh.indexCount, gl.UNSIGNED_INT, nil, c.Mesh.instances) // offset 0 of the bound index buffer
		default:
			gl.DrawElementsWithOffset(gl.TRIANGLES, c.Mesh.indexCount, gl.UNSIGNED_INT, 0)
		}
	}
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}
