package opengl

import (
	"math/bits"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// minLineBuffer is the smallest debug line buffer, in vertices.
const minLineBuffer = 4096

// lineBuffer is the debug pass's vertex buffer and its VAO, made on first
// use and grown, never shrunk, when a frame has more lines than it holds.
type lineBuffer struct {
	vao, vbo uint32
	capacity int // bytes
}

func (l *lineBuffer) destroy() {
	if l.vao != 0 {
		gl.DeleteVertexArrays(1, &l.vao)
		gl.DeleteBuffers(1, &l.vbo)
	}
	*l = lineBuffer{}
}

// upload writes the frame's lines, depth-tested first. The buffer is
// orphaned every frame, so the driver never waits for the frame in flight
// that still reads last frame's lines.
func (l *lineBuffer) upload(lines *core.Lines) {
	need := lines.Len() * backends.LineVertexSize
	if l.vao == 0 {
		gl.GenVertexArrays(1, &l.vao)
		gl.GenBuffers(1, &l.vbo)
		gl.BindVertexArray(l.vao)
		gl.BindBuffer(gl.ARRAY_BUFFER, l.vbo)
		layout := backends.LineLayout()
		for _, a := range layout.Attributes {
			// Float3 and UByte4Norm: both read as floats.
			xtype, normalized, _, _ := attribType(a.Format)
			gl.EnableVertexAttribArray(a.Location)
			gl.VertexAttribPointerWithOffset(a.Location, int32(a.Format.Components()), xtype, normalized, int32(layout.Stride), uintptr(a.Offset))
		}
		gl.BindVertexArray(0)
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, l.vbo)
	if need > l.capacity {
		l.capacity = 1 << bits.Len(uint(max(need, minLineBuffer*backends.LineVertexSize)-1))
	}
	gl.BufferData(gl.ARRAY_BUFFER, l.capacity, nil, gl.STREAM_DRAW)
	if n := len(lines.Tested) * backends.LineVertexSize; n > 0 {
		gl.BufferSubData(gl.ARRAY_BUFFER, 0, n, unsafe.Pointer(&lines.Tested[0]))
	}
	if n := len(lines.OnTop) * backends.LineVertexSize; n > 0 {
		gl.BufferSubData(gl.ARRAY_BUFFER, len(lines.Tested)*backends.LineVertexSize, n, unsafe.Pointer(&lines.OnTop[0]))
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
}

// RunLines runs the debug pass on the GL thread.
func (r *driver) RunLines(l *core.Lines) error {
	r.lines = l
	r.thr.do(r.runLinesFn)
	r.lines = nil
	return nil
}

// runLines is RunLines on the GL thread: the depth-tested lines, then those
// on top, over the composite output with the scene's depth, which they
// only read. No lines, nothing to do.
func (r *driver) runLines() {
	p := formats.PassDebug
	r.stamp(p, false)
	defer r.stamp(p, true)
	l := r.lines
	if l.Len() == 0 {
		return
	}
	r.uploadFrame()
	r.lineBuf.upload(l)
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.targets.debugFBO)
	gl.Viewport(0, 0, r.targets.w, r.targets.h)
	gl.Disable(gl.CULL_FACE)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.DepthMask(false)
	gl.DepthFunc(gl.LEQUAL)
	gl.UseProgram(r.engine.lines.id)
	gl.BindVertexArray(r.lineBuf.vao)
	if n := int32(len(l.Tested)); n > 0 {
		gl.Enable(gl.DEPTH_TEST)
		gl.DrawArrays(gl.LINES, 0, n)
	}
	if n := int32(len(l.OnTop)); n > 0 {
		gl.Disable(gl.DEPTH_TEST)
		gl.DrawArrays(gl.LINES, int32(len(l.Tested)), n)
	}
	gl.BindVertexArray(0)
	gl.UseProgram(0)
	gl.DepthMask(true)
	gl.Disable(gl.BLEND)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}
