//go:build windows

package d3d11

import (
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// Shader resource slots of the engine's shaders. t0/s0 (material texture)
// and t1/s1 (shadow map) are the documented interface; the gbuffer and HDR
// slots are read only by lighting_pass and composite.
const (
	slotTexture   = 0
	slotShadowMap = 1
	slotGAlbedo   = 2 // t2..t5: albedo, normal, material, depth
	slotHDR       = 0 // composite reads the HDR target at t0
	numSlots      = 6

	cbFrame  = 0
	cbDraw   = 1
	cbTarget = 2 // lighting_pass: target size in pixels
)

var nullSlots [numSlots]uintptr

// BeginFrame starts a frame and uploads its Frame constant buffer.
func (r *renderer) BeginFrame(frame *backends.FrameData) error {
	if r.closed {
		return r.errClosed()
	}
	if err := r.seq.BeginFrame(frame); err != nil {
		return err
	}
	r.stats.Reset()
	r.block.Pack(frame, r.shadowSize)
	r.d.ctx.Call(ctxUpdateSubresource, ptr(r.frameCB), 0, 0, uintptr(unsafe.Pointer(&r.block[0])), 0, 0)
	return nil
}

// BeginPass opens pass p, first running empty any pass the frame skipped
// (the gbuffer is still cleared, lighting still fills the sky). The
// fullscreen passes draw here.
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
	r.cur, r.curTex = nil, nil
	return nil
}

// EndFrame runs the passes the frame skipped, so the image is complete, and
// copies it to the readback texture.
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
	r.unbindAll()
	r.d.ctx.Call(ctxCopyResource, ptr(r.targets.staging), ptr(r.targets.ldr.tex))
	r.d.ctx.Call(ctxFlush)
	return nil
}

// unbindAll detaches every target and shader resource, so no texture is
// bound for reading and writing at once when the next pass binds it.
func (r *renderer) unbindAll() {
	ctx := r.d.ctx
	ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&nullSlots[0])))
	ctx.Call(ctxOMSetRenderTargets, 0, 0, 0)
}

// setupPass binds the targets and fixed state of pass p, as the Vulkan
// backend's render passes and pipelines set them, and draws the fullscreen
// passes.
func (r *renderer) setupPass(p backends.RenderPass) {
	ctx := r.d.ctx
	t := &r.targets
	r.unbindAll()
	r.cur, r.curTex = nil, nil
	cbs := [2]uintptr{ptr(r.frameCB), ptr(r.drawCB)}
	ctx.Call(ctxVSSetConstantBuffers, 0, 2, uintptr(unsafe.Pointer(&cbs[0])))
	ctx.Call(ctxPSSetConstantBuffers, 0, 2, uintptr(unsafe.Pointer(&cbs[0])))
	ctx.Call(ctxIASetPrimitiveTopo, topologyTriangle)
	ctx.Call(ctxOMSetBlendState, 0, 0, 0xffffffff)
	w, h := t.w, t.h
	switch p {
	case backends.PassShadow:
		ctx.Call(ctxOMSetRenderTargets, 0, 0, ptr(r.shadow.dsv))
		ctx.Call(ctxClearDepthStencilView, ptr(r.shadow.dsv), clearDepth, f32(1), 0)
		r.viewport(r.shadowSize, r.shadowSize)
		ctx.Call(ctxRSSetState, ptr(r.states.shadow))
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
	case backends.PassGBuffer:
		rtvs := [3]uintptr{ptr(t.gAlbedo.rtv), ptr(t.gNormal.rtv), ptr(t.gMaterial.rtv)}
		ctx.Call(ctxOMSetRenderTargets, 3, uintptr(unsafe.Pointer(&rtvs[0])), ptr(t.gDepth.dsv))
		zero := [4]float32{}
		for _, v := range rtvs {
			ctx.Call(ctxClearRenderTargetView, v, uintptr(unsafe.Pointer(&zero[0])))
		}
		ctx.Call(ctxClearDepthStencilView, ptr(t.gDepth.dsv), clearDepth, f32(1), 0)
		r.viewport(w, h)
		ctx.Call(ctxRSSetState, ptr(r.states.cullBack))
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
		r.bindShadowMap()
	case backends.PassLighting:
		r.bindColor(t.hdr.rtv, nil, w, h)
		srvs := [numSlots]uintptr{slotShadowMap: ptr(r.shadow.srv), slotGAlbedo: ptr(t.gAlbedo.srv),
			slotGAlbedo + 1: ptr(t.gNormal.srv), slotGAlbedo + 2: ptr(t.gMaterial.srv), slotGAlbedo + 3: ptr(t.gDepth.srv)}
		ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&srvs[0])))
		r.bindSamplers(r.white.sampler)
		size := ptr(t.size)
		ctx.Call(ctxPSSetConstantBuffers, cbTarget, 1, uintptr(unsafe.Pointer(&size)))
		r.fullscreen(r.engine.lighting)
	case backends.PassForward, backends.PassTransparent:
		r.bindColor(t.hdr.rtv, t.gDepth.dsv, w, h)
		if p == backends.PassForward {
			ctx.Call(ctxRSSetState, ptr(r.states.cullBack))
			ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
		} else {
			ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
			ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthTest), 0)
			ctx.Call(ctxOMSetBlendState, ptr(r.states.alpha), 0, 0xffffffff)
		}
		r.bindShadowMap()
	case backends.PassComposite:
		r.bindColor(t.ldr.rtv, nil, w, h)
		srv := ptr(t.hdr.srv)
		ctx.Call(ctxPSSetShaderResources, slotHDR, 1, uintptr(unsafe.Pointer(&srv)))
		r.fullscreen(r.engine.composite)
	}
}

