package opengl

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// frameBlockSize is the std140 Frame block of docs/SHADERS.md, in bytes.
const frameBlockSize = 288

// drawCmd is one recorded draw, resolved to GL names when Draw was called so
// the replay on the GL thread does no lookups.
type drawCmd struct {
	prog  *program
	vao   uint32
	tex   uint32
	count int32
	model vmath.Mat4
	color vmath.Vec4
}

// frameState is the Go side of a frame: draws are recorded here and handed to
// the GL thread once per pass, so a frame costs one hand-off per pass plus
// one for EndFrame, whatever the number of draws.
type frameState struct {
	inFrame  bool
	passOpen bool                         // a pass is between BeginPass and EndPass
	pass     backends.RenderPass          // the open pass
	next     backends.RenderPass          // the first pass not yet run this frame
	block    *[frameBlockSize / 4]float32 // its own allocation: cgo refuses a pointer into a struct that holds pointers
	blockNew bool                         // block changed since it was last uploaded
	cmds     []drawCmd
	stats    backends.Stats
	badMesh  bool // a draw named an unknown mesh; logged once

	deadMeshes   []mesh
	deadTextures []uint32

	// Method values, made once: a hand-off of one of these allocates nothing.
	runPassFn, endFrameFn, readPixelsFn, flushDeletesFn func()
}

func (f *frameState) init(r *renderer) {
	f.runPassFn = r.runPass
	f.endFrameFn = r.endFrame
	f.readPixelsFn = r.readPixels
	f.flushDeletesFn = r.flushDeletes
	f.cmds = make([]drawCmd, 0, 256)
	f.block = new([frameBlockSize / 4]float32)
}

// BeginFrame starts a frame and packs its uniform block; nothing reaches the
// GL thread until the first EndPass.
func (r *renderer) BeginFrame(frame *backends.FrameData) error {
	switch {
	case r.closed:
		return errClosed
	case r.inFrame:
		return errors.New("opengl: BeginFrame: the previous frame has not ended")
	case frame == nil:
		return errors.New("opengl: BeginFrame: frame data is nil")
	}
	r.stats.Reset()
	r.packFrame(frame)
	r.inFrame, r.passOpen, r.next = true, false, 0
	r.cmds = r.cmds[:0]
	return nil
}

func (r *renderer) packFrame(d *backends.FrameData) {
	(*backends.FrameBlock)(r.block).Pack(d, int(r.shadowSize))
	r.blockNew = true
}

// BeginPass opens pass p. Passes run in order, each at most once a frame; a
// pass that is skipped runs with no draws when a later one starts (the
// gbuffer is still cleared, lighting still fills the sky), except the shadow
// pass, whose map is simply left as it was.
func (r *renderer) BeginPass(p backends.RenderPass) error {
	switch {
	case r.closed:
		return errClosed
	case !r.inFrame:
		return fmt.Errorf("opengl: BeginPass(%v) outside a frame", p)
	case r.passOpen:
		return fmt.Errorf("opengl: BeginPass(%v) while pass %v is open", p, r.pass)
	case p >= backends.NumRenderPasses:
		return fmt.Errorf("opengl: BeginPass: unknown pass %d", p)
	case p < r.next:
		return fmt.Errorf("opengl: BeginPass(%v): passes run in order, once a frame, and %v has already run", p, r.next-1)
	}
	r.passOpen, r.pass = true, p
	return nil
}

// Draw records a draw in the open pass. Draws that cannot go ahead are
// dropped and counted in Stats: a custom format whose pipeline for the pass
// is not Ready, a default-format mesh whose material failed, a default-format
// mesh in the gbuffer pass (there is no default gbuffer vertex stage).
func (r *renderer) Draw(d *backends.Draw) {
	if !r.passOpen || d == nil {
		return
	}
	p := r.pass
	stem, ok := p.Stem()
	if !ok {
		return // the fullscreen passes take no draws
	}
	r.stats.Draws[p]++
	m := r.meshes.Get(uint32(d.Mesh))
	if m == nil {
		if !r.badMesh {
			r.badMesh = true
			r.log.Error(fmt.Sprintf("OpenGLRenderer: draw of unknown mesh %d dropped", d.Mesh), "backend", "opengl", "pass", p.String())
		}
		return
	}
	var prog *program
	if m.format == formats.DefaultHandle {
		switch p {
		case backends.PassShadow:
			prog = r.engine.shadow
		case backends.PassForward, backends.PassTransparent:
			if i := int(d.Shader) - 1; i >= 0 && i < len(r.materials) && r.materials[i] != nil {
				prog = r.materials[i].prog
			}
			if prog == nil {
				r.stats.DroppedMaterial++
				return
			}
		default:
			r.stats.Drop(formats.DefaultHandle, stem)
			return
		}
	} else {
		if !r.table.Ready(m.format, stem) {
			r.stats.Drop(m.format, stem)
			return
		}
		prog = r.formatProgs[m.format][stem]
	}
	tex := r.white
	if d.Texture != 0 {
		if t := r.textures.Get(uint32(d.Texture)); t != nil {
			tex = *t
		}
	}
	r.cmds = append(r.cmds, drawCmd{prog: prog, vao: m.vao, tex: tex, count: m.indexCount, model: d.Model, color: d.Color})
}

// EndPass runs the pass on the GL thread: any skipped earlier passes, then
// this one with its recorded draws.
func (r *renderer) EndPass() error {
	if r.closed {
		return errClosed
	}
	if !r.passOpen {
		return errors.New("opengl: EndPass without BeginPass")
	}
	r.thr.do(r.runPassFn)
	r.passOpen = false
	r.next = r.pass + 1
	r.cmds = r.cmds[:0]
	return nil
}

