//go:build windows

package d3d11

import (
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// RunEffect runs effect pass p between two timestamps: its two fullscreen
// draws, each into its own target at that target's size, or, with the
// effect off, a clear of the target the later pass reads to the value that
// leaves that pass unchanged (occlusion 1, bloom 0).
func (r *driver) RunEffect(p formats.Pass, on bool) error {
	r.stamp(p, false)
	r.runEffect(p, on)
	r.stamp(p, true)
	return nil
}

func (r *driver) runEffect(p formats.Pass, on bool) {
	ctx := r.d.ctx
	t := &r.targets
	first, second := r.engine.ssao, r.engine.ssaoBlur
	firstTarget, secondTarget := &t.ssaoRaw, &t.ssao
	w, h, neutral := t.w, t.h, float32(1)
	if p == formats.PassBloom {
		first, second = r.engine.bloom, r.engine.bloomBlur
		firstTarget, secondTarget = &t.bloomBright, &t.bloom
		w, h, neutral = t.bloomW, t.bloomH, 0
	}
	// Whatever the previous pass left bound may be this pass's input or
	// output: the HDR target, the gbuffer, or the map being rewritten.
	r.unbindAll()
	if !on {
		c := [4]float32{neutral, neutral, neutral, neutral}
		ctx.Call(ctxClearRenderTargetView, ptr(secondTarget.rtv), uintptr(unsafe.Pointer(&c[0])))
		return
	}
	cb := ptr(r.frameCB)
	ctx.Call(ctxPSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&cb)))
	r.bindTargetSize()
	ctx.Call(ctxIASetPrimitiveTopo, dxcom.TopologyTriangleList)
	ctx.Call(ctxOMSetBlendState, 0, 0, 0xffffffff)

	r.bindColor(firstTarget.rtv, nil, w, h)
	var in [numSlots]uintptr
	if p == formats.PassBloom {
		in[slotHDR] = ptr(t.hdr.srv)
	} else {
		in[slotGNormal], in[slotGDepth] = ptr(t.gNormal.srv), ptr(t.gDepth.srv)
	}
	ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&in[0])))
	r.fullscreen(first)

	// The first step's target turns from output into input.
	r.unbindAll()
	r.bindColor(secondTarget.rtv, nil, w, h)
	srv := ptr(firstTarget.srv)
	ctx.Call(ctxPSSetShaderResources, slotEffectIn, 1, uintptr(unsafe.Pointer(&srv)))
	r.fullscreen(second)
	r.unbindAll()
}
