//go:build windows

package d3d12

import (
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// BeginFrame starts recording a frame and writes its Frame constants.
func (r *driver) BeginFrame(block *backends.FrameBlock) error {
	if err := begin(r.d.frameAlloc, r.d.frame); err != nil {
		return err
	}
	*(*backends.FrameBlock)(r.frameMap) = *block
	r.taa = block.TAA()
	for i := range backends.NumCascades {
		block.Cascade(i, (*backends.FrameBlock)(unsafe.Add(r.frameMap, cascadeCB(i))))
	}
	size := [4]float32{float32(r.width), float32(r.height), 1 / float32(r.width), 1 / float32(r.height)}
	*(*[4]float32)(unsafe.Add(r.frameMap, sizeCBOffset)) = size
	r.bindRoot()
	return nil
}

// SetEnvironment makes t the environment atlas (t9) of the next frame,
// whose BeginFrame binds it.
func (r *driver) SetEnvironment(t texture) { r.env = t }

// UploadLights copies the grid's rows into the upload buffer and records
// their copy into the light texture before the frame's first pass. The
// previous frame has finished (EndFrame waits on its fence).
func (r *driver) UploadLights(g *backends.LightGrid) error {
	n := g.Rows * backends.LightGridWidth * 4
	copy(unsafe.Slice((*float32)(r.lightMap), n), g.Texels[:n])
	list := r.d.frame
	r.lights.to(list, stateCopyDest)
	to := textureCopyLocation{Resource: r.lights.res, Type: copyTypeSubresource}
	from := textureCopyLocation{Resource: r.lightUpload, Type: copyTypeFootprint, Format: dxcom.FormatR32G32B32A32Float,
		Width: backends.LightGridWidth, Height: uint32(g.Rows), Depth: 1, RowPitch: lightRowPitch}
	list.Call(listCopyTextureRegion, uintptr(unsafe.Pointer(&to)), 0, 0, 0, uintptr(unsafe.Pointer(&from)), 0)
	// Skinning vertex shaders read the joint palette from it too
	// (sleak_skin.hlsli).
	r.lights.to(list, stateAnyShaderRes)
	return nil
}

// bindRoot sets what every pass of the frame shares.
func (r *driver) bindRoot() {
	list := r.d.frame
	heaps := [2]uintptr{ptr(r.srvHeap.heap), ptr(r.smpHeap.heap)}
	list.Call(listSetDescriptorHeaps, 2, uintptr(unsafe.Pointer(&heaps[0])))
	list.Call(listSetGraphicsRootSignature, ptr(r.rootSig))
	addr := gpuAddress(r.frameCB)
	list.Call(listSetGraphicsRootCBV, rootFrame, uintptr(addr))
	list.Call(listSetGraphicsRootCBV, rootSize, uintptr(addr+sizeCBOffset))
	list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvWhite))
	list.Call(listSetGraphicsRootTable, rootNormalMap, r.srvHeap.gpuAt(srvWhite))
	list.Call(listSetGraphicsRootTable, rootEmissiveMap, r.srvHeap.gpuAt(srvWhite))
	list.Call(listSetGraphicsRootTable, rootNormalSampler, r.smpHeap.gpuAt(r.white.sampler))
	list.Call(listSetGraphicsRootTable, rootEmissiveSampler, r.smpHeap.gpuAt(r.white.sampler))
	list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(r.white.sampler))
	list.Call(listSetGraphicsRootTable, rootEffect, r.srvHeap.gpuAt(srvSSAO))
	list.Call(listSetGraphicsRootTable, rootSSR, r.srvHeap.gpuAt(srvSSR))
	list.Call(listSetGraphicsRootTable, rootEnv, r.srvHeap.gpuAt(r.env.slot))
	list.Call(listIASetPrimitiveTopology, dxcom.TopologyTriangleList)
}

// RedrawCascades sets the cascades the next shadow pass clears and draws.
func (r *driver) RedrawCascades(cascades uint8) { r.redraw = cascades }

