//go:build linux && cgo

package vulkan

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

const (
	hdrFormat    = vk.FormatR16g16b16a16Sfloat
	albedoFormat = vk.FormatR8g8b8a8Unorm
	// The gbuffer's normal and roughness: 8 bits a channel hold an encoded
	// unit normal to within 0.4 %, and half the bytes of RGBA16F cut the
	// gbuffer pass's time on a fill-bound GPU.
	normalFormat = vk.FormatR8g8b8a8Unorm
	// The gbuffer's metallic and emission, 8 bits a channel as well: the
	// gbuffer stage stores the square root of a sixteenth of the emission
	// (docs/SHADERS.md), fine where emission is faint.
	materialFormat = vk.FormatR8g8b8a8Unorm
	offscreenColor = vk.FormatR8g8b8a8Unorm
	frameUBOSize   = backends.FrameBlockSize
	pushSize       = backends.DrawBlockSize
	// What the lighting and composite passes read at set 1: the gbuffer's
	// four images and the occlusion; the HDR image, the bloom and the
	// reflections.
	lightingInputs, compositeInputs = 5, 3
	// maxSetImages is the most images a set 1 holds.
	maxSetImages = 5
)

// attachment describes one attachment of a render pass.
type attachment struct {
	format         vk.Format
	load           vk.AttachmentLoadOp
	store          vk.AttachmentStoreOp
	initial, final vk.ImageLayout
	depth          bool
}

// Every pass shares one conservative pair of external dependencies: each
// pass waits for every attachment write and shader read of the passes
// before it (in this frame and the previous one), and its own writes are
// made visible to every later read. The passes run back to back on one
// queue, so the cost of the wide masks is nil next to the bugs narrow ones
// invite.
var (
	depSrcStages = vk.PipelineStageColorAttachmentOutputBit | vk.PipelineStageEarlyFragmentTestsBit |
		vk.PipelineStageLateFragmentTestsBit | vk.PipelineStageFragmentShaderBit | vk.PipelineStageVertexShaderBit
	depAccess = vk.AccessColorAttachmentReadBit | vk.AccessColorAttachmentWriteBit |
		vk.AccessDepthStencilAttachmentReadBit | vk.AccessDepthStencilAttachmentWriteBit | vk.AccessShaderReadBit
)

