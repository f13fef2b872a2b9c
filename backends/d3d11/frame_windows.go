//go:build windows

package d3d11

import (
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// Shader resource slots of the engine's shaders. t0/s0 (material texture)
// and t1/s1 (shadow map) are the documented interface; the gbuffer, HDR and
// effect slots are read only by the fullscreen passes.
const (
	slotTexture   = 0
	slotShadowMap = 1
	slotGAlbedo   = 2 // t2..t5: albedo, normal, material, depth
	slotGNormal   = slotGAlbedo + 1
	slotGDepth    = slotGAlbedo + 3
	slotGMaterial = slotGAlbedo + 2
	slotHDR       = 0 // composite, ssr and bloom read the HDR target at t0
	slotLDR       = 0 // antialias reads the composite output at t0
	slotEffectIn  = 0 // ssao_blur and bloom_blur read their first step's target at t0
	slotLights    = 6 // the light grid: lighting, forward and transparent
	slotEffect    = 7 // an effect's result: ssaoMap for lighting_pass, bloomMap for composite
	slotSSR       = 8 // the SSR pass's reflections, for composite
	// t9 and t10: the material's normal and emissive maps, bound per draw
	// beside t0 (the white texture where it has none), each read with its
	// own sampler (s2, s3), as t0 is with s0.
	slotNormalMap = 9
	smpNormalMap  = 2
	// The environment atlas (backends.Environment) at t11, read through a
	// linear, clamped sampler at s4: lighting, forward and transparent.
	slotEnvironment = 11
	numSlots        = 12

	slotEnvSampler = 4

	cbFrame  = 0
	cbDraw   = 1
	cbTarget = 2 // every fullscreen pass: the framebuffer's size in pixels
)

var nullSlots [numSlots]uintptr

// BeginFrame waits for the frame two back (framesInFlight), reading its
// timestamps, and uploads the frame's Frame constant buffer and the shadow
// cascades' blocks.
func (r *driver) BeginFrame(block *backends.FrameBlock) error {
	r.beginTiming()
	r.block = *block
	ctx := r.d.ctx
	ctx.Call(ctxUpdateSubresource, ptr(r.frameCB), 0, 0, uintptr(unsafe.Pointer(&r.block[0])), 0, 0)
	for i, cb := range r.cascadeCBs {
		r.block.Cascade(i, &r.cascade)
		ctx.Call(ctxUpdateSubresource, ptr(cb), 0, 0, uintptr(unsafe.Pointer(&r.cascade[0])), 0, 0)
	}
	return nil
}

// SetEnvironment makes t the environment atlas the next frame's passes
// bind.
func (r *driver) SetEnvironment(t texture) { r.env = t }

// UploadLights writes the grid's rows into the light texture. Mapping it
// with WRITE_DISCARD gives fresh memory, so a frame the GPU still reads
// keeps its own grid.
func (r *driver) UploadLights(g *backends.LightGrid) error {
	var m mappedSubresource
	if err := r.d.ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.lights), 0, mapWriteDiscard, 0, uintptr(unsafe.Pointer(&m))); err != nil {
		return fmt.Errorf("light grid: %w", err)
	}
	const row = backends.LightGridWidth * 4
	for y := range g.Rows {
		dst := unsafe.Slice((*float32)(dxcom.Pointer(m.Data+uintptr(y)*uintptr(m.RowPitch))), row)
		copy(dst, g.Texels[y*row:(y+1)*row])
	}
	r.d.ctx.Call(ctxUnmap, ptr(r.lights), 0)
	return nil
}

// RedrawCascades sets the cascades the next shadow pass clears and draws.
func (r *driver) RedrawCascades(cascades uint8) { r.redraw = cascades }

// RunPass runs pass p between two timestamps.
func (r *driver) RunPass(p formats.Pass, draws []core.Draw[mesh, texture, *program]) error {
	r.stamp(p, false)
	err := r.runPass(p, draws)
	r.stamp(p, true)
	return err
}