// RunPass records pass p between two timestamps.
func (r *driver) RunPass(p formats.Pass, draws []core.Draw[mesh, texture, *program]) error {
	r.stamp(p, false)
	err := r.runPass(p, draws)
	r.stamp(p, true)
	return err
}

// runPass records pass p: its targets, clears and fixed state, the
// fullscreen passes' triangle, then the draws in order. The shadow pass
// draws once per cascade, into the cascade's tile with its Frame block,
// and then points b0 back at the main block.
func (r *driver) runPass(p formats.Pass, draws []core.Draw[mesh, texture, *program]) error {
	r.setupPass(p)
	if p != formats.PassShadow {
		r.recordDraws(p, draws, 0)
		return nil
	}
	list := r.d.frame
	addr := gpuAddress(r.frameCB)
	for i := range backends.NumCascades {
		if r.redraw&(1<<i) == 0 {
			continue // kept from an earlier frame
		}
		x, y, side := backends.CascadeTile(i, r.shadowSize)
		r.viewportAt(x, y, side, side)
		list.Call(listSetGraphicsRootCBV, rootFrame, uintptr(addr)+cascadeCB(i))
		r.recordDraws(p, draws, uint8(1)<<i)
	}
	list.Call(listSetGraphicsRootCBV, rootFrame, uintptr(addr))
	return nil
}

// recordDraws records the draws of pass p in order; with a cascade bit, only
// those whose Cascades have it.
func (r *driver) recordDraws(p formats.Pass, draws []core.Draw[mesh, texture, *program], cascade uint8) {
	if len(draws) == 0 {
		return
	}
	st := passStates[p]
	list := r.d.frame
	var cur *dxcom.Object
	curTex := ^uint32(0)
	curMaps := [2]uint32{^uint32(0), ^uint32(0)}
	curMapSamplers := [2]uint32{^uint32(0), ^uint32(0)}
	for i := range draws {
		d := &draws[i]
		if d.Cascades&cascade != cascade {
			continue // not a caster of this cascade
		}
		if pso := d.Program.psos[st]; pso != cur {
			cur = pso
			list.Call(listSetPipelineState, ptr(pso))
		}
		if d.Texture.slot != curTex {
			curTex = d.Texture.slot
			list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(d.Texture.slot))
			list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(d.Texture.sampler))
		}
		if d.NormalMap.slot != curMaps[0] {
			curMaps[0] = d.NormalMap.slot
			list.Call(listSetGraphicsRootTable, rootNormalMap, r.srvHeap.gpuAt(d.NormalMap.slot))
		}
		if d.EmissiveMap.slot != curMaps[1] {
			curMaps[1] = d.EmissiveMap.slot
			list.Call(listSetGraphicsRootTable, rootEmissiveMap, r.srvHeap.gpuAt(d.EmissiveMap.slot))
		}
		if d.NormalMap.sampler != curMapSamplers[0] {
			curMapSamplers[0] = d.NormalMap.sampler
			list.Call(listSetGraphicsRootTable, rootNormalSampler, r.smpHeap.gpuAt(d.NormalMap.sampler))
		}
		if d.EmissiveMap.sampler != curMapSamplers[1] {
			curMapSamplers[1] = d.EmissiveMap.sampler
			list.Call(listSetGraphicsRootTable, rootEmissiveSampler, r.smpHeap.gpuAt(d.EmissiveMap.sampler))
		}
		copy(r.draw[:16], d.Model[:])
		copy(r.draw[16:20], d.Color[:])
		copy(r.draw[20:], d.Surface[:])
		list.Call(listSetGraphicsRootConstants, rootDraw, numRootDraws, uintptr(unsafe.Pointer(&r.draw[0])), 0)
		list.Call(listIASetVertexBuffers, 0, uintptr(d.Mesh.views), uintptr(unsafe.Pointer(&d.Mesh.vbv[0])))
		list.Call(listIASetIndexBuffer, uintptr(unsafe.Pointer(&d.Mesh.ibv)))
		list.Call(listDrawIndexedInstanced, uintptr(d.Mesh.indexCnt), uintptr(d.Mesh.count), 0, 0, 0)
	}
}

