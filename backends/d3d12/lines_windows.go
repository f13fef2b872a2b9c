//go:build windows

package d3d12

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

// lineBuffer is the debug pass's vertex buffer in the upload heap, mapped
// for its lifetime. One is enough: every frame is waited for as it is
// submitted, so the next frame finds it free. It grows, never shrinks,
// when a frame has more lines than it holds.
type lineBuffer struct {
	res      *dxcom.Object
	mapped   unsafe.Pointer
	capacity int // bytes
}

func (l *lineBuffer) release() {
	if l.res != nil {
		l.res.Release()
	}
	*l = lineBuffer{}
}

// loadLines builds the debug_lines program with its two pipeline states.
func (r *driver) loadLines() (*program, error) {
	files, err := backends.Resolve(backends.D3D12, backends.ShaderDir+"/debug_lines.hlsl")
	if err != nil {
		return nil, err
	}
	return r.buildProgram(files, backends.LineLayout(), "engine shader debug_lines", stateLines, stateLinesOnTop)
}

// RunLines records the debug pass between two timestamps: the frame's
// lines copied into the upload buffer, then the depth-tested lines and
// those on top over the composite output with the scene's depth. No lines,
// nothing to record.
func (r *driver) RunLines(l *core.Lines) error {
	p := formats.PassDebug
	r.stamp(p, false)
	defer r.stamp(p, true)
	n := l.Len()
	if n == 0 {
		return nil
	}
	buf := &r.lineBuf
	if need := n * backends.LineVertexSize; need > buf.capacity {
		buf.release()
		size := 1 << bits.Len(uint(max(need, minLineBuffer*backends.LineVertexSize)-1))
		res, err := r.d.buffer(heapUpload, uint64(size))
		if err != nil {
			return fmt.Errorf("debug line buffer: %w", err)
		}
		m, err := mapped(res, false)
		if err != nil {
			res.Release()
			return fmt.Errorf("debug line buffer: %w", err)
		}
		*buf = lineBuffer{res: res, mapped: m, capacity: size}
	}
	dst := unsafe.Slice((*backends.LineVertex)(buf.mapped), n)
	copy(dst[copy(dst, l.Tested):], l.OnTop)

	list := r.d.frame
	t := &r.targets
	t.ldr.to(list, stateRenderTarget)
	t.gDepth.to(list, stateDepthWrite)
	r.bindColor(rtvLDR, dsvGDepth)
	vbv := vertexBufferView{Location: gpuAddress(buf.res), Size: uint32(n * backends.LineVertexSize), Stride: backends.LineVertexSize}
	list.Call(listIASetPrimitiveTopology, dxcom.TopologyLineList)
	list.Call(listIASetVertexBuffers, 0, 1, uintptr(unsafe.Pointer(&vbv)))
	if k := len(l.Tested); k > 0 {
		list.Call(listSetPipelineState, ptr(r.lines.psos[stateLines]))
		list.Call(listDrawInstanced, uintptr(k), 1, 0, 0)
	}
	if k := len(l.OnTop); k > 0 {
		list.Call(listSetPipelineState, ptr(r.lines.psos[stateLinesOnTop]))
		list.Call(listDrawInstanced, uintptr(k), 1, uintptr(len(l.Tested)), 0)
	}
	list.Call(listIASetPrimitiveTopology, dxcom.TopologyTriangleList)
	return nil
}