func (b *driver) newRenderPass(atts []attachment, finalStage vk.PipelineStageFlagBits, finalAccess vk.AccessFlagBits) (vk.RenderPass, error) {
	descs := make([]vk.AttachmentDescription, len(atts))
	var colors []vk.AttachmentReference
	var depth *vk.AttachmentReference
	for i, a := range atts {
		descs[i] = vk.AttachmentDescription{
			Format: a.format, Samples: vk.SampleCount1Bit,
			LoadOp: a.load, StoreOp: a.store,
			StencilLoadOp: vk.AttachmentLoadOpDontCare, StencilStoreOp: vk.AttachmentStoreOpDontCare,
			InitialLayout: a.initial, FinalLayout: a.final,
		}
		if a.depth {
			depth = &vk.AttachmentReference{Attachment: uint32(i), Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
		} else {
			colors = append(colors, vk.AttachmentReference{Attachment: uint32(i), Layout: vk.ImageLayoutColorAttachmentOptimal})
		}
	}
	sub := vk.SubpassDescription{
		PipelineBindPoint:       vk.PipelineBindPointGraphics,
		ColorAttachmentCount:    uint32(len(colors)),
		PColorAttachments:       colors,
		PDepthStencilAttachment: depth,
	}
	deps := []vk.SubpassDependency{
		{
			SrcSubpass: vk.SubpassExternal, DstSubpass: 0,
			SrcStageMask:  vk.PipelineStageFlags(depSrcStages | vk.PipelineStageTransferBit),
			DstStageMask:  vk.PipelineStageFlags(depSrcStages),
			SrcAccessMask: vk.AccessFlags(depAccess | vk.AccessTransferReadBit),
			DstAccessMask: vk.AccessFlags(depAccess),
		},
		{
			SrcSubpass: 0, DstSubpass: vk.SubpassExternal,
			SrcStageMask:  vk.PipelineStageFlags(depSrcStages),
			DstStageMask:  vk.PipelineStageFlags(depSrcStages | finalStage),
			SrcAccessMask: vk.AccessFlags(depAccess),
			DstAccessMask: vk.AccessFlags(depAccess | finalAccess),
		},
	}
	info := &vk.RenderPassCreateInfo{
		SType:           vk.StructureTypeRenderPassCreateInfo,
		AttachmentCount: uint32(len(descs)),
		PAttachments:    descs,
		SubpassCount:    1,
		PSubpasses:      []vk.SubpassDescription{sub},
		DependencyCount: uint32(len(deps)),
		PDependencies:   deps,
	}
	defer info.Free()
	var rp vk.RenderPass
	if r := vk.CreateRenderPass(b.dev, info, nil, &rp); r != vk.Success {
		return nil, vkError("vkCreateRenderPass", r)
	}
	return rp, nil
}

// createRenderPasses creates the passes' render passes, the effects' too.
// They depend on formats only, so they live as long as the device.
func (b *driver) createRenderPasses() error {
	const (
		clear    = vk.AttachmentLoadOpClear
		load     = vk.AttachmentLoadOpLoad
		dontCare = vk.AttachmentLoadOpDontCare
		store    = vk.AttachmentStoreOpStore
		undef    = vk.ImageLayoutUndefined
		read     = vk.ImageLayoutShaderReadOnlyOptimal
		color    = vk.ImageLayoutColorAttachmentOptimal
		depthAtt = vk.ImageLayoutDepthStencilAttachmentOptimal
	)
	d := b.depthFormat
	specs := [formats.NumPasses][]attachment{
		formats.PassShadow: {{d, clear, store, undef, read, true}},
		// The gbuffer's colour targets are not cleared (the Backend
		// contract): only depth says where a surface was drawn.
		formats.PassGBuffer: {
			{albedoFormat, dontCare, store, undef, read, false},
			{normalFormat, dontCare, store, undef, read, false},
			{materialFormat, dontCare, store, undef, read, false},
			{d, clear, store, undef, read, true},
		},
		// The lighting pass's compute shader has written the HDR target
		// before its render pass (driver.RunPass), and left it ready.
		formats.PassLighting: {{hdrFormat, load, store, color, color, false}},
		formats.PassForward:  {{hdrFormat, load, store, color, color, false}, {d, load, store, read, depthAtt, true}},
		// The SSR pass after it samples this depth, and the debug pass
		// after the composite tests its lines against it, so the
		// transparent pass keeps it, ready for the SSR pass.
		formats.PassTransparent: {{hdrFormat, load, store, color, read, false}, {d, load, store, depthAtt, read, true}},
	}
	for p := formats.PassShadow; p < formats.PassComposite; p++ {
		if p.IsEffect() {
			continue // createEffectPasses
		}
		rp, err := b.newRenderPass(specs[p], 0, 0)
		if err != nil {
			return fmt.Errorf("%s render pass: %w", p, err)
		}
		b.passes[p].rp = rp
	}
	// The shadow pass of a frame that keeps some cascades loads the map
	// and clears the other cascades' tiles itself.
	rp, err := b.newRenderPass([]attachment{{d, load, store, read, read, true}}, 0, 0)
	if err != nil {
		return fmt.Errorf("shadow render pass: %w", err)
	}
	b.shadowKeep = rp
	if err := b.createEffectPasses(); err != nil {
		return err
	}
	return b.createCompositePass()
}

func (b *driver) createCompositePass() error {
	// Windowed or not, the composite pass renders into the offscreen output
	// image, which ReadPixels reads and a windowed frame copies into the
	// swapchain image.
	// The composite's compute shader has written it before the render pass
	// (driver.RunPass), and left it ready.
	att := attachment{offscreenColor, vk.AttachmentLoadOpLoad, vk.AttachmentStoreOpStore, vk.ImageLayoutColorAttachmentOptimal, vk.ImageLayoutTransferSrcOptimal, false}
	rp, err := b.newRenderPass([]attachment{att}, vk.PipelineStageTransferBit, vk.AccessTransferReadBit)
	if err != nil {
		return fmt.Errorf("composite render pass: %w", err)
	}
	b.passes[formats.PassComposite].rp = rp
	// The debug pass draws lines over the output image, tested against the
	// scene's depth, which it only reads (the transparent pass left it
	// ready for sampling); the output stays in the layout the UI pass
	// expects, and the next frame's gbuffer pass discards the depth.
	debug := []attachment{
		{offscreenColor, vk.AttachmentLoadOpLoad, vk.AttachmentStoreOpStore, vk.ImageLayoutTransferSrcOptimal, vk.ImageLayoutTransferSrcOptimal, false},
		{b.depthFormat, vk.AttachmentLoadOpLoad, vk.AttachmentStoreOpDontCare, vk.ImageLayoutShaderReadOnlyOptimal, vk.ImageLayoutDepthStencilAttachmentOptimal, true},
	}
	if rp, err = b.newRenderPass(debug, vk.PipelineStageTransferBit, vk.AccessTransferReadBit); err != nil {
		return fmt.Errorf("debug render pass: %w", err)
	}
	b.passes[formats.PassDebug].rp = rp
	// The UI pass draws over what composite left in the output image, and
	// leaves it ready for the same copies.
	att = attachment{offscreenColor, vk.AttachmentLoadOpLoad, vk.AttachmentStoreOpStore, vk.ImageLayoutTransferSrcOptimal, vk.ImageLayoutTransferSrcOptimal, false}
	if rp, err = b.newRenderPass([]attachment{att}, vk.PipelineStageTransferBit, vk.AccessTransferReadBit); err != nil {
		return fmt.Errorf("ui render pass: %w", err)
	}
	b.passes[formats.PassUI].rp = rp
	return nil
}

func (b *driver) newFramebuffer(rp vk.RenderPass, w, h uint32, views ...vk.ImageView) (vk.Framebuffer, error) {
	info := &vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      rp,
		AttachmentCount: uint32(len(views)),
		PAttachments:    views,
		Width:           w,
		Height:          h,
		Layers:          1,
	}
	defer info.Free()
	var fb vk.Framebuffer
	if r := vk.CreateFramebuffer(b.dev, info, nil, &fb); r != vk.Success {
		return nil, vkError("vkCreateFramebuffer", r)
	}
	return fb, nil
}