// EndFrame records the copy of the image to the readback buffer, submits
// the frame and waits on the fence for it. Windowed, the image is copied
// into the swap chain's current buffer first, the readback copy is taken
// from that buffer (so ReadPixels returns what was presented), and the
// buffer is presented.
func (r *driver) EndFrame() error {
	list := r.d.frame
	t := &r.targets
	t.ldr.to(list, stateCopySource)
	src := t.ldr.res
	var back *tracked
	if r.sc != nil {
		back = &r.backs[r.sc.Current()]
		back.to(list, stateCopyDest)
		list.Call(listCopyResource, ptr(back.res), ptr(t.ldr.res))
		back.to(list, stateCopySource)
		src = back.res
	}
	r.copyOut(list, src)
	if back != nil {
		back.to(list, statePresent)
	}
	r.resolveTimes()
	if err := r.d.submit(list); err != nil {
		return err
	}
	r.ended++
	r.completed = r.ended
	r.readTimes(r.ended)
	r.Validation.Drain() // log the frame's messages in the frame's order
	if r.sc != nil {
		return r.sc.Present()
	}
	return nil
}

// copyOut records the copy of src, the composite target or the swap
// chain's buffer holding it, to the readback buffer.
func (r *driver) copyOut(list *dxcom.Object, src *dxcom.Object) {
	t := &r.targets
	to := textureCopyLocation{Resource: t.readback, Type: copyTypeFootprint, Format: dxcom.FormatR8G8B8A8UNorm,
		Width: uint32(t.w), Height: uint32(t.h), Depth: 1, RowPitch: t.rowPitch}
	from := textureCopyLocation{Resource: src, Type: copyTypeSubresource}
	list.Call(listCopyTextureRegion, uintptr(unsafe.Pointer(&to)), 0, 0, 0, uintptr(unsafe.Pointer(&from)), 0)
}

