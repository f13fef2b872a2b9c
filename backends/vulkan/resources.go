//go:build linux && cgo

package vulkan

import (
	"fmt"
	"image"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// NewMesh copies a mesh into a shared mesh buffer: vertices, then indices
// aligned to 4 bytes.
func (b *driver) NewMesh(l *formats.Layout, md core.MeshData) (mesh, error) {
	vertices, indices := md.Vertices, md.Indices
	ioff := alignUp(uint64(len(vertices)), 4)
	insOff := alignUp(ioff+uint64(len(indices))*4, 16)
	size := insOff + uint64(len(md.Instances))
	block, off, err := b.meshAlloc(size)
	if err != nil {
		return mesh{}, err
	}
	data := make([]byte, size)
	copy(data, vertices)
	copy(data[ioff:], unsafe.Slice((*byte)(unsafe.Pointer(&indices[0])), len(indices)*4))
	copy(data[insOff:], md.Instances)
	if err := b.upload(&block.gpuBuffer, off, data); err != nil {
		block.Release(off, size)
		return mesh{}, fmt.Errorf("upload: %w", err)
	}
	m := mesh{block: block, off: off, size: size, voff: off,
		firstIndex: uint32((off + ioff) / 4), indexCount: uint32(len(indices))}
	if l.Instanced() {
		m.ioff, m.instances = off+insOff, md.InstanceCount(l)
	}
	return m, nil
}

// FreeMesh returns a mesh's range to its block.
func (b *driver) FreeMesh(m mesh) { m.block.Release(m.off, m.size) }

// NewTexture uploads an RGBA8 image.
func (b *driver) NewTexture(img *image.RGBA, opts backends.TextureOptions) (texture, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := make([]byte, w*h*4)
	for y := 0; y < h; y++ {
		start := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
		copy(pix[y*w*4:(y+1)*w*4], img.Pix[start:start+w*4])
	}
	t, err := b.newTexture(uint32(w), uint32(h), pix, opts)
	if err != nil {
		return texture{}, fmt.Errorf("%dx%d: %w", w, h, err)
	}
	return t, nil
}

// White is the 1x1 white texture.
func (b *driver) White() texture { return b.white }

func (b *driver) newTexture(w, h uint32, pix []byte, opts backends.TextureOptions) (texture, error) {
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
	b.writeImages(set, 0, b.texSamplers[opts.SamplerIndex()], vk.ImageLayoutShaderReadOnlyOptimal, img.view)
	return texture{img: img, set: set, pool: pool}, nil
}

func (b *driver) allocTextureSet() (vk.DescriptorPool, vk.DescriptorSet, error) {
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

// FreeTexture destroys a texture's image and returns its descriptor set.
func (b *driver) FreeTexture(t texture) {
	b.destroyImage(&t.img)
	set := t.set
	vk.FreeDescriptorSets(b.dev, t.pool, 1, &set)
	for i := range b.texPools {
		if b.texPools[i].pool == t.pool {
			b.texPools[i].used--
		}
	}
}
