//go:build windows

package d3d12

import (
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// BeginFrame starts recording a frame and writes its Frame constants.
func (r *renderer) BeginFrame(frame *backends.FrameData) error {
	if r.closed {
		return r.errClosed()
	}
	if err := r.seq.BeginFrame(frame); err != nil {
		return err
	}
	if err := begin(r.d.frameAlloc, r.d.frame); err != nil {
		r.seq.Ended()
		return fmt.Errorf("d3d12: BeginFrame: %w", err)
	}
	r.stats.Reset()
	r.recordErr = nil
	r.block.Pack(frame, r.shadowSize)
	*(*backends.FrameBlock)(r.frameMap) = r.block
	size := [4]float32{float32(r.width), float32(r.height), 1 / float32(r.width), 1 / float32(r.height)}
	*(*[4]float32)(unsafe.Add(r.frameMap, sizeCBOffset)) = size
	r.bindRoot()
	return nil
}

// bindRoot sets what every pass of the frame shares.
func (r *renderer) bindRoot() {
	list := r.d.frame
	heaps := [2]uintptr{ptr(r.srvHeap.heap), ptr(r.smpHeap.heap)}
	list.Call(listSetDescriptorHeaps, 2, uintptr(unsafe.Pointer(&heaps[0])))
	list.Call(listSetGraphicsRootSignature, ptr(r.rootSig))
	addr := gpuAddress(r.frameCB)
	list.Call(listSetGraphicsRootCBV, rootFrame, uintptr(addr))
	list.Call(listSetGraphicsRootCBV, rootSize, uintptr(addr+sizeCBOffset))
	list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvWhite))
	list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(r.white.sampler))
	list.Call(listIASetPrimitiveTopology, topologyTriangleList)
}

// BeginPass opens pass p, first recording any pass the frame skipped (the
// gbuffer is still cleared, lighting still fills the sky). The fullscreen
// passes draw here.
func (r *renderer) BeginPass(p backends.RenderPass) error {
	if r.closed {
		return r.errClosed()
	}
	if err := r.seq.BeginPass(p); err != nil {
		return err
	}
	for _, q := range r.seq.Skipped(p) {
		r.setupPass(q)
	}
	r.seq.Opened(p)
	r.setupPass(p)
	return nil
}

// EndPass closes the open pass.
func (r *renderer) EndPass() error {
	if r.closed {
		return r.errClosed()
	}
	if err := r.seq.EndPass(); err != nil {
		return err
	}
	r.seq.Closed()
	return nil
}

// EndFrame records the passes the frame skipped and the copy of the image
// to the readback buffer, submits the frame and waits for it.
func (r *renderer) EndFrame() error {
	if r.closed {
		return r.errClosed()
	}
	if err := r.seq.EndFrame(); err != nil {
		return err
	}
	for _, q := range r.seq.Skipped(backends.NumRenderPasses) {
		r.setupPass(q)
	}
	r.seq.Ended()
	r.copyOut(r.d.frame)
	err := r.d.submit(r.d.frame)
	r.flushDead()
	if err == nil {
		err = r.recordErr
	}
	if err != nil {
		return fmt.Errorf("d3d12: EndFrame: %w", err)
	}
	return nil
}

// copyOut records the copy of the composite target to the readback buffer.
func (r *renderer) copyOut(list *dxcom.Object) {
	t := &r.targets
	t.ldr.to(list, stateCopySource)
	to := textureCopyLocation{Resource: t.readback, Type: copyTypeFootprint, Format: dxcom.FormatR8G8B8A8UNorm,
		Width: uint32(t.w), Height: uint32(t.h), Depth: 1, RowPitch: t.rowPitch}
	from := textureCopyLocation{Resource: t.ldr.res, Type: copyTypeSubresource}
	list.Call(listCopyTextureRegion, uintptr(unsafe.Pointer(&to)), 0, 0, 0, uintptr(unsafe.Pointer(&from)), 0)
}