func (r *renderer) bindColor(rtv, dsv *dxcom.Object, w, h int) {
	v := ptr(rtv)
	r.d.ctx.Call(ctxOMSetRenderTargets, 1, uintptr(unsafe.Pointer(&v)), ptr(dsv))
	r.viewport(w, h)
}

func (r *renderer) bindShadowMap() {
	srv := ptr(r.shadow.srv)
	r.d.ctx.Call(ctxPSSetShaderResources, slotShadowMap, 1, uintptr(unsafe.Pointer(&srv)))
	smp := ptr(r.states.shadowSampler)
	r.d.ctx.Call(ctxPSSetSamplers, slotShadowMap, 1, uintptr(unsafe.Pointer(&smp)))
}

func (r *renderer) bindSamplers(material int) {
	smps := [2]uintptr{ptr(r.states.samplers[material]), ptr(r.states.shadowSampler)}
	r.d.ctx.Call(ctxPSSetSamplers, 0, 2, uintptr(unsafe.Pointer(&smps[0])))
}

func (r *renderer) viewport(w, h int) {
	vp := viewport{Width: float32(w), Height: float32(h), MaxDepth: 1}
	r.d.ctx.Call(ctxRSSetViewports, 1, uintptr(unsafe.Pointer(&vp)))
}

// fullscreen draws one triangle that covers the target, with no vertex
// buffer: the vertex shader makes the corners from SV_VertexID.
func (r *renderer) fullscreen(p *program) {
	ctx := r.d.ctx
	ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
	ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.none), 0)
	ctx.Call(ctxIASetInputLayout, 0)
	ctx.Call(ctxVSSetShader, ptr(p.vs), 0, 0)
	ctx.Call(ctxPSSetShader, ptr(p.ps), 0, 0)
	ctx.Call(ctxDraw, 3, 0)
}

// Draw draws in the open pass. Draws that cannot go ahead are dropped and
// counted in Stats: a custom format whose pipeline for the pass is not
// Ready, a default-format mesh whose material failed, a default-format mesh
// in the gbuffer pass (there is no default gbuffer vertex stage).
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
			r.log.Error(fmt.Sprintf("D3D11Renderer: draw of unknown mesh %d dropped", d.Mesh), "backend", name, "pass", p.String())
		}
		return
	}
	var prog *program
	if m.format == formats.DefaultHandle {
		switch p {
		case backends.PassShadow:
			prog = r.engine.shadow
		case backends.PassForward, backends.PassTransparent:
			if i := int(d.Shader) - 1; i >= 0 && i < len(r.materials) {
				prog = r.materials[i]
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
	tex := &r.white
	if d.Texture != 0 {
		if t := r.textures.Get(uint32(d.Texture)); t != nil {
			tex = t
		}
	}
	ctx := r.d.ctx
	if prog != r.cur {
		r.cur = prog
		ctx.Call(ctxIASetInputLayout, ptr(prog.layout))
		ctx.Call(ctxVSSetShader, ptr(prog.vs), 0, 0)
		ctx.Call(ctxPSSetShader, ptr(prog.ps), 0, 0)
	}
	if tex != r.curTex {
		r.curTex = tex
		srv := ptr(tex.srv)
		ctx.Call(ctxPSSetShaderResources, slotTexture, 1, uintptr(unsafe.Pointer(&srv)))
		r.bindSamplers(tex.sampler)
	}
	r.draw.Set(d)
	var mapped mappedSubresource
	if err := ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.drawCB), 0, mapWriteDiscard, 0, uintptr(unsafe.Pointer(&mapped))); err != nil {
		r.log.Error("D3D11Renderer: draw dropped: "+err.Error(), "backend", name, "pass", p.String())
		return
	}
	*(*backends.DrawBlock)(dxcom.Pointer(mapped.Data)) = r.draw
	ctx.Call(ctxUnmap, ptr(r.drawCB), 0)
	vb, stride, offset := ptr(m.vb), m.stride, uint32(0)
	ctx.Call(ctxIASetVertexBuffers, 0, 1, uintptr(unsafe.Pointer(&vb)), uintptr(unsafe.Pointer(&stride)), uintptr(unsafe.Pointer(&offset)))
	ctx.Call(ctxIASetIndexBuffer, ptr(m.ib), uintptr(dxcom.FormatR32UInt), 0)
	ctx.Call(ctxDrawIndexed, uintptr(m.indexCount), 0, 0)
}