// runPass binds the targets and fixed state of pass p, draws the
// fullscreen passes, then draws the pass's draws in order. The shadow pass
// draws once per cascade, into the cascade's tile with the cascade's Frame
// block at b0, and then binds the main block again.
func (r *driver) runPass(p formats.Pass, draws []core.Draw[mesh, texture, *program]) error {
	r.setupPass(p)
	if p != formats.PassShadow {
		return r.drawAll(p, draws, 0)
	}
	ctx := r.d.ctx
	for i, cb := range r.cascadeCBs {
		if r.redraw&(1<<i) == 0 {
			continue // kept from an earlier frame
		}
		x, y, side := backends.CascadeTile(i, r.shadowSize)
		sc := dxcom.Rect{Left: int32(x), Top: int32(y), Right: int32(x + side), Bottom: int32(y + side)}
		ctx.Call(ctxRSSetScissorRects, 1, uintptr(unsafe.Pointer(&sc)))
		if r.redraw != backends.AllCascades {
			r.clearTile(x, y, side)
		}
		r.viewportAt(x, y, side, side)
		b := ptr(cb)
		ctx.Call(ctxVSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&b)))
		ctx.Call(ctxPSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&b)))
		if err := r.drawAll(p, draws, uint8(1)<<i); err != nil {
			return fmt.Errorf("shadow cascade %d: %w", i, err)
		}
	}
	b := ptr(r.frameCB)
	ctx.Call(ctxVSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&b)))
	ctx.Call(ctxPSSetConstantBuffers, cbFrame, 1, uintptr(unsafe.Pointer(&b)))
	return nil
}

// clearTile sets the shadow map's tile at x, y to far depth, the scissor
// already on it. ClearDepthStencilView clears a whole view, so a frame
// that keeps some tiles draws the composite's fullscreen triangle instead,
// with a viewport whose depth range is [1, 1], writing every depth and no
// colour; it then restores the shadow pass's state.
func (r *driver) clearTile(x, y, side int) {
	ctx := r.d.ctx
	vp := dxcom.Viewport{X: float32(x), Y: float32(y), Width: float32(side), Height: float32(side), MinDepth: 1, MaxDepth: 1}
	ctx.Call(ctxRSSetViewports, 1, uintptr(unsafe.Pointer(&vp)))
	ctx.Call(ctxRSSetState, ptr(r.states.tileClear))
	ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthAlways), 0)
	ctx.Call(ctxIASetInputLayout, 0)
	ctx.Call(ctxVSSetShader, ptr(r.engine.composite.vs), 0, 0)
	ctx.Call(ctxPSSetShader, 0, 0, 0)
	ctx.Call(ctxDraw, 3, 0)
	ctx.Call(ctxRSSetState, ptr(r.states.shadow))
	ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
}

