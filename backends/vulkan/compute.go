//go:build linux && cgo

package vulkan

import vk "github.com/vulkan-go/vulkan"

// fullscreenStep is one fullscreen step of an engine pass (lighting,
// composite, an effect's step): Vulkan runs every one as a compute shader
// (backends.IsComputeStem), which reads the frame set and its inputs and
// writes its target through store.
type fullscreenStep struct {
	layout vk.PipelineLayout // computeLayouts of its number of inputs
	inputs vk.DescriptorSet  // set 1
	store  vk.DescriptorSet  // set 2: its target as a storage image
	pipe   vk.Pipeline
}

// allocStep allocates s's sets from the static pool, for n inputs.
func (b *driver) allocStep(s *fullscreenStep, n int) error {
	var r vk.Result
	s.layout = b.computeLayouts[n]
	if s.inputs, r = b.allocSet(b.staticPool, b.imageSetLayouts[n]); r != vk.Success {
		return vkError("vkAllocateDescriptorSets", r)
	}
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
