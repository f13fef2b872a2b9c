//go:build linux && cgo

package vulkan

import vk "github.com/vulkan-go/vulkan"

// computePass is an engine fullscreen pass that Vulkan runs as a compute
// shader (backends.IsComputeStem): it reads the frame set and its inputs'
// set, like a fullscreen draw, and writes its target through a set of one
// storage image.
type computePass struct {
	layout vk.PipelineLayout // computeLayouts[its number of inputs]
	inputs vk.DescriptorSet  // set 1
	target vk.DescriptorSet  // set 2: the image it writes
	pipe   vk.Pipeline
}

// allocCompute allocates c's sets from the static pool, for n inputs.
func (b *driver) allocCompute(c *computePass, n int) error {
	var r vk.Result
	c.layout = b.computeLayouts[n]
	if c.inputs, r = b.allocSet(b.staticPool, b.imageSetLayouts[n]); r != vk.Success {
		return vkError("vkAllocateDescriptorSets", r)
	}
	if c.target, r = b.allocSet(b.staticPool, b.storeSetLayout); r != vk.Success {
		return vkError("vkAllocateDescriptorSets", r)
	}
	return nil
}

// runCompute records c over the framebuffer-sized image img (its target),
// which it leaves ready for the pass's render pass.
func (b *driver) runCompute(cmd vk.CommandBuffer, c *computePass, img vk.Image) {
	b.c.computeFullscreen(cmd, c.pipe, c.layout, [3]vk.DescriptorSet{b.slot.set, c.inputs, c.target}, img, uint32(b.width), uint32(b.height),
		vk.ImageLayoutColorAttachmentOptimal)
}
