//go:build linux && cgo

package vulkan

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// minLineBuffer is the smallest debug line buffer, in vertices: a few
// hundred boxes before the first growth.
const minLineBuffer = 4096

// RunLines records the debug pass: the frame's lines, copied into the frame
// slot's mapped vertex buffer, then two line-list draws over the output
// image with the scene's depth. No lines, no render pass: the images stay
// as the composite left them.
func (b *driver) RunLines(l *core.Lines) error {
	cmd := b.slot.cmd
	p := formats.PassDebug
	b.stamp(cmd, p, false)
	defer b.stamp(cmd, p, true)
	n := l.Len()
	if n == 0 {
		return nil
	}
	buf := &b.slot.lines
	if need := uint64(n) * backends.LineVertexSize; buf.size < need {
		// The slot's previous frame has finished (BeginFrame waited for
		// it), so its buffer can go at once.
		b.destroyBuffer(buf)
		size := uint64(1) << bits.Len64(max(need, minLineBuffer*backends.LineVertexSize)-1)
		g, err := b.newBuffer(size, vk.BufferUsageVertexBufferBit, hostMappable, 0)
		if err != nil {
			return fmt.Errorf("debug line buffer: %w", err)
		}
		if g.mapped == nil {
			b.destroyBuffer(&g)
			return fmt.Errorf("debug line buffer: memory is not host-visible")
		}
		*buf = g
	}
	dst := unsafe.Slice((*backends.LineVertex)(buf.mapped), n)
	copy(dst[copy(dst, l.Tested):], l.OnTop)
	t := &b.passes[p]
	b.c.beginPass(cmd, t.rp, t.fb, t.w, t.h, nil)
	b.c.bindFrameSet(cmd, b.mainLayout, b.slot.set)
	if len(l.Tested) > 0 {
		b.c.lines(cmd, b.linesPipe, buf.buf, 0, len(l.Tested))
	}
	if len(l.OnTop) > 0 {
		b.c.lines(cmd, b.linesTopPipe, buf.buf, uint64(len(l.Tested))*backends.LineVertexSize, len(l.OnTop))
	}
	b.c.endPass(cmd)
	return nil
}
