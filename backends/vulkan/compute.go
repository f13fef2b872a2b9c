//go:build linux && cgo

package vulkan

import vk "github.com/vulkan-go/vulkan"

// fullscreenStep is the pipeline and sets of one fullscreen step of an
// engine pass: a fullscreen draw, or a dispatch where Vulkan runs the
// step's stem as a compute shader (backends.IsComputeStem), which writes
// its target through store. Both read the frame set and inputs.
type fullscreenStep struct {
	layout vk.PipelineLayout // imageLayouts or, for a dispatch, computeLayouts of its number of inputs
	inputs vk.DescriptorSet  // set 1
	store  vk.DescriptorSet  // set 2, a dispatch's: its target as a storage image
	pipe   vk.Pipeline
}

// allocStep allocates s's sets from the static pool, for n inputs: a
// dispatch's when compute, a draw's otherwise.
func (b *driver) allocStep(s *fullscreenStep, n int, compute bool) error {
	var r vk.Result
	if s.inputs, r = b.allocSet(b.staticPool, b.imageSetLayouts[n]); r != vk.Success {
		return vkError("vkAllocateDescriptorSets", r)
	}
	s.layout = b.imageLayouts[n]
	if !compute {
		return nil
	}
	s.layout = b.computeLayouts[n]
	if s.store, r = b.allocSet(b.staticPool, b.storeSetLayout); r != vk.Success {
		return vkError("vkAllocateDescriptorSets", r)
	}
	return nil
}

// dispatch records s as a compute dispatch over its w x h target img, and
// leaves img in layout after: ready for a render pass that draws into it
// (ColorAttachmentOptimal) or for the shaders that read it
// (ShaderReadOnlyOptimal).
func (b *driver) dispatch(cmd vk.CommandBuffer, s *fullscreenStep, img vk.Image, w, h uint32, after vk.ImageLayout) {
	b.c.computeFullscreen(cmd, s.pipe, s.layout, [3]vk.DescriptorSet{b.slot.set, s.inputs, s.store}, img, w, h, after)
}