// clearOutput makes the image black, so a ReadPixels before the first
// frame returns something defined.
func (r *renderer) clearOutput() error {
	list := r.d.upload
	if err := begin(r.d.uploadAlloc, list); err != nil {
		return err
	}
	r.targets.ldr.to(list, stateRenderTarget)
	black := [4]float32{0, 0, 0, 1}
	list.Call(listClearRenderTargetView, r.rtvHeap.cpuAt(rtvLDR), uintptr(unsafe.Pointer(&black[0])), 0, 0)
	r.copyOut(list)
	// The shadow map starts at the far plane too: a frame may read it
	// before any shadow pass has drawn it.
	r.shadow.to(list, stateDepthWrite)
	list.Call(listClearDepthStencilView, r.dsvHeap.cpuAt(dsvShadow), clearDepth, f32(1), 0, 0, 0)
	return r.d.submit(list)
}

// setupPass records the targets, clears and fixed state of pass p, and the
// fullscreen passes' draws.
func (r *renderer) setupPass(p backends.RenderPass) {
	list := r.d.frame
	t := &r.targets
	r.cur, r.curTex = nil, 0
	switch p {
	case backends.PassShadow:
		r.shadow.to(list, stateDepthWrite)
		dsv := r.dsvHeap.cpuAt(dsvShadow)
		list.Call(listOMSetRenderTargets, 0, 0, 0, uintptr(unsafe.Pointer(&dsv)))
		list.Call(listClearDepthStencilView, dsv, clearDepth, f32(1), 0, 0, 0)
		r.viewport(r.shadowSize, r.shadowSize)
	case backends.PassGBuffer:
		t.gAlbedo.to(list, stateRenderTarget)
		t.gNormal.to(list, stateRenderTarget)
		t.gMaterial.to(list, stateRenderTarget)
		t.gDepth.to(list, stateDepthWrite)
		rtvs := [3]uintptr{r.rtvHeap.cpuAt(rtvGAlbedo), r.rtvHeap.cpuAt(rtvGAlbedo + 1), r.rtvHeap.cpuAt(rtvGAlbedo + 2)}
		dsv := r.dsvHeap.cpuAt(dsvGDepth)
		list.Call(listOMSetRenderTargets, 3, uintptr(unsafe.Pointer(&rtvs[0])), 0, uintptr(unsafe.Pointer(&dsv)))
		zero := [4]float32{}
		for _, v := range rtvs {
			list.Call(listClearRenderTargetView, v, uintptr(unsafe.Pointer(&zero[0])), 0, 0)
		}
		list.Call(listClearDepthStencilView, dsv, clearDepth, f32(1), 0, 0, 0)
		r.viewport(t.w, t.h)
	case backends.PassLighting:
		r.shadow.to(list, statePixelShaderRes)
		t.gAlbedo.to(list, statePixelShaderRes)
		t.gNormal.to(list, statePixelShaderRes)
		t.gMaterial.to(list, statePixelShaderRes)
		t.gDepth.to(list, statePixelShaderRes)
		t.hdr.to(list, stateRenderTarget)
		r.bindColor(rtvHDR, -1)
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
		r.fullscreen(r.lighting.psos[stateLighting])
	case backends.PassForward, backends.PassTransparent:
		r.shadow.to(list, statePixelShaderRes)
		t.gDepth.to(list, stateDepthWrite)
		t.hdr.to(list, stateRenderTarget)
		r.bindColor(rtvHDR, dsvGDepth)
		list.Call(listSetGraphicsRootTable, rootTargets, r.srvHeap.gpuAt(srvShadow))
	case backends.PassComposite:
		t.hdr.to(list, statePixelShaderRes)
		t.ldr.to(list, stateRenderTarget)
		r.bindColor(rtvLDR, -1)
		list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(srvHDR))
		r.fullscreen(r.composite.psos[stateComposite])
	}
}

