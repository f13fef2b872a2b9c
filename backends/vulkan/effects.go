//go:build linux && cgo

package vulkan

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// The effect passes, as indexes of driver.effects.
const (
	effectSSAO = iota
	effectSSR
	effectBloom
	effectAntialias
	effectTAA // the antialias pass as temporal antialiasing (FrameBlock.TAA)
	numEffects
)

// effectIndex is the index in driver.effects of effect pass p.
func effectIndex(p formats.Pass) int {
	switch p {
	case formats.PassSSR:
		return effectSSR
	case formats.PassBloom:
		return effectBloom
	case formats.PassAntialias:
		return effectAntialias
	}
	return effectSSAO
}

// stepSpec is one fullscreen step of an effect: its engine stem and how
// many images it reads (set 1, bindings 0 on).
type stepSpec struct {
	stem   string
	inputs int
}

// effectSpecs are each effect's steps, in order; a later pass reads the
// last one's target.
var effectSpecs = [numEffects][]stepSpec{
	effectSSAO:      {{"ssao", 2}, {"ssao_blur", 1}},   // gbuffer normals and depth; the raw occlusion
	effectSSR:       {{"ssr", 4}},                      // HDR, gbuffer normals, material and depth
	effectBloom:     {{"bloom", 1}, {"bloom_blur", 1}}, // HDR; the bright parts
	effectAntialias: {{"antialias", 1}},                // the composited image
	// The composited image, the history (the other step's target) and the
	// depth: each frame draws the step the frame before did not, so each
	// step's target is the other's history.
	effectTAA: {{"taa", 3}, {"taa", 3}},
}

// maxEffectSteps is the most steps an effect has.
const maxEffectSteps = 2

// effectPass is a post-processing pass: fullscreen steps, compute shaders
// (backends.IsComputeStem) each writing a target of its own; a later pass
// reads the last one's. The antialias pass's target is instead copied back
// over the composited image it read.
type effectPass struct {
	format vk.Format
	// clear fills the last step's target with neutral when the effect is
	// off (none for antialias, which then does nothing), and leaves it
	// ready for the shader reads of the pass after it.
	clear   vk.RenderPass
	w, h    uint32
	neutral []float32 // the clear colour that leaves the reading pass unchanged
	steps   []effectStep
}

// effectStep is one dispatch of an effect pass, into its target.
type effectStep struct {
	fullscreenStep
	target gpuImage
	fb     vk.Framebuffer // for the clear of an effect that is off; nil where it has none
}

// createEffectPasses creates the render passes that clear the effects'
// targets, which depend on formats only.
func (b *driver) createEffectPasses() error {
	b.effects[effectSSAO].format, b.effects[effectSSAO].neutral = vk.FormatR8Unorm, []float32{1, 1, 1, 1}
	b.effects[effectSSR].format, b.effects[effectSSR].neutral = hdrFormat, []float32{0, 0, 0, 0}
	b.effects[effectBloom].format, b.effects[effectBloom].neutral = hdrFormat, []float32{0, 0, 0, 0}
	b.effects[effectAntialias].format = offscreenColor
	b.effects[effectTAA].format = offscreenColor
	for i := range b.effects {
		e := &b.effects[i]
		if e.neutral == nil {
			continue
		}
		att := attachment{e.format, vk.AttachmentLoadOpClear, vk.AttachmentStoreOpStore, vk.ImageLayoutUndefined, vk.ImageLayoutShaderReadOnlyOptimal, false}
		var err error
		if e.clear, err = b.newRenderPass([]attachment{att}, 0, 0); err != nil {
			return fmt.Errorf("%s render pass: %w", effectSpecs[i][0].stem, err)
		}
	}
	return nil
}

