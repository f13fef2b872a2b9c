//go:build windows

package d3d11

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// minLineBuffer is the smallest debug line buffer, in vertices.
const minLineBuffer = 4096

// lineBuffer is the debug pass's dynamic vertex buffer, made on first use
// and grown, never shrunk, when a frame has more lines than it holds.
type lineBuffer struct {
	vb       *dxcom.Object
	capacity int // bytes
}

func (l *lineBuffer) release() {
	dxcom.Release(l.vb)
	*l = lineBuffer{}
}

// RunLines runs the debug pass between two timestamps: the frame's lines
// written into the dynamic vertex buffer (a discarding map, so the GPU
// keeps the copy the previous frame reads), then the depth-tested lines
// and those on top over the composite output, with the scene's depth bound
// read-only by the depth state. No lines, nothing to do.
func (r *driver) RunLines(l *core.Lines) error {
	p := formats.PassDebug
	r.stamp(p, false)
	defer r.stamp(p, true)
	n := l.Len()
	if n == 0 {
		return nil
	}
	ctx := r.d.ctx
	if need := n * backends.LineVertexSize; need > r.lines.capacity {
		r.lines.release()
		size := 1 << bits.Len(uint(max(need, minLineBuffer*backends.LineVertexSize)-1))
		vb, err := r.d.createBuffer(&bufferDesc{ByteWidth: uint32(size), Usage: usageDynamic, BindFlags: bindVertexBuffer, CPUAccess: cpuAccessWrite}, nil)
		if err != nil {
			return fmt.Errorf("debug line buffer: %w", err)
		}
		r.lines = lineBuffer{vb: vb, capacity: size}
	}
	var mapped mappedSubresource
	if err := ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.lines.vb), 0, mapWriteDiscard, 0, uintptr(unsafe.Pointer(&mapped))); err != nil {
		return fmt.Errorf("debug line buffer: %w", err)
	}
	dst := unsafe.Slice((*backends.LineVertex)(dxcom.Pointer(mapped.Data)), n)
	copy(dst[copy(dst, l.Tested):], l.OnTop)
	ctx.Call(ctxUnmap, ptr(r.lines.vb), 0)

	r.unbindAll()
	t := &r.targets
	r.bindColor(t.ldr.rtv, t.gDepth.dsv, t.w, t.h)
	cbs := [1]uintptr{ptr(r.frameCB)}
	ctx.Call(ctxVSSetConstantBuffers, 0, 1, uintptr(unsafe.Pointer(&cbs[0])))
	ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
	ctx.Call(ctxOMSetBlendState, ptr(r.states.alpha), 0, 0xffffffff)
	ctx.Call(ctxIASetPrimitiveTopo, dxcom.TopologyLineList)
	prog := r.engine.lines
	ctx.Call(ctxIASetInputLayout, ptr(prog.layout))
	ctx.Call(ctxVSSetShader, ptr(prog.vs), 0, 0)
	ctx.Call(ctxPSSetShader, ptr(prog.ps), 0, 0)
	vb, stride, offset := ptr(r.lines.vb), uint32(backends.LineVertexSize), uint32(0)
	ctx.Call(ctxIASetVertexBuffers, 0, 1, uintptr(unsafe.Pointer(&vb)), uintptr(unsafe.Pointer(&stride)), uintptr(unsafe.Pointer(&offset)))
	if k := len(l.Tested); k > 0 {
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthTest), 0)
		ctx.Call(ctxDraw, uintptr(k), 0)
	}
	if k := len(l.OnTop); k > 0 {
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.none), 0)
		ctx.Call(ctxDraw, uintptr(k), uintptr(len(l.Tested)))
	}
	ctx.Call(ctxIASetPrimitiveTopo, dxcom.TopologyTriangleList)
	return nil
}
