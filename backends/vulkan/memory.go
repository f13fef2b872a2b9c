//go:build linux && cgo

package vulkan

import (
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/ranges"
	vk "github.com/vulkan-go/vulkan"
)

const (
	hostVisible   = vk.MemoryPropertyHostVisibleBit
	hostCoherent  = vk.MemoryPropertyHostCoherentBit
	deviceLocal   = vk.MemoryPropertyDeviceLocalBit
	hostMappable  = hostVisible | hostCoherent
	meshBlockSize = 16 << 20 // bytes per shared mesh buffer; bigger meshes get a block of their own
)

// memoryType returns the first memory type allowed by bits that has every
// flag of want, preferring one that also has every flag of prefer.
func (b *driver) memoryType(bits uint32, want, prefer vk.MemoryPropertyFlagBits) (uint32, bool) {
	for _, flags := range []vk.MemoryPropertyFlagBits{want | prefer, want} {
		for i := uint32(0); i < b.memProps.MemoryTypeCount; i++ {
			have := b.memProps.MemoryTypes[i].PropertyFlags
			if bits&(1<<i) != 0 && have&vk.MemoryPropertyFlags(flags) == vk.MemoryPropertyFlags(flags) {
				return i, true
			}
		}
	}
	return 0, false
}

func (b *driver) allocate(req vk.MemoryRequirements, want, prefer vk.MemoryPropertyFlagBits) (vk.DeviceMemory, vk.MemoryPropertyFlags, error) {
	ti, ok := b.memoryType(req.MemoryTypeBits, want, prefer)
	if !ok {
		return nil, 0, fmt.Errorf("no memory type with flags %#x among %#x", want, req.MemoryTypeBits)
	}
	info := &vk.MemoryAllocateInfo{SType: vk.StructureTypeMemoryAllocateInfo, AllocationSize: req.Size, MemoryTypeIndex: ti}
	defer info.Free()
	var mem vk.DeviceMemory
	if r := vk.AllocateMemory(b.dev, info, nil, &mem); r != vk.Success {
		return nil, 0, vkError(fmt.Sprintf("vkAllocateMemory(%d bytes)", req.Size), r)
	}
	return mem, b.memProps.MemoryTypes[ti].PropertyFlags, nil
}

// gpuBuffer is a buffer with memory of its own, mapped for its lifetime
// when the memory is host-visible and coherent.
type gpuBuffer struct {
	buf    vk.Buffer
	mem    vk.DeviceMemory
	size   uint64
	mapped unsafe.Pointer
}

func (b *driver) newBuffer(size uint64, usage vk.BufferUsageFlagBits, want, prefer vk.MemoryPropertyFlagBits) (gpuBuffer, error) {
	info := &vk.BufferCreateInfo{
		SType:       vk.StructureTypeBufferCreateInfo,
		Size:        vk.DeviceSize(size),
		Usage:       vk.BufferUsageFlags(usage),
		SharingMode: vk.SharingModeExclusive,
	}
	defer info.Free()
	var g gpuBuffer
	var buf vk.Buffer
	if r := vk.CreateBuffer(b.dev, info, nil, &buf); r != vk.Success {
		return g, vkError("vkCreateBuffer", r)
	}
	g.buf = buf
	g.size = size
	var req vk.MemoryRequirements
	vk.GetBufferMemoryRequirements(b.dev, g.buf, &req)
	req.Deref()
	mem, flags, err := b.allocate(req, want, prefer)
	if err != nil {
		vk.DestroyBuffer(b.dev, g.buf, nil)
		return gpuBuffer{}, fmt.Errorf("buffer of %d bytes: %w", size, err)
	}
	g.mem = mem
	if r := vk.BindBufferMemory(b.dev, g.buf, mem, 0); r != vk.Success {
		b.destroyBuffer(&g)
		return g, vkError("vkBindBufferMemory", r)
	}
	if flags&vk.MemoryPropertyFlags(hostMappable) == vk.MemoryPropertyFlags(hostMappable) {
		var p unsafe.Pointer
		if r := vk.MapMemory(b.dev, mem, 0, vk.DeviceSize(vk.WholeSize), 0, &p); r != vk.Success {
			b.destroyBuffer(&g)
			return g, vkError("vkMapMemory", r)
		}
		g.mapped = p
	}
	return g, nil
}