// createShadowTarget creates the shadow map, which depends on the
// configuration only, not on the framebuffer size.
func (b *driver) createShadowTarget() error {
	s := uint32(b.shadowSize)
	img, err := b.newImage(s, s, b.depthFormat, vk.ImageUsageDepthStencilAttachmentBit|vk.ImageUsageSampledBit, vk.ImageAspectDepthBit)
	if err != nil {
		return fmt.Errorf("shadow map: %w", err)
	}
	b.shadowMap = img
	fb, err := b.newFramebuffer(b.passes[formats.PassShadow].rp, s, s, img.view)
	if err != nil {
		return fmt.Errorf("shadow framebuffer: %w", err)
	}
	p := &b.passes[formats.PassShadow]
	p.fb, p.w, p.h = fb, s, s
	p.clears = []float32{1, 0, 0, 0}
	return nil
}

// createTargets creates the size-dependent images and framebuffers and
// points the descriptor sets of the fullscreen steps at them.
func (b *driver) createTargets() error {
	w, h := uint32(b.width), uint32(b.height)
	colorUse := vk.ImageUsageColorAttachmentBit | vk.ImageUsageSampledBit
	var err error
	mk := func(dst *gpuImage, f vk.Format, use vk.ImageUsageFlagBits, aspect vk.ImageAspectFlagBits, what string) {
		if err == nil {
			*dst, err = b.newImage(w, h, f, use, aspect)
			if err != nil {
				err = fmt.Errorf("%s target: %w", what, err)
			}
		}
	}
	mk(&b.gAlbedo, albedoFormat, colorUse, vk.ImageAspectColorBit, "albedo")
	mk(&b.gNormal, normalFormat, colorUse, vk.ImageAspectColorBit, "normal")
	mk(&b.gMaterial, materialFormat, colorUse, vk.ImageAspectColorBit, "material")
	mk(&b.gDepth, b.depthFormat, vk.ImageUsageDepthStencilAttachmentBit|vk.ImageUsageSampledBit, vk.ImageAspectDepthBit, "depth")
	mk(&b.hdr, hdrFormat, colorUse|vk.ImageUsageStorageBit, vk.ImageAspectColorBit, "hdr")
	// The antialias pass samples the output and copies its result back.
	mk(&b.final, offscreenColor, vk.ImageUsageColorAttachmentBit|vk.ImageUsageTransferSrcBit|vk.ImageUsageSampledBit|vk.ImageUsageTransferDstBit|vk.ImageUsageStorageBit,
		vk.ImageAspectColorBit, "output")
	if err != nil {
		return err
	}
	fb := func(p formats.Pass, views ...vk.ImageView) {
		if err == nil {
			b.passes[p].fb, err = b.newFramebuffer(b.passes[p].rp, w, h, views...)
			b.passes[p].w, b.passes[p].h = w, h
			if err != nil {
				err = fmt.Errorf("%s framebuffer: %w", p, err)
			}
		}
	}
	fb(formats.PassGBuffer, b.gAlbedo.view, b.gNormal.view, b.gMaterial.view, b.gDepth.view)
	fb(formats.PassLighting, b.hdr.view)
	fb(formats.PassForward, b.hdr.view, b.gDepth.view)
	fb(formats.PassTransparent, b.hdr.view, b.gDepth.view)
	b.passes[formats.PassGBuffer].clears = []float32{0, 0, 0, 0, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0, 1, 0, 0, 0}
	fb(formats.PassComposite, b.final.view)
	fb(formats.PassDebug, b.final.view, b.gDepth.view)
	fb(formats.PassUI, b.final.view)
	if err == nil {
		err = b.createEffectTargets()
	}
	if err != nil {
		return err
	}
	read := vk.ImageLayoutShaderReadOnlyOptimal
	ssaoMap, bloomMap, ssrMap := b.effectOutput(effectSSAO).view, b.effectOutput(effectBloom).view, b.effectOutput(effectSSR).view
	b.writeImages(b.lighting.inputs, 0, b.targetSampler, read, b.gAlbedo.view, b.gNormal.view, b.gMaterial.view, b.gDepth.view, ssaoMap)
	// The composite reads the bloom between its texels' centres.
	b.writeImages(b.composite.inputs, 0, b.targetSampler, read, b.hdr.view)
	b.writeImages(b.composite.inputs, 1, b.texSamplers[backends.FilteredTarget.SamplerIndex()], read, bloomMap)
	b.writeImages(b.composite.inputs, 2, b.targetSampler, read, ssrMap)
	b.writeStorage(b.lighting.store, b.hdr.view)
	b.writeStorage(b.composite.store, b.final.view)
	return nil
}