// bindColor binds one colour target and, when dsv is not negative, a depth
// target, with a viewport over the frame.
func (r *renderer) bindColor(rtv uint32, dsv int) {
	v := r.rtvHeap.cpuAt(rtv)
	var d uintptr
	dp := uintptr(0)
	if dsv >= 0 {
		d = r.dsvHeap.cpuAt(uint32(dsv))
		dp = uintptr(unsafe.Pointer(&d))
	}
	r.d.frame.Call(listOMSetRenderTargets, 1, uintptr(unsafe.Pointer(&v)), 0, dp)
	r.viewport(r.targets.w, r.targets.h)
}

func (r *renderer) viewport(w, h int) {
	vp := viewport{Width: float32(w), Height: float32(h), MaxDepth: 1}
	sc := rect{Right: int32(w), Bottom: int32(h)}
	r.d.frame.Call(listRSSetViewports, 1, uintptr(unsafe.Pointer(&vp)))
	r.d.frame.Call(listRSSetScissorRects, 1, uintptr(unsafe.Pointer(&sc)))
}

// fullscreen draws one triangle that covers the target, with no vertex
// buffer: the vertex shader makes the corners from SV_VertexID.
func (r *renderer) fullscreen(pso *dxcom.Object) {
	list := r.d.frame
	list.Call(listSetPipelineState, ptr(pso))
	list.Call(listDrawInstanced, 3, 1, 0, 0)
	r.cur = pso
}

// Draw records a draw in the open pass. Draws that cannot go ahead are
// dropped and counted in Stats: a custom format whose pipeline for the pass
// is not Ready, a default-format mesh whose material failed, a
// default-format mesh in the gbuffer pass (there is no default gbuffer
// vertex stage).
func (r *renderer) Draw(d *backends.Draw) {
	if r.closed || !r.seq.Open || d == nil {
		return
	}
	p := r.seq.Pass
	stem, ok := p.Stem()
	if !ok {
		return // the fullscreen passes take no draws
	}
	r.stats.Draws[p]++
	m := r.meshes.Get(uint32(d.Mesh))
	if m == nil {
		if !r.badMesh {
			r.badMesh = true
			r.log.Error(fmt.Sprintf("D3D12Renderer: draw of unknown mesh %d dropped", d.Mesh), "backend", name, "pass", p.String())
		}
		return
	}
	var pso *dxcom.Object
	if m.format == formats.DefaultHandle {
		switch p {
		case backends.PassShadow:
			pso = r.shadowProg.psos[stateShadow]
		case backends.PassForward, backends.PassTransparent:
			if i := int(d.Shader) - 1; i >= 0 && i < len(r.materials) {
				pso = r.materials[i].psos[passStates[stem]]
			}
			if pso == nil {
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
		pso = r.formatProgs[m.format][stem].psos[passStates[stem]]
	}
	tex := &r.white
	if d.Texture != 0 {
		if t := r.textures.Get(uint32(d.Texture)); t != nil {
			tex = t
		}
	}
	list := r.d.frame
	if pso != r.cur {
		r.cur = pso
		list.Call(listSetPipelineState, ptr(pso))
	}
	if tex.slot+1 != r.curTex {
		r.curTex = tex.slot + 1
		list.Call(listSetGraphicsRootTable, rootTexture, r.srvHeap.gpuAt(tex.slot))
		list.Call(listSetGraphicsRootTable, rootSampler, r.smpHeap.gpuAt(tex.sampler))
	}
	r.draw.Set(d)
	list.Call(listSetGraphicsRootConstants, rootDraw, numRootDraws, uintptr(unsafe.Pointer(&r.draw[0])), 0)
	list.Call(listIASetVertexBuffers, 0, 1, uintptr(unsafe.Pointer(&m.vbv)))
	list.Call(listIASetIndexBuffer, uintptr(unsafe.Pointer(&m.ibv)))
	list.Call(listDrawIndexedInstanced, uintptr(m.indexCnt), 1, 0, 0, 0)
}
