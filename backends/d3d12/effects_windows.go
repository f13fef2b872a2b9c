//go:build windows

package d3d12

import (
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// effect is what an effect pass records: a first fullscreen step into raw,
// then a second, reading raw at t0, into out, which the later pass reads
// (at t7, or t8 for the reflections); both at w x h pixels. An effect of
// one step (second nil, raw unused) draws its first straight into out.
// With the effect off only out is cleared, to neutral.
type effect struct {
	first, second          *program
	state                  passState
	raw, out               *tracked
	rawRTV, outRTV, rawSRV uint32
	w, h                   int
	neutral                float32
}

// effectOf is effect pass p's description; the antialias pass has none,
// as it clears nothing when off and copies its result back.
func (r *driver) effectOf(p formats.Pass) effect {
	t := &r.targets
	switch p {
	case formats.PassSSAO:
		return effect{first: r.ssao, second: r.ssaoBlur, state: stateSSAO, raw: &t.ssaoRaw, out: &t.ssao,
			rawRTV: rtvSSAORaw, outRTV: rtvSSAO, rawSRV: srvSSAORaw, w: t.ssaoW, h: t.ssaoH, neutral: 1}
	case formats.PassSSR:
		return effect{first: r.ssr, state: stateSSR, out: &t.ssr, outRTV: rtvSSR, w: t.w, h: t.h}
	}
	return effect{first: r.bloom, second: r.bloomBlur, state: stateBloom, raw: &t.bloomBright, out: &t.bloom,
		rawRTV: rtvBloomBright, outRTV: rtvBloom, rawSRV: srvBloomBright, w: t.bloomW, h: t.bloomH}
}

// RunEffect records effect pass p between two timestamps: its fullscreen
// steps with the viewport at the size of its own targets, or, with the
// effect off, the clear of its output to the neutral value (the antialias
// pass then records nothing). The Target constants (b2) keep the frame's
// full size, from which the bloom shaders derive their quarter.
func (r *driver) RunEffect(p formats.Pass, mode core.EffectMode) error {
	r.stamp(p, false)
	defer r.stamp(p, true)
	on := mode == core.EffectOn
	if mode == core.EffectIdle {
		return nil // the output still holds its neutral value
	}
	if p == formats.PassAntialias {
		switch {
		case on && r.taa:
			r.temporalAntialias()
		case on:
			r.antialiasPass()
		}
		return nil
	}
	list := r.d.frame
	e := r.effectOf(p)
	if !on {
		e.out.to(list, stateRenderTarget)
		c := [4]float32{e.neutral, e.neutral, e.neutral, e.neutral}
		list.Call(listClearRenderTargetView, r.rtvHeap.cpuAt(e.outRTV), uintptr(unsafe.Pointer(&c[0])), 0, 0)
		return nil
	}
	t := &r.targets
	switch p {
	case formats.PassSSAO:
		// ssao reads the gbuffer's normal (t3) and depth (t5) through the
		// t1-t6 table, as lighting_pass does.
		t.gNormal.to(list, statePixelShaderRes)
		t.gDepth.to(list, statePixelShaderRes)
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	case formats.PassSSR:
		// ssr reads the HDR image at t0 and the gbuffer's normal (t3),
		// material (t4) and depth (t5) through the t1-t6 table; the
		// forward and transparent passes left the depth a depth target.
		t.hdr.to(list, statePixelShaderRes)
		t.gNormal.to(list, statePixelShaderRes)
		t.gMaterial.to(list, statePixelShaderRes)
		t.gDepth.to(list, statePixelShaderRes)
		list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvHDR))
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	default:
		// bloom reads the HDR image at t0.
		t.hdr.to(list, statePixelShaderRes)
		list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvHDR))
	}
	if e.second == nil {
		e.out.to(list, stateRenderTarget)
		r.bindColorAt(e.outRTV, -1, e.w, e.h)
		r.fullscreen(e.first.psos[e.state])
		return nil
	}
	e.raw.to(list, stateRenderTarget)
	r.bindColorAt(e.rawRTV, -1, e.w, e.h)
	r.fullscreen(e.first.psos[e.state])
	e.raw.to(list, statePixelShaderRes)
	e.out.to(list, stateRenderTarget)
	r.bindColorAt(e.outRTV, -1, e.w, e.h)
	list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(e.rawSRV))
	// ssao_blur reads between texel centres.
	list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(backends.FilteredTarget.SamplerIndex()))
	r.fullscreen(e.second.psos[e.state])
	return nil
}

// antialiasPass records antialias from the composite output (t0) into
// the aa target, then the copy of that back over the composite output,
// which the debug and UI passes draw on, EndFrame presents and reads back:
// they move it on from the copy destination state it is left in.
func (r *driver) antialiasPass() {
	list := r.d.frame
	t := &r.targets
	t.ldr.to(list, statePixelShaderRes)
	t.aa.to(list, stateRenderTarget)
	r.bindColor(rtvAA, -1)
	list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvLDR))
	list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(backends.FilteredTarget.SamplerIndex()))
	r.fullscreen(r.antialias.psos[stateAntialias])
	t.aa.to(list, stateCopySource)
	t.ldr.to(list, stateCopyDest)
	list.Call(listCopyResource, ptr(t.ldr.res), ptr(t.aa.res))
}

// temporalAntialias records taa from the composite output (t0), the
// scene's depth (t5, through the t1-t6 table) and the history (t7: the taa
// target the frame before drew) into the other taa target, then its copy
// over the composite output, as antialiasPass does.
func (r *driver) temporalAntialias() {
	list := r.d.frame
	t := &r.targets
	r.taaTurn ^= 1
	cur, history := &t.taa[r.taaTurn], &t.taa[1-r.taaTurn]
	t.ldr.to(list, statePixelShaderRes)
	t.gDepth.to(list, statePixelShaderRes)
	history.to(list, statePixelShaderRes)
	cur.to(list, stateRenderTarget)
	r.bindColor(rtvTAA+uint32(r.taaTurn), -1)
	list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvLDR))
	list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	list.Call(listSetGraphicsRootTable, rootEffect, r.srvHeap.gpuAt(srvTAA+uint32(1-r.taaTurn)))
	list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(backends.FilteredTarget.SamplerIndex()))
	r.fullscreen(r.taaProg.psos[stateAntialias])
	cur.to(list, stateCopySource)
	t.ldr.to(list, stateCopyDest)
	list.Call(listCopyResource, ptr(t.ldr.res), ptr(cur.res))
}