// EndFrame runs the passes the frame skipped (so the image is complete),
// then presents it to the window or leaves it for ReadPixels.
func (r *renderer) EndFrame() error {
	switch {
	case r.closed:
		return errClosed
	case !r.inFrame:
		return errors.New("opengl: EndFrame without BeginFrame")
	case r.passOpen:
		return fmt.Errorf("opengl: EndFrame while pass %v is open", r.pass)
	}
	r.thr.do(r.endFrameFn)
	r.inFrame = false
	r.next = backends.NumRenderPasses
	return nil
}

// runPass is EndPass on the GL thread.
func (r *renderer) runPass() {
	r.uploadFrame()
	for q := r.next; q < r.pass; q++ {
		if q != backends.PassShadow {
			r.execPass(q, nil)
		}
	}
	r.execPass(r.pass, r.cmds)
}

// endFrame is EndFrame on the GL thread.
func (r *renderer) endFrame() {
	r.uploadFrame()
	for q := r.next; q < backends.NumRenderPasses; q++ {
		if q != backends.PassShadow {
			r.execPass(q, nil)
		}
	}
	if r.windowed {
		fw, fh := r.glfw.win.GetFramebufferSize()
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, r.targets.compositeFBO)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
		filter := uint32(gl.NEAREST)
		if fw != r.width || fh != r.height {
			filter = gl.LINEAR // the window was resized and Resize has not caught up yet
		}
		gl.BlitFramebuffer(0, 0, int32(r.width), int32(r.height), 0, 0, int32(fw), int32(fh), gl.COLOR_BUFFER_BIT, filter)
		gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
		r.glfw.win.SwapBuffers()
	}
	r.flushDeletes()
	r.validation.poll()
}

func (r *renderer) uploadFrame() {
	if !r.blockNew {
		return
	}
	gl.BindBuffer(gl.UNIFORM_BUFFER, r.ubo)
	gl.BufferSubData(gl.UNIFORM_BUFFER, 0, frameBlockSize, unsafe.Pointer(&r.block[0]))
	gl.BindBuffer(gl.UNIFORM_BUFFER, 0)
	r.blockNew = false
}

// execPass sets the fixed state of pass p, the same as the Vulkan backend's
// pipelines, and replays cmds. It runs on the GL thread.
func (r *renderer) execPass(p backends.RenderPass, cmds []drawCmd) {
	w, h := r.targets.w, r.targets.h
	gl.Disable(gl.BLEND)
	gl.DepthMask(true)
	gl.DepthFunc(gl.LEQUAL) // as the Vulkan pipelines
	switch p {
	case backends.PassShadow:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.shadow.fbo)
		gl.Viewport(0, 0, r.shadowSize, r.shadowSize)
		gl.Enable(gl.DEPTH_TEST)
		gl.Disable(gl.CULL_FACE)
		gl.ClearDepth(1)
		gl.Clear(gl.DEPTH_BUFFER_BIT)
		// Slope 1.75, constant 1.25: the depth bias of the Vulkan shadow pipeline.
		gl.Enable(gl.POLYGON_OFFSET_FILL)
		gl.PolygonOffset(1.75, 1.25)
		r.replay(cmds)
		gl.Disable(gl.POLYGON_OFFSET_FILL)
	case backends.PassGBuffer:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.gbufferFBO)
		gl.Viewport(0, 0, w, h)
		gl.Enable(gl.DEPTH_TEST)
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
		gl.ClearColor(0, 0, 0, 0)
		gl.ClearDepth(1)
		gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
		r.replay(cmds)
	case backends.PassLighting:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.lightFBO)
		gl.Viewport(0, 0, w, h)
		r.fullscreen(r.engine.lighting)
	case backends.PassForward:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.forwardFBO)
		gl.Viewport(0, 0, w, h)
		gl.Enable(gl.DEPTH_TEST)
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
		r.replay(cmds)
	case backends.PassTransparent:
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
	case backends.PassComposite:
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.compositeFBO)
		gl.Viewport(0, 0, w, h)
		r.fullscreen(r.engine.composite)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

// fullscreen draws one triangle covering the target with no vertex buffer.
func (r *renderer) fullscreen(p *program) {
	gl.Disable(gl.DEPTH_TEST)
	gl.Disable(gl.CULL_FACE)
	gl.UseProgram(p.id)
	gl.BindVertexArray(r.emptyVAO)
	gl.DrawArrays(gl.TRIANGLES, 0, 3)
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}

func (r *renderer) replay(cmds []drawCmd) {
	if len(cmds) == 0 {
		return
	}
	gl.ActiveTexture(gl.TEXTURE0 + unitTexture)
	var cur *program
	tex, vao := ^uint32(0), ^uint32(0)
	for i := range cmds {
		c := &cmds[i]
		if c.prog != cur {
			cur = c.prog
			gl.UseProgram(cur.id)
		}
		if c.tex != tex {
			tex = c.tex
			gl.BindTexture(gl.TEXTURE_2D, tex)
		}
		if cur.model >= 0 {
			gl.UniformMatrix4fv(cur.model, 1, false, &c.model[0])
		}
		if cur.color >= 0 {
			gl.Uniform4fv(cur.color, 1, &c.color[0])
		}
		if c.vao != vao {
			vao = c.vao
			gl.BindVertexArray(vao)
		}
		gl.DrawElementsWithOffset(gl.TRIANGLES, c.count, gl.UNSIGNED_INT, 0)
	}
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}
