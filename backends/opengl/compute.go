package opengl

/*
#ifndef APIENTRY
#define APIENTRY
#endif
typedef void (APIENTRY *sleakDispatchComputeFn)(unsigned int x, unsigned int y, unsigned int z);
typedef void (APIENTRY *sleakBindImageTextureFn)(unsigned int unit, unsigned int texture, int level, unsigned char layered,
	int layer, unsigned int access, unsigned int format);
typedef void (APIENTRY *sleakMemoryBarrierFn)(unsigned int barriers);
typedef void (APIENTRY *sleakCopyImageSubDataFn)(unsigned int src, unsigned int srcTarget, int srcLevel, int srcX, int srcY, int srcZ,
	unsigned int dst, unsigned int dstTarget, int dstLevel, int dstX, int dstY, int dstZ, int w, int h, int depth);

static void sleakDispatchCompute(void *fn, unsigned int x, unsigned int y) {
	((sleakDispatchComputeFn)fn)(x, y, 1);
}

static void sleakBindImageTexture(void *fn, unsigned int unit, unsigned int texture, unsigned int access, unsigned int format) {
	((sleakBindImageTextureFn)fn)(unit, texture, 0, 0, 0, access, format);
}

static void sleakMemoryBarrier(void *fn, unsigned int barriers) {
	((sleakMemoryBarrierFn)fn)(barriers);
}

static void sleakCopyTexture2D(void *fn, unsigned int src, unsigned int dst, int w, int h) {
	((sleakCopyImageSubDataFn)fn)(src, 0x0DE1, 0, 0, 0, 0, dst, 0x0DE1, 0, 0, 0, 0, w, h, 1);
}
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// The OpenGL 4.3 names the v4.1-core binding does not have.
const (
	glComputeShader   = 0x91B9 // GL_COMPUTE_SHADER
	glAllBarrierBits  = 0xFFFFFFFF
	computeGroupWidth = 8 // local_size_x and local_size_y of every engine compute shader
)

// computeFuncs are the OpenGL 4.3 entry points the fullscreen steps need,
// loaded by name like glDrawElementsInstancedBaseInstance.
type computeFuncs struct {
	dispatch, bindImage, barrier, copyImage unsafe.Pointer
}

// loadCompute finds the compute entry points; GL thread. Every one is part
// of OpenGL 4.3, which initGL has checked the context offers.
func (r *driver) loadCompute() error {
	r.compute = computeFuncs{
		dispatch:  r.procAddress("glDispatchCompute"),
		bindImage: r.procAddress("glBindImageTexture"),
		barrier:   r.procAddress("glMemoryBarrier"),
		copyImage: r.procAddress("glCopyImageSubData"),
	}
	if r.compute.dispatch == nil || r.compute.bindImage == nil || r.compute.barrier == nil || r.compute.copyImage == nil {
		return fmt.Errorf("opengl: %w: the driver offers OpenGL 4.3 but not its compute entry points", ErrNoContext)
	}
	return nil
}

// dispatch runs the compute program p of a fullscreen step over its
// target, a w x h texture of internal format format bound to image unit 0,
// in 8x8 groups. The barrier after it makes its writes, which are image
// stores and so not ordered with later commands by themselves, visible to
// whatever reads the target next: a later step's texel fetches, a pass
// drawing over it, a blit or a read-back. All bits, because those readers
// differ by step and a barrier is cheap next to a fullscreen step.
func (r *driver) dispatch(p *program, target, format uint32, w, h int32) {
	gl.UseProgram(p.id)
	C.sleakBindImageTexture(r.compute.bindImage, 0, C.uint(target), gl.WRITE_ONLY, C.uint(format))
	groups := func(n int32) C.uint { return C.uint((n + computeGroupWidth - 1) / computeGroupWidth) }
	C.sleakDispatchCompute(r.compute.dispatch, groups(w), groups(h))
	C.sleakMemoryBarrier(r.compute.barrier, glAllBarrierBits)
	gl.UseProgram(0)
}

// copyTexture copies the w x h level 0 of 2D texture src into dst, of the
// same format, as the Vulkan backend copies an image: no framebuffer and no
// draw, where a framebuffer blit would be drawn through the GPU's raster
// units.
func (r *driver) copyTexture(src, dst uint32, w, h int32) {
	C.sleakCopyTexture2D(r.compute.copyImage, C.uint(src), C.uint(dst), C.int(w), C.int(h))
}
