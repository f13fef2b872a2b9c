//go:build windows

package d3d11

import (
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// effect is what an effect pass draws: a first fullscreen step into raw,
// then a second, reading raw at t0, into out, which the later pass reads;
// both at w x h pixels. An effect of one step (second nil, raw unused)
// draws its first straight into out. With the effect off only out is
// cleared, to neutral.
type effect struct {
	first, second *program
	raw, out      *colorTarget
	w, h          int
	neutral       float32
}

// effectOf is effect pass p's description; the antialias pass has none,
// as it clears nothing when off and copies its result back.
func (r *driver) effectOf(p formats.Pass) effect {
	t := &r.targets
	switch p {
	case formats.PassSSAO:
		return effect{first: r.engine.ssao, second: r.engine.ssaoBlur, raw: &t.ssaoRaw, out: &t.ssao, w: t.ssaoW, h: t.ssaoH, neutral: 1}
	case formats.PassSSR:
		return effect{first: r.engine.ssr, out: &t.ssr, w: t.w, h: t.h}
	}
	return effect{first: r.engine.bloom, second: r.engine.bloomBlur, raw: &t.bloomBright, out: &t.bloom, w: t.bloomW, h: t.bloomH}
}

// RunEffect runs effect pass p between two timestamps: its fullscreen
// steps, each into its own target at that target's size, or, with the
// effect off, a clear of the target the later pass reads to the value that
// leaves that pass unchanged (occlusion 1, reflections and bloom 0). The
// antialias pass draws into a target of its own and copies that back over
// the composite output; off, it does nothing.
func (r *driver) RunEffect(p formats.Pass, mode core.EffectMode) error {
	r.stamp(p, false)
	if mode != core.EffectIdle {
		r.runEffect(p, mode == core.EffectOn)
	}
	r.stamp(p, true)
	return nil
}

func (r *driver) runEffect(p formats.Pass, on bool) {
	ctx := r.d.ctx
	t := &r.targets
	// Whatever the previous pass left bound may be this pass's input or
	// output: the HDR target, the gbuffer, the composite output, or the
	// map being rewritten.
	r.unbindAll()
	if p == formats.PassAntialias {
		switch {
		case on && r.block.TAA():
			r.temporalAntialias()
		case on:
			r.antialiasPass()
		}
		return
	}
	e := r.effectOf(p)
	if !on {
		c := [4]float32{e.neutral, e.neutral, e.neutral, e.neutral}
		ctx.Call(ctxClearRenderTargetView, ptr(e.out.rtv), uintptr(unsafe.Pointer(&c[0])))
		return
	}
	r.bindFullscreen()

	first := e.out
	if e.second != nil {
		first = e.raw
	}
	r.bindColor(first.rtv, nil, e.w, e.h)
	var in [numSlots]uintptr
	switch p {
	case formats.PassSSAO:
		in[slotGNormal], in[slotGDepth] = ptr(t.gNormal.srv), ptr(t.gDepth.srv)
	case formats.PassSSR:
		// The forward and transparent passes left the gbuffer's depth bound
		// as their depth target; unbindAll above released it for reading.
		in[slotHDR], in[slotGNormal], in[slotGMaterial], in[slotGDepth] = ptr(t.hdr.srv), ptr(t.gNormal.srv), ptr(t.gMaterial.srv), ptr(t.gDepth.srv)
	default:
		in[slotHDR] = ptr(t.hdr.srv)
	}
	ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&in[0])))
	r.fullscreen(e.first)
	if e.second == nil {
		r.unbindAll()
		return
	}

	// The first step's target turns from output into input.
	r.unbindAll()
	r.bindColor(e.out.rtv, nil, e.w, e.h)
	srv := ptr(e.raw.srv)
	ctx.Call(ctxPSSetShaderResources, slotEffectIn, 1, uintptr(unsafe.Pointer(&srv)))
	r.bindSamplers(backends.FilteredTarget.SamplerIndex()) // ssao_blur reads between texel centres
	r.fullscreen(e.second)
	r.unbindAll()
}

// bindFullscreen binds what every effect step reads besides its textures:
// the Frame block at b0 and the framebuffer's size at b2, with triangles
// and no blending.
func (r *driver) bindFullscreen() {
	ctx := r.d.ctx
	cb := ptr(r.frameCB)
	ctx.Call(ctxPSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&cb)))
	r.bindTargetSize()
	ctx.Call(ctxIASetPrimitiveTopo, dxcom.TopologyTriangleList)
	ctx.Call(ctxOMSetBlendState, 0, 0, 0xffffffff)
}

// antialiasPass draws antialias from the composite output (t0) into the
// aa target, then copies that back over the composite output, which the
// debug and UI passes draw on and EndFrame presents and reads back. The
// copy comes after every view of both is unbound: neither is then bound
// for reading or writing while the other is written.
func (r *driver) antialiasPass() {
	ctx := r.d.ctx
	t := &r.targets
	r.bindFullscreen()
	r.bindColor(t.aa.rtv, nil, t.w, t.h)
	srv := ptr(t.ldr.srv)
	ctx.Call(ctxPSSetShaderResources, slotLDR, 1, uintptr(unsafe.Pointer(&srv)))
	r.bindSamplers(backends.FilteredTarget.SamplerIndex())
	r.fullscreen(r.engine.antialias)
	r.unbindAll()
	ctx.Call(ctxCopyResource, ptr(t.ldr.tex), ptr(t.aa.tex))
}

// temporalAntialias draws taa from the composite output (t0), the scene's
// depth (t5) and the history (t7: the taa target the frame before drew)
// into the other taa target, then copies that over the composite output,
// as antialiasPass does.
func (r *driver) temporalAntialias() {
	ctx := r.d.ctx
	t := &r.targets
	r.taaTurn ^= 1
	r.bindFullscreen()
	r.bindColor(t.taa[r.taaTurn].rtv, nil, t.w, t.h)
	var in [numSlots]uintptr
	in[slotLDR], in[slotGDepth], in[slotEffect] = ptr(t.ldr.srv), ptr(t.gDepth.srv), ptr(t.taa[1-r.taaTurn].srv)
	ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&in[0])))
	r.bindSamplers(backends.FilteredTarget.SamplerIndex())
	r.fullscreen(r.engine.taa)
	r.unbindAll()
	ctx.Call(ctxCopyResource, ptr(t.ldr.tex), ptr(t.taa[r.taaTurn].tex))
}