func (b *driver) destroyTargets() {
	for p := formats.PassGBuffer; p < formats.NumPasses; p++ {
		if b.passes[p].fb != nil {
			vk.DestroyFramebuffer(b.dev, b.passes[p].fb, nil)
			b.passes[p].fb = nil
		}
	}
	for _, img := range []*gpuImage{&b.gAlbedo, &b.gNormal, &b.gMaterial, &b.gDepth, &b.hdr, &b.final} {
		b.destroyImage(img)
	}
	b.destroyEffectTargets()
}

func (b *driver) newSetLayout(bindings ...vk.DescriptorSetLayoutBinding) (vk.DescriptorSetLayout, error) {
	info := &vk.DescriptorSetLayoutCreateInfo{
		SType:        vk.StructureTypeDescriptorSetLayoutCreateInfo,
		BindingCount: uint32(len(bindings)),
		PBindings:    bindings,
	}
	defer info.Free()
	var l vk.DescriptorSetLayout
	if r := vk.CreateDescriptorSetLayout(b.dev, info, nil, &l); r != vk.Success {
		return nil, vkError("vkCreateDescriptorSetLayout", r)
	}
	return l, nil
}

// setStages are the stages that read sets 0 and 1: draws' and fullscreen
// steps' vertex and fragment stages, and the lighting pass's compute one.
const setStages = vk.ShaderStageFlags(vk.ShaderStageVertexBit | vk.ShaderStageFragmentBit | vk.ShaderStageComputeBit)

func samplerBinding(i uint32) vk.DescriptorSetLayoutBinding {
	return vk.DescriptorSetLayoutBinding{
		Binding: i, DescriptorType: vk.DescriptorTypeCombinedImageSampler, DescriptorCount: 1, StageFlags: setStages,
	}
}