// drawAll draws the draws of pass p in order; with a cascade bit, only
// those whose Cascades have it.
func (r *driver) drawAll(p formats.Pass, draws []core.Draw[mesh, texture, *program], cascade uint8) error {
	ctx := r.d.ctx
	var cur *program
	var curSRV *dxcom.Object
	var curMaps [2]*dxcom.Object
	for i := range draws {
		d := &draws[i]
		if d.Cascades&cascade != cascade {
			continue // not a caster of this cascade
		}
		if d.Program != cur {
			cur = d.Program
			ctx.Call(ctxIASetInputLayout, ptr(cur.layout))
			ctx.Call(ctxVSSetShader, ptr(cur.vs), 0, 0)
			ctx.Call(ctxPSSetShader, ptr(cur.ps), 0, 0)
			if p == formats.PassForward {
				rs := r.states.cullBack
				if cur.twoSided {
					rs = r.states.cullNone
				}
				ctx.Call(ctxRSSetState, ptr(rs))
			}
		}
		if d.Texture.srv != curSRV {
			curSRV = d.Texture.srv
			srv := ptr(curSRV)
			ctx.Call(ctxPSSetShaderResources, slotTexture, 1, uintptr(unsafe.Pointer(&srv)))
			r.bindSamplers(d.Texture.sampler)
		}
		if maps := [2]*dxcom.Object{d.NormalMap.srv, d.EmissiveMap.srv}; maps != curMaps {
			curMaps = maps
			srvs := [2]uintptr{ptr(maps[0]), ptr(maps[1])}
			ctx.Call(ctxPSSetShaderResources, slotNormalMap, 2, uintptr(unsafe.Pointer(&srvs[0])))
			smps := [2]uintptr{ptr(r.states.samplers[d.NormalMap.sampler]), ptr(r.states.samplers[d.EmissiveMap.sampler])}
			ctx.Call(ctxPSSetSamplers, smpNormalMap, 2, uintptr(unsafe.Pointer(&smps[0])))
		}
		copy(r.draw[:16], d.Model[:])
		copy(r.draw[16:20], d.Color[:])
		copy(r.draw[20:], d.Surface[:])
		var mapped mappedSubresource
		if err := ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.drawCB), 0, mapWriteDiscard, 0, uintptr(unsafe.Pointer(&mapped))); err != nil {
			return fmt.Errorf("draw %d of %d: %w", i+1, len(draws), err)
		}
		*(*backends.DrawBlock)(dxcom.Pointer(mapped.Data)) = r.draw
		ctx.Call(ctxUnmap, ptr(r.drawCB), 0)
		m := &d.Mesh
		if m.ins != nil {
			// Slot 0 the vertices (none when every attribute steps per
			// instance), slot dxcom.InstanceSlot the instance records.
			vbs, strides, offsets := [2]uintptr{ptr(m.vb), ptr(m.ins)}, [2]uint32{m.stride, m.istride}, [2]uint32{}
			ctx.Call(ctxIASetVertexBuffers, 0, 2, uintptr(unsafe.Pointer(&vbs[0])), uintptr(unsafe.Pointer(&strides[0])), uintptr(unsafe.Pointer(&offsets[0])))
			ctx.Call(ctxIASetIndexBuffer, ptr(m.ib), uintptr(dxcom.FormatR32UInt), 0)
			ctx.Call(ctxDrawIndexedInstanced, uintptr(m.indexCount), uintptr(m.instances), 0, 0, 0)
			continue
		}
		vb, stride, offset := ptr(m.vb), m.stride, uint32(0)
		ctx.Call(ctxIASetVertexBuffers, 0, 1, uintptr(unsafe.Pointer(&vb)), uintptr(unsafe.Pointer(&stride)), uintptr(unsafe.Pointer(&offset)))
		ctx.Call(ctxIASetIndexBuffer, ptr(m.ib), uintptr(dxcom.FormatR32UInt), 0)
		ctx.Call(ctxDrawIndexed, uintptr(m.indexCount), 0, 0)
	}
	return nil
}

// EndFrame copies the composited image to the readback texture and
// flushes the frame to the GPU. Windowed, the image is copied into the swap
// chain's buffer, the readback copy is taken from that buffer (so
// ReadPixels returns what was presented), and the buffer is presented.
func (r *driver) EndFrame() error {
	r.unbindAll()
	r.Validation.Drain() // log the frame's messages in the frame's order
	ctx := r.d.ctx
	if r.sc == nil {
		ctx.Call(ctxCopyResource, ptr(r.targets.staging), ptr(r.targets.ldr.tex))
		r.endTiming()
		ctx.Call(ctxFlush)
		r.ended++
		return nil
	}
	back, err := r.sc.Buffer(0, &iidTexture2D)
	if err != nil {
		return err
	}
	ctx.Call(ctxCopyResource, ptr(back), ptr(r.targets.ldr.tex))
	ctx.Call(ctxCopyResource, ptr(r.targets.staging), ptr(back))
	back.Release()
	r.endTiming() // Present flushes
	r.ended++
	return r.sc.Present()
}

// unbindAll detaches every target and shader resource, so no texture is
// bound for reading and writing at once when the next pass binds it.
func (r *driver) unbindAll() {
	ctx := r.d.ctx
	ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&nullSlots[0])))
	ctx.Call(ctxOMSetRenderTargets, 0, 0, 0)
}