func (b *driver) destroyBuffer(g *gpuBuffer) {
	if g.buf != nil {
		vk.DestroyBuffer(b.dev, g.buf, nil)
	}
	if g.mem != nil {
		if g.mapped != nil {
			vk.UnmapMemory(b.dev, g.mem)
		}
		vk.FreeMemory(b.dev, g.mem, nil)
	}
	*g = gpuBuffer{}
}

// bytes views n bytes of mapped memory from off.
func (g *gpuBuffer) bytes(off, n uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(g.mapped, off)), n)
}

// gpuImage is a 2D image with its own memory and one view.
type gpuImage struct {
	img    vk.Image
	mem    vk.DeviceMemory
	view   vk.ImageView
	format vk.Format
	w, h   uint32
}

func (b *driver) newImage(w, h uint32, format vk.Format, usage vk.ImageUsageFlagBits, aspect vk.ImageAspectFlagBits) (gpuImage, error) {
	g := gpuImage{format: format, w: w, h: h}
	info := &vk.ImageCreateInfo{
		SType:         vk.StructureTypeImageCreateInfo,
		ImageType:     vk.ImageType2d,
		Format:        format,
		Extent:        vk.Extent3D{Width: w, Height: h, Depth: 1},
		MipLevels:     1,
		ArrayLayers:   1,
		Samples:       vk.SampleCount1Bit,
		Tiling:        vk.ImageTilingOptimal,
		Usage:         vk.ImageUsageFlags(usage),
		SharingMode:   vk.SharingModeExclusive,
		InitialLayout: vk.ImageLayoutUndefined,
	}
	defer info.Free()
	var img vk.Image
	if r := vk.CreateImage(b.dev, info, nil, &img); r != vk.Success {
		return g, vkError(fmt.Sprintf("vkCreateImage(%dx%d, format %d)", w, h, format), r)
	}
	g.img = img
	var req vk.MemoryRequirements
	vk.GetImageMemoryRequirements(b.dev, g.img, &req)
	req.Deref()
	mem, _, err := b.allocate(req, deviceLocal, 0)
	if err != nil {
		b.destroyImage(&g)
		return gpuImage{}, fmt.Errorf("image %dx%d: %w", w, h, err)
	}
	g.mem = mem
	if r := vk.BindImageMemory(b.dev, g.img, mem, 0); r != vk.Success {
		b.destroyImage(&g)
		return gpuImage{}, vkError("vkBindImageMemory", r)
	}
	view, err := b.newView(g.img, format, aspect)
	if err != nil {
		b.destroyImage(&g)
		return gpuImage{}, err
	}
	g.view = view
	return g, nil
}

func (b *driver) newView(img vk.Image, format vk.Format, aspect vk.ImageAspectFlagBits) (vk.ImageView, error) {
	info := &vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    img,
		ViewType: vk.ImageViewType2d,
		Format:   format,
		Components: vk.ComponentMapping{
			R: vk.ComponentSwizzleIdentity, G: vk.ComponentSwizzleIdentity,
			B: vk.ComponentSwizzleIdentity, A: vk.ComponentSwizzleIdentity,
		},
		SubresourceRange: vk.ImageSubresourceRange{AspectMask: vk.ImageAspectFlags(aspect), LevelCount: 1, LayerCount: 1},
	}
	defer info.Free()
	var view vk.ImageView
	if r := vk.CreateImageView(b.dev, info, nil, &view); r != vk.Success {
		return nil, vkError("vkCreateImageView", r)
	}
	return view, nil
}