func (b *driver) newPipelineLayout(sets ...vk.DescriptorSetLayout) (vk.PipelineLayout, error) {
	// Every layout has the same push-constant range, so that set 0 bound
	// once per pass stays valid across pipelines of different layouts.
	info := &vk.PipelineLayoutCreateInfo{
		SType:                  vk.StructureTypePipelineLayoutCreateInfo,
		SetLayoutCount:         uint32(len(sets)),
		PSetLayouts:            sets,
		PushConstantRangeCount: 1,
		PPushConstantRanges: []vk.PushConstantRange{{
			StageFlags: vk.ShaderStageFlags(vk.ShaderStageVertexBit | vk.ShaderStageFragmentBit), Size: pushSize,
		}},
	}
	defer info.Free()
	var l vk.PipelineLayout
	if r := vk.CreatePipelineLayout(b.dev, info, nil, &l); r != vk.Success {
		return nil, vkError("vkCreatePipelineLayout", r)
	}
	return l, nil
}

func (b *driver) newSampler(nearest, clamp, whiteBorder bool) (vk.Sampler, error) {
	filter, mode := vk.FilterLinear, vk.SamplerAddressModeRepeat
	if nearest {
		filter = vk.FilterNearest
	}
	if clamp {
		mode = vk.SamplerAddressModeClampToEdge
	}
	if whiteBorder {
		mode = vk.SamplerAddressModeClampToBorder
	}
	info := &vk.SamplerCreateInfo{
		SType:     vk.StructureTypeSamplerCreateInfo,
		MagFilter: filter, MinFilter: filter,
		MipmapMode:   vk.SamplerMipmapModeNearest,
		AddressModeU: mode, AddressModeV: mode, AddressModeW: mode,
		MaxAnisotropy: 1,
		CompareOp:     vk.CompareOpAlways,
		BorderColor:   vk.BorderColorFloatOpaqueWhite,
	}
	defer info.Free()
	var s vk.Sampler
	if r := vk.CreateSampler(b.dev, info, nil, &s); r != vk.Success {
		return nil, vkError("vkCreateSampler", r)
	}
	return s, nil
}

func (b *driver) newDescriptorPool(flags vk.DescriptorPoolCreateFlagBits, maxSets uint32, sizes ...vk.DescriptorPoolSize) (vk.DescriptorPool, error) {
	info := &vk.DescriptorPoolCreateInfo{
		SType:         vk.StructureTypeDescriptorPoolCreateInfo,
		Flags:         vk.DescriptorPoolCreateFlags(flags),
		MaxSets:       maxSets,
		PoolSizeCount: uint32(len(sizes)),
		PPoolSizes:    sizes,
	}
	defer info.Free()
	var p vk.DescriptorPool
	if r := vk.CreateDescriptorPool(b.dev, info, nil, &p); r != vk.Success {
		return nil, vkError("vkCreateDescriptorPool", r)
	}
	return p, nil
}

func (b *driver) allocSet(pool vk.DescriptorPool, layout vk.DescriptorSetLayout) (vk.DescriptorSet, vk.Result) {
	info := &vk.DescriptorSetAllocateInfo{
		SType:              vk.StructureTypeDescriptorSetAllocateInfo,
		DescriptorPool:     pool,
		DescriptorSetCount: 1,
		PSetLayouts:        []vk.DescriptorSetLayout{layout},
	}
	defer info.Free()
	var s vk.DescriptorSet
	r := vk.AllocateDescriptorSets(b.dev, info, &s)
	return s, r
}

// writeImages points consecutive bindings of set, from first, at views.
func (b *driver) writeImages(set vk.DescriptorSet, first uint32, sampler vk.Sampler, layout vk.ImageLayout, views ...vk.ImageView) {
	for i, v := range views {
		b.c.updateDescriptorSet(&vk.WriteDescriptorSet{
			SType:           vk.StructureTypeWriteDescriptorSet,
			DstSet:          set,
			DstBinding:      first + uint32(i),
			DescriptorCount: 1,
			DescriptorType:  vk.DescriptorTypeCombinedImageSampler,
			PImageInfo:      []vk.DescriptorImageInfo{{Sampler: sampler, ImageView: v, ImageLayout: layout}},
		})
	}
}

// writeStorage points set's binding 0, a storage image, at view, which is
// in the GENERAL layout while a compute shader writes it.
func (b *driver) writeStorage(set vk.DescriptorSet, view vk.ImageView) {
	b.c.updateDescriptorSet(&vk.WriteDescriptorSet{
		SType: vk.StructureTypeWriteDescriptorSet, DstSet: set, DstBinding: 0, DescriptorCount: 1,
		DescriptorType: vk.DescriptorTypeStorageImage,
		PImageInfo:     []vk.DescriptorImageInfo{{ImageView: view, ImageLayout: vk.ImageLayoutGeneral}},
	})
}