// setupPass records the targets, clears and fixed state of pass p, and the
// fullscreen passes' draws.
func (r *driver) setupPass(p formats.Pass) {
	list := r.d.frame
	t := &r.targets
	switch p {
	case formats.PassShadow:
		r.shadow.to(list, stateDepthWrite)
		dsv := r.dsvHeap.cpuAt(dsvShadow)
		list.Call(listOMSetRenderTargets, 0, 0, 0, uintptr(unsafe.Pointer(&dsv)))
		// Only the tiles of the cascades redrawn: the others keep what an
		// earlier frame drew.
		n := 0
		for i := range backends.NumCascades {
			if r.redraw&(1<<i) != 0 {
				x, y, side := backends.CascadeTile(i, r.shadowSize)
				r.tileRects[n] = dxcom.Rect{Left: int32(x), Top: int32(y), Right: int32(x + side), Bottom: int32(y + side)}
				n++
			}
		}
		list.Call(listClearDepthStencilView, dsv, dxcom.ClearDepth, f32(1), 0, uintptr(n), uintptr(unsafe.Pointer(&r.tileRects[0])))
	case formats.PassGBuffer:
		t.gAlbedo.to(list, stateRenderTarget)
		t.gNormal.to(list, stateRenderTarget)
		t.gMaterial.to(list, stateRenderTarget)
		t.gDepth.to(list, stateDepthWrite)
		rtvs := [3]uintptr{r.rtvHeap.cpuAt(rtvGAlbedo), r.rtvHeap.cpuAt(rtvGAlbedo + 1), r.rtvHeap.cpuAt(rtvGAlbedo + 2)}
		dsv := r.dsvHeap.cpuAt(dsvGDepth)
		list.Call(listOMSetRenderTargets, 3, uintptr(unsafe.Pointer(&rtvs[0])), 0, uintptr(unsafe.Pointer(&dsv)))
		// The colour targets are not cleared (the Backend contract).
		list.Call(listClearDepthStencilView, dsv, dxcom.ClearDepth, f32(1), 0, 0, 0)
		r.viewport(t.w, t.h)
	case formats.PassLighting:
		r.shadow.to(list, statePixelShaderRes)
		t.gAlbedo.to(list, statePixelShaderRes)
		t.gNormal.to(list, statePixelShaderRes)
		t.gMaterial.to(list, statePixelShaderRes)
		t.gDepth.to(list, statePixelShaderRes)
		t.ssao.to(list, statePixelShaderRes)
		t.hdr.to(list, stateRenderTarget)
		r.bindColor(rtvHDR, -1)
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
		list.Call(listSetGraphicsRootTable, rootEffect, r.srvHeap.gpuAt(srvSSAO))
		r.fullscreen(r.lighting.psos[stateLighting])
	case formats.PassForward, formats.PassTransparent:
		r.shadow.to(list, statePixelShaderRes)
		t.gDepth.to(list, stateDepthWrite)
		t.hdr.to(list, stateRenderTarget)
		r.bindColor(rtvHDR, dsvGDepth)
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	case formats.PassComposite:
		t.hdr.to(list, statePixelShaderRes)
		t.bloom.to(list, statePixelShaderRes)
		t.ssr.to(list, statePixelShaderRes)
		t.ldr.to(list, stateRenderTarget)
		r.bindColor(rtvLDR, -1)
		list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvHDR))
		list.Call(listSetGraphicsRootTable, rootEffect, r.srvHeap.gpuAt(srvBloom))
		list.Call(listSetGraphicsRootTable, rootSSR, r.srvHeap.gpuAt(srvSSR))
		// The bloom, between its texels' centres.
		list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(backends.FilteredTarget.SamplerIndex()))
		r.fullscreen(r.composite.psos[stateComposite])
	case formats.PassUI:
		// Over the composite output (a copy destination after the
		// antialias pass); copyOut reads it.
		t.ldr.to(list, stateRenderTarget)
		r.bindColor(rtvLDR, -1)
	}
}

// bindColor binds one colour target and, when dsv is not negative, a depth
// target, with a viewport over the frame.
func (r *driver) bindColor(rtv uint32, dsv int) {
	r.bindColorAt(rtv, dsv, r.targets.w, r.targets.h)
}

// bindColorAt is bindColor for a target of w x h pixels.
func (r *driver) bindColorAt(rtv uint32, dsv int, w, h int) {
	v := r.rtvHeap.cpuAt(rtv)
	var d uintptr
	dp := uintptr(0)
	if dsv >= 0 {
		d = r.dsvHeap.cpuAt(uint32(dsv))
		dp = uintptr(unsafe.Pointer(&d))
	}
	r.d.frame.Call(listOMSetRenderTargets, 1, uintptr(unsafe.Pointer(&v)), 0, dp)
	r.viewport(w, h)
}

// viewport sets the viewport and scissor to a whole target of w x h pixels.
func (r *driver) viewport(w, h int) { r.viewportAt(0, 0, w, h) }

// viewportAt sets the viewport and scissor to the w x h pixels at x, y.
func (r *driver) viewportAt(x, y, w, h int) {
	vp := dxcom.Viewport{X: float32(x), Y: float32(y), Width: float32(w), Height: float32(h), MaxDepth: 1}
	sc := dxcom.Rect{Left: int32(x), Top: int32(y), Right: int32(x + w), Bottom: int32(y + h)}
	r.d.frame.Call(listRSSetViewports, 1, uintptr(unsafe.Pointer(&vp)))
	r.d.frame.Call(listRSSetScissorRects, 1, uintptr(unsafe.Pointer(&sc)))
}

// fullscreen draws one triangle that covers the target, with no vertex
// buffer: the vertex shader makes the corners from SV_VertexID.
func (r *driver) fullscreen(pso *dxcom.Object) {
	list := r.d.frame
	list.Call(listSetPipelineState, ptr(pso))
	list.Call(listDrawInstanced, 3, 1, 0, 0)
}