func (b *driver) destroyImage(g *gpuImage) {
	if g.view != nil {
		vk.DestroyImageView(b.dev, g.view, nil)
	}
	if g.img != nil {
		vk.DestroyImage(b.dev, g.img, nil)
	}
	if g.mem != nil {
		vk.FreeMemory(b.dev, g.mem, nil)
	}
	*g = gpuImage{}
}

// meshBlock is one buffer shared by many meshes' vertices and indices:
// one allocation serves thousands of small chunks.
type meshBlock struct {
	gpuBuffer
	*ranges.Free
}

func alignUp(x, a uint64) uint64 { return (x + a - 1) / a * a }

// meshAlloc finds room for size bytes in a mesh block, adding a block when
// none has it.
func (b *driver) meshAlloc(size uint64) (*meshBlock, uint64, error) {
	for _, m := range b.meshBlocks {
		if off, ok := m.Alloc(size); ok {
			return m, off, nil
		}
	}
	bs := max(uint64(meshBlockSize), alignUp(size, 1<<20))
	usage := vk.BufferUsageVertexBufferBit | vk.BufferUsageIndexBufferBit | vk.BufferUsageTransferDstBit
	// Device-local memory that the CPU can also write (integrated GPUs,
	// software rasterizers, resizable BAR) saves the staging copy.
	g, err := b.newBuffer(bs, usage, deviceLocal, hostMappable)
	if err != nil {
		return nil, 0, fmt.Errorf("mesh buffer: %w", err)
	}
	m := &meshBlock{gpuBuffer: g, Free: ranges.New(bs, 16)}
	b.meshBlocks = append(b.meshBlocks, m)
	off, _ := m.Alloc(size)
	return m, off, nil
}

// upload writes data at off in dst, directly when dst is mapped and through
// the staging buffer otherwise.
func (b *driver) upload(dst *gpuBuffer, off uint64, data []byte) error {
	if dst.mapped != nil {
		copy(dst.bytes(off, uint64(len(data))), data)
		return nil
	}
	if err := b.ensureStaging(uint64(len(data))); err != nil {
		return err
	}
	copy(b.staging.bytes(0, uint64(len(data))), data)
	return b.oneShot(func(cmd vk.CommandBuffer) {
		b.c.copyBuffer(cmd, b.staging.buf, dst.buf, 0, off, uint64(len(data)))
		b.c.bufferBarrier(cmd)
	})
}

func (b *driver) ensureStaging(size uint64) error {
	if b.staging.size >= size {
		return nil
	}
	b.destroyBuffer(&b.staging)
	g, err := b.newBuffer(max(alignUp(size, 1<<20), 4<<20), vk.BufferUsageTransferSrcBit, hostMappable, 0)
	if err != nil {
		return fmt.Errorf("staging buffer: %w", err)
	}
	if g.mapped == nil {
		b.destroyBuffer(&g)
		return fmt.Errorf("staging buffer: memory is not host-visible")
	}
	b.staging = g
	return nil
}

// oneShot records and runs a command buffer and waits for it: uploads are
// rare next to frames and a finished upload can be used at once.
func (b *driver) oneShot(record func(cmd vk.CommandBuffer)) error {
	if r := b.c.beginCmd(b.once.cmd); r != vk.Success {
		return vkError("vkBeginCommandBuffer", r)
	}
	record(b.once.cmd)
	if r := b.c.submit(b.queue, b.once.cmd, nil, nil, b.once.fence); r != vk.Success {
		return vkError("vkQueueSubmit", r)
	}
	if r := b.c.waitFence(b.once.fence, fenceTimeoutNanos); r != vk.Success {
		return vkError("vkWaitForFences", r)
	}
	if r := b.c.resetFence(b.once.fence); r != vk.Success {
		return vkError("vkResetFences", r)
	}
	return nil
}