// setupPass binds the targets and fixed state of pass p, as the Vulkan
// backend's render passes and pipelines set them, and draws the fullscreen
// passes.
func (r *driver) setupPass(p formats.Pass) {
	ctx := r.d.ctx
	t := &r.targets
	r.unbindAll()
	cbs := [2]uintptr{ptr(r.frameCB), ptr(r.drawCB)}
	ctx.Call(ctxVSSetConstantBuffers, 0, 2, uintptr(unsafe.Pointer(&cbs[0])))
	ctx.Call(ctxPSSetConstantBuffers, 0, 2, uintptr(unsafe.Pointer(&cbs[0])))
	// Skinning vertex shaders read the joint palette from the light grid
	// (sleak_skin.hlsli); no pass writes it.
	lights := ptr(r.lightSRV)
	ctx.Call(ctxVSSetShaderResources, slotLights, 1, uintptr(unsafe.Pointer(&lights)))
	ctx.Call(ctxIASetPrimitiveTopo, dxcom.TopologyTriangleList)
	ctx.Call(ctxOMSetBlendState, 0, 0, 0xffffffff)
	w, h := t.w, t.h
	switch p {
	case formats.PassShadow:
		ctx.Call(ctxOMSetRenderTargets, 0, 0, ptr(r.shadow.dsv))
		if r.redraw == backends.AllCascades {
			ctx.Call(ctxClearDepthStencilView, ptr(r.shadow.dsv), dxcom.ClearDepth, f32(1), 0)
		} // else runPass clears each redrawn cascade's tile (clearTile)
		ctx.Call(ctxRSSetState, ptr(r.states.shadow)) // runPass sets each cascade's viewport and scissor
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
	case formats.PassGBuffer:
		rtvs := [3]uintptr{ptr(t.gAlbedo.rtv), ptr(t.gNormal.rtv), ptr(t.gMaterial.rtv)}
		ctx.Call(ctxOMSetRenderTargets, 3, uintptr(unsafe.Pointer(&rtvs[0])), ptr(t.gDepth.dsv))
		// The colour targets are not cleared (the Backend contract).
		ctx.Call(ctxClearDepthStencilView, ptr(t.gDepth.dsv), dxcom.ClearDepth, f32(1), 0)
		r.viewport(w, h)
		ctx.Call(ctxRSSetState, ptr(r.states.cullBack))
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
		r.bindShadowMap()
	case formats.PassLighting:
		r.bindColor(t.hdr.rtv, nil, w, h)
		srvs := [numSlots]uintptr{slotShadowMap: ptr(r.shadow.srv), slotGAlbedo: ptr(t.gAlbedo.srv),
			slotGNormal: ptr(t.gNormal.srv), slotGMaterial: ptr(t.gMaterial.srv), slotGDepth: ptr(t.gDepth.srv),
			slotLights: ptr(r.lightSRV), slotEffect: ptr(t.ssao.srv), slotEnvironment: ptr(r.env.srv)}
		ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&srvs[0])))
		r.bindSamplers(r.white.sampler)
		r.bindEnvSampler()
		r.bindTargetSize()
		r.fullscreen(r.engine.lighting)
	case formats.PassForward, formats.PassTransparent:
		r.bindColor(t.hdr.rtv, t.gDepth.dsv, w, h)
		if p == formats.PassForward {
			ctx.Call(ctxRSSetState, ptr(r.states.cullBack))
			ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthWrite), 0)
		} else {
			ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
			ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.depthTest), 0)
			ctx.Call(ctxOMSetBlendState, ptr(r.states.alpha), 0, 0xffffffff)
		}
		r.bindShadowMap()
		srv := ptr(r.lightSRV)
		ctx.Call(ctxPSSetShaderResources, slotLights, 1, uintptr(unsafe.Pointer(&srv)))
		srv = ptr(r.env.srv)
		ctx.Call(ctxPSSetShaderResources, slotEnvironment, 1, uintptr(unsafe.Pointer(&srv)))
		r.bindEnvSampler()
	case formats.PassComposite:
		r.bindColor(t.ldr.rtv, nil, w, h)
		srvs := [numSlots]uintptr{slotHDR: ptr(t.hdr.srv), slotEffect: ptr(t.bloom.srv), slotSSR: ptr(t.ssr.srv)}
		ctx.Call(ctxPSSetShaderResources, 0, numSlots, uintptr(unsafe.Pointer(&srvs[0])))
		r.bindSamplers(backends.FilteredTarget.SamplerIndex()) // the bloom, between its texels' centres
		r.bindTargetSize()
		r.fullscreen(r.engine.composite)
	case formats.PassUI:
		// Over the composite output, which EndFrame copies for read-back.
		r.bindColor(t.ldr.rtv, nil, w, h)
		ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
		ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.none), 0)
		ctx.Call(ctxOMSetBlendState, ptr(r.states.alpha), 0, 0xffffffff)
	}
}

