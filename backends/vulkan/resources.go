//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"image"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// CreateMesh checks the data against its format and copies it into a
// shared mesh buffer.
func (b *backend) CreateMesh(format formats.Handle, vertices []byte, indices []uint32) (backends.MeshID, error) {
	if b.closed {
		return 0, errClosed
	}
	if _, err := backends.CheckMesh(backends.Vulkan, b.registry, format, vertices, indices); err != nil {
		return 0, err
	}
	ioff := alignUp(uint64(len(vertices)), 4)
	size := ioff + uint64(len(indices))*4
	block, off, err := b.meshAlloc(size)
	if err != nil {
		return 0, fmt.Errorf("vulkan: CreateMesh: %w", err)
	}
	data := make([]byte, size)
	copy(data, vertices)
	copy(data[ioff:], unsafe.Slice((*byte)(unsafe.Pointer(&indices[0])), len(indices)*4))
	if err := b.upload(&block.gpuBuffer, off, data); err != nil {
		block.release(off, size)
		return 0, fmt.Errorf("vulkan: CreateMesh: upload: %w", err)
	}
	m := mesh{
		live: true, format: format, block: block, off: off, size: size, voff: off,
		firstIndex: uint32((off + ioff) / 4), indexCount: uint32(len(indices)),
	}
	if n := len(b.freeMeshes); n > 0 {
		id := b.freeMeshes[n-1]
		b.freeMeshes = b.freeMeshes[:n-1]
		b.meshes[id-1] = m
		return id, nil
	}
	b.meshes = append(b.meshes, m)
	return backends.MeshID(len(b.meshes)), nil
}

// DestroyMesh frees a mesh's range once the frames that may draw it are
// done. An unknown id is ignored.
func (b *backend) DestroyMesh(id backends.MeshID) {
	if b.closed || id == 0 || int(id) > len(b.meshes) || !b.meshes[id-1].live {
		return
	}
	m := b.meshes[id-1]
	b.meshes[id-1] = mesh{}
	b.later(func() {
		m.block.release(m.off, m.size)
		b.freeMeshes = append(b.freeMeshes, id)
	})
}

// CreateTexture uploads an RGBA8 image.
func (b *backend) CreateTexture(img *image.RGBA, opts backends.TextureOptions) (backends.TextureID, error) {
	if b.closed {
		return 0, errClosed
	}
	if img == nil || img.Rect.Empty() {
		return 0, errors.New("vulkan: CreateTexture: empty image")
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := make([]byte, w*h*4)
	for y := 0; y < h; y++ {
		start := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
		copy(pix[y*w*4:(y+1)*w*4], img.Pix[start:start+w*4])
	}
	t, err := b.newTexture(uint32(w), uint32(h), pix, opts)
	if err != nil {
		return 0, fmt.Errorf("vulkan: CreateTexture %dx%d: %w", w, h, err)
	}
	if n := len(b.freeTex); n > 0 {
		id := b.freeTex[n-1]
		b.freeTex = b.freeTex[:n-1]
		b.textures[id-1] = t
		return id, nil
	}
	b.textures = append(b.textures, t)
	return backends.TextureID(len(b.textures)), nil
}

func (b *backend) newTexture(w, h uint32, pix []byte, opts backends.TextureOptions) (texture, error) {
	img, err := b.newImage(w, h, vk.FormatR8g8b8a8Unorm, vk.ImageUsageSampledBit|vk.ImageUsageTransferDstBit, vk.ImageAspectColorBit)
	if err != nil {
		return texture{}, err
	}
	if err := b.ensureStaging(uint64(len(pix))); err != nil {
		b.destroyImage(&img)
		return texture{}, err
	}
	copy(b.staging.bytes(0, uint64(len(pix))), pix)
	err = b.oneShot(func(cmd vk.CommandBuffer) { b.c.uploadImage(cmd, b.staging.buf, img.img, w, h) })
	if err != nil {
		b.destroyImage(&img)
		return texture{}, err
	}
	pool, set, err := b.allocTextureSet()
	if err != nil {
		b.destroyImage(&img)
		return texture{}, err
	}
	si := 0
	if opts.Nearest {
		si |= 1
	}
	if opts.Clamp {
		si |= 2
	}
	b.writeImages(set, 0, b.texSamplers[si], vk.ImageLayoutShaderReadOnlyOptimal, img.view)
	return texture{live: true, img: img, set: set, pool: pool}, nil
}

func (b *backend) allocTextureSet() (vk.DescriptorPool, vk.DescriptorSet, error) {
	for i := range b.texPools {
		p := &b.texPools[i]
		if p.used < texPoolSets {
			if set, r := b.allocSet(p.pool, b.texSetLayout); r == vk.Success {
				p.used++
				return p.pool, set, nil
			}
		}
	}
	pool, err := b.newDescriptorPool(vk.DescriptorPoolCreateFreeDescriptorSetBit, texPoolSets,
		vk.DescriptorPoolSize{Type: vk.DescriptorTypeCombinedImageSampler, DescriptorCount: texPoolSets})
	if err != nil {
		return nil, nil, err
	}
	b.texPools = append(b.texPools, texPool{pool: pool})
	set, r := b.allocSet(pool, b.texSetLayout)
	if r != vk.Success {
		return nil, nil, vkError("vkAllocateDescriptorSets", r)
	}
	b.texPools[len(b.texPools)-1].used++
	return pool, set, nil
}

// DestroyTexture frees a texture once the frames that may sample it are
// done. An unknown id, and 0 (the white texture), are ignored.
func (b *backend) DestroyTexture(id backends.TextureID) {
	if b.closed || id == 0 || int(id) > len(b.textures) || !b.textures[id-1].live {
		return
	}
	t := b.textures[id-1]
	b.textures[id-1] = texture{}
	b.later(func() {
		b.destroyImage(&t.img)
		set := t.set
		vk.FreeDescriptorSets(b.dev, t.pool, 1, &set)
		for i := range b.texPools {
			if b.texPools[i].pool == t.pool {
				b.texPools[i].used--
			}
		}
		b.freeTex = append(b.freeTex, id)
	})
}

// FormatReady builds, once, the pipeline of a custom format for a pass.
func (b *backend) FormatReady(format formats.Handle, pass formats.Pass) bool {
	if b.closed || b.table == nil {
		return false
	}
	return b.table.Ready(format, pass)
}