// createEffectTargets creates the effects' size-dependent targets and
// framebuffers and points the steps' sets at their inputs: the SSAO
// pass's at backends.SSAOSize of the framebuffer's size, the bloom pass's
// at backends.BloomSize, the others' at that size.
func (b *driver) createEffectTargets() error {
	w, h := uint32(b.width), uint32(b.height)
	for i := range b.effects {
		e := &b.effects[i]
		e.w, e.h = w, h
		use := vk.ImageUsageStorageBit | vk.ImageUsageSampledBit
		switch i {
		case effectSSAO:
			e.w, e.h = uint32(backends.SSAOSize(b.width)), uint32(backends.SSAOSize(b.height))
		case effectBloom:
			e.w, e.h = uint32(backends.BloomSize(b.width)), uint32(backends.BloomSize(b.height))
		case effectAntialias:
			use = vk.ImageUsageStorageBit | vk.ImageUsageTransferSrcBit
		case effectTAA:
			use |= vk.ImageUsageTransferSrcBit
		}
		if e.clear != nil {
			use |= vk.ImageUsageColorAttachmentBit
		}
		for j := range e.steps {
			s := &e.steps[j]
			img, err := b.newImage(e.w, e.h, e.format, use, vk.ImageAspectColorBit)
			if err != nil {
				return fmt.Errorf("%s target: %w", effectSpecs[i][j].stem, err)
			}
			s.target = img
			if e.clear != nil {
				if s.fb, err = b.newFramebuffer(e.clear, e.w, e.h, img.view); err != nil {
					return fmt.Errorf("%s framebuffer: %w", effectSpecs[i][j].stem, err)
				}
			}
			b.writeStorage(s.store, img.view)
		}
	}
	read := vk.ImageLayoutShaderReadOnlyOptimal
	ssao, ssr, bloom, aa := &b.effects[effectSSAO], &b.effects[effectSSR], &b.effects[effectBloom], &b.effects[effectAntialias]
	b.writeImages(ssao.steps[0].inputs, 0, b.targetSampler, read, b.gNormal.view, b.gDepth.view)
	filtered := b.texSamplers[backends.FilteredTarget.SamplerIndex()]
	b.writeImages(ssao.steps[1].inputs, 0, filtered, read, ssao.steps[0].target.view)
	b.writeImages(ssr.steps[0].inputs, 0, b.targetSampler, read, b.hdr.view, b.gNormal.view, b.gMaterial.view, b.gDepth.view)
	b.writeImages(bloom.steps[0].inputs, 0, b.targetSampler, read, b.hdr.view)
	b.writeImages(bloom.steps[1].inputs, 0, filtered, read, bloom.steps[0].target.view)
	b.writeImages(aa.steps[0].inputs, 0, filtered, read, b.final.view)
	taa := b.effects[effectTAA].steps
	for j := range taa {
		b.writeImages(taa[j].inputs, 0, filtered, read, b.final.view, taa[1-j].target.view)
		b.writeImages(taa[j].inputs, 2, b.targetSampler, read, b.gDepth.view)
	}
	// A history is read from the first frame on (with a weight of 0 until
	// one was drawn), so both start readable.
	return b.oneShot(func(cmd vk.CommandBuffer) {
		for j := range taa {
			b.c.makeReadable(cmd, taa[j].target.img)
		}
	})
}

func (b *driver) destroyEffectTargets() {
	for i := range b.effects {
		for j := range b.effects[i].steps {
			s := &b.effects[i].steps[j]
			if s.fb != nil {
				vk.DestroyFramebuffer(b.dev, s.fb, nil)
				s.fb = nil
			}
			b.destroyImage(&s.target)
		}
	}
}

// effectOutput is the target of effect i that a later pass reads.
func (b *driver) effectOutput(i int) *gpuImage {
	s := b.effects[i].steps
	return &s[len(s)-1].target
}

// RunEffect records effect pass p: its steps, each a dispatch, or, off,
// only a clear of the last step's target to the neutral value the pass
// after it reads (nothing at all while that target still holds it). The antialias pass reads the composited image and
// copies its result back over it; off, it records nothing but its
// timestamps.
func (b *driver) RunEffect(p formats.Pass, mode core.EffectMode) error {
	i := effectIndex(p)
	cmd := b.slot.cmd
	if i == effectAntialias && mode == core.EffectOn && b.taa {
		b.stamp(cmd, p, false)
		b.runTAA(cmd)
		b.stamp(cmd, p, true)
		return nil
	}
	e := &b.effects[i]
	b.stamp(cmd, p, false)
	switch {
	case mode == core.EffectOn:
		after := vk.ImageLayoutShaderReadOnlyOptimal // for the step or pass that reads it
		if i == effectAntialias {
			b.c.sampleOutput(cmd, b.final.img)
			after = vk.ImageLayoutTransferSrcOptimal // for the copy back
		}
		for j := range e.steps {
			s := &e.steps[j]
			b.dispatch(cmd, &s.fullscreenStep, s.target.img, e.w, e.h, after)
		}
		if i == effectAntialias {
			b.c.copyBack(cmd, e.steps[0].target.img, b.final.img, e.w, e.h)
		}
	case mode == core.EffectClear && e.clear != nil:
		b.c.beginPass(cmd, e.clear, e.steps[len(e.steps)-1].fb, e.w, e.h, e.neutral)
		b.c.endPass(cmd)
	}
	b.stamp(cmd, p, true)
	return nil
}

// runTAA records the antialias pass as temporal antialiasing: the step
// whose target the frame before did not draw, reading the other's as the
// history, then its target copied over the composited image.
func (b *driver) runTAA(cmd vk.CommandBuffer) {
	e := &b.effects[effectTAA]
	b.taaTurn ^= 1
	s := &e.steps[b.taaTurn]
	b.c.sampleOutput(cmd, b.final.img)
	b.dispatch(cmd, &s.fullscreenStep, s.target.img, e.w, e.h, vk.ImageLayoutTransferSrcOptimal)
	b.c.copyHistory(cmd, s.target.img, b.final.img, e.w, e.h)
}