func (r *driver) bindColor(rtv, dsv *dxcom.Object, w, h int) {
	v := ptr(rtv)
	r.d.ctx.Call(ctxOMSetRenderTargets, 1, uintptr(unsafe.Pointer(&v)), ptr(dsv))
	r.viewport(w, h)
}

// bindTargetSize binds the Target constant buffer (b2), the framebuffer's
// size, which every fullscreen pass reads whatever its own target's size.
func (r *driver) bindTargetSize() {
	size := ptr(r.targets.size)
	r.d.ctx.Call(ctxPSSetConstantBuffers, cbTarget, 1, uintptr(unsafe.Pointer(&size)))
}

func (r *driver) bindShadowMap() {
	srv := ptr(r.shadow.srv)
	r.d.ctx.Call(ctxPSSetShaderResources, slotShadowMap, 1, uintptr(unsafe.Pointer(&srv)))
	smp := ptr(r.states.shadowSampler)
	r.d.ctx.Call(ctxPSSetSamplers, slotShadowMap, 1, uintptr(unsafe.Pointer(&smp)))
}

func (r *driver) bindSamplers(material uint32) {
	smps := [2]uintptr{ptr(r.states.samplers[material]), ptr(r.states.shadowSampler)}
	r.d.ctx.Call(ctxPSSetSamplers, 0, 2, uintptr(unsafe.Pointer(&smps[0])))
}

// bindEnvSampler binds the environment atlas's sampler, linear and
// clamped, at s2.
func (r *driver) bindEnvSampler() {
	smp := ptr(r.states.samplers[backends.TextureOptions{Clamp: true}.SamplerIndex()])
	r.d.ctx.Call(ctxPSSetSamplers, slotEnvSampler, 1, uintptr(unsafe.Pointer(&smp)))
}

func (r *driver) viewport(w, h int) { r.viewportAt(0, 0, w, h) }

// viewportAt sets the viewport to the w x h pixels from (x, y), the
// target's top-left texel being (0, 0): row 0 is the row sampled at v = 0.
func (r *driver) viewportAt(x, y, w, h int) {
	vp := dxcom.Viewport{X: float32(x), Y: float32(y), Width: float32(w), Height: float32(h), MaxDepth: 1}
	r.d.ctx.Call(ctxRSSetViewports, 1, uintptr(unsafe.Pointer(&vp)))
}

// fullscreen draws one triangle that covers the target, with no vertex
// buffer: the vertex shader makes the corners from SV_VertexID.
func (r *driver) fullscreen(p *program) {
	ctx := r.d.ctx
	ctx.Call(ctxRSSetState, ptr(r.states.cullNone))
	ctx.Call(ctxOMSetDepthStencilState, ptr(r.states.none), 0)
	ctx.Call(ctxIASetInputLayout, 0)
	ctx.Call(ctxVSSetShader, ptr(p.vs), 0, 0)
	ctx.Call(ctxPSSetShader, ptr(p.ps), 0, 0)
	ctx.Call(ctxDraw, 3, 0)
}