// writeUBO points set's binding 0 at the Frame block at offset in buf.
func (b *driver) writeUBO(set vk.DescriptorSet, buf vk.Buffer, offset uint64) {
	b.c.updateDescriptorSet(&vk.WriteDescriptorSet{
		SType:           vk.StructureTypeWriteDescriptorSet,
		DstSet:          set,
		DstBinding:      0,
		DescriptorCount: 1,
		DescriptorType:  vk.DescriptorTypeUniformBuffer,
		PBufferInfo:     []vk.DescriptorBufferInfo{{Buffer: buf, Offset: vk.DeviceSize(offset), Range: frameUBOSize}},
	})
}

// createDescriptors creates the set layouts, pipeline layouts, samplers and
// the sets of the frame and of the fullscreen steps.
func (b *driver) createDescriptors() error {
	var err error
	ubo := vk.DescriptorSetLayoutBinding{
		Binding: 0, DescriptorType: vk.DescriptorTypeUniformBuffer, DescriptorCount: 1, StageFlags: setStages,
	}
	if b.frameSetLayout, err = b.newSetLayout(ubo, samplerBinding(1), samplerBinding(2), samplerBinding(3)); err != nil {
		return err
	}
	store := vk.DescriptorSetLayoutBinding{
		Binding: 0, DescriptorType: vk.DescriptorTypeStorageImage, DescriptorCount: 1,
		StageFlags: vk.ShaderStageFlags(vk.ShaderStageComputeBit),
	}
	if b.storeSetLayout, err = b.newSetLayout(store); err != nil {
		return err
	}
	var bindings []vk.DescriptorSetLayoutBinding
	for n := 1; n <= maxSetImages; n++ {
		bindings = append(bindings, samplerBinding(uint32(n-1)))
		if b.imageSetLayouts[n], err = b.newSetLayout(bindings...); err != nil {
			return err
		}
		if b.computeLayouts[n], err = b.newPipelineLayout(b.frameSetLayout, b.imageSetLayouts[n], b.storeSetLayout); err != nil {
			return err
		}
	}
	b.texSetLayout = b.imageSetLayouts[1]
	if b.mainLayout, err = b.newPipelineLayout(b.frameSetLayout, b.texSetLayout, b.texSetLayout, b.texSetLayout); err != nil {
		return err
	}
	if b.targetSampler, err = b.newSampler(true, true, false); err != nil {
		return err
	}
	if b.shadowSampler, err = b.newSampler(true, false, true); err != nil {
		return err
	}
	for i := range b.texSamplers {
		if b.texSamplers[i], err = b.newSampler(i&1 != 0, i&2 != 0, false); err != nil {
			return err
		}
	}
	// The frame sets (a uniform buffer and three images each: each slot's
	// main one and one per shadow cascade), and two sets of each
	// fullscreen step (lighting, composite, the effects' steps): its
	// inputs and its target (a storage image).
	const frameSets = (1 + backends.NumCascades) * framesInFlight
	stores := uint32(2)
	images := uint32(3*frameSets + lightingInputs + compositeInputs)
	for i := range b.effects {
		b.effects[i].steps = make([]effectStep, len(effectSpecs[i]))
		for _, s := range effectSpecs[i] {
			stores, images = stores+1, images+uint32(s.inputs)
		}
	}
	sets := frameSets + 2*stores
	b.staticPool, err = b.newDescriptorPool(0, sets,
		vk.DescriptorPoolSize{Type: vk.DescriptorTypeUniformBuffer, DescriptorCount: frameSets},
		vk.DescriptorPoolSize{Type: vk.DescriptorTypeCombinedImageSampler, DescriptorCount: images},
		vk.DescriptorPoolSize{Type: vk.DescriptorTypeStorageImage, DescriptorCount: stores})
	if err != nil {
		return err
	}
	if err := b.allocStep(&b.lighting, lightingInputs); err != nil {
		return err
	}
	if err := b.allocStep(&b.composite, compositeInputs); err != nil {
		return err
	}
	for i := range b.effects {
		for j := range b.effects[i].steps {
			s := &b.effects[i].steps[j]
			if err := b.allocStep(&s.fullscreenStep, effectSpecs[i][j].inputs); err != nil {
				return err
			}
		}
	}
	return nil
}
