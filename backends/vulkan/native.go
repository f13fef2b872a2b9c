//go:build linux && cgo

package vulkan

/*
#cgo LDFLAGS: -ldl
#include <stdlib.h>
#include "native.h"
*/
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	vk "github.com/vulkan-go/vulkan"
)

// drawRecord is one draw as the C recorder reads it (slDraw in native.h):
// Draw fills a preallocated slice of these and EndPass records them all in
// one cgo call.
type drawRecord struct {
	pipeline   uint64
	vbuf       uint64
	voffset    uint64
	ibuf       uint64
	set        uint64    // set 1: the base texture's
	maps       [2]uint64 // sets 2 and 3: the normal and emissive maps' own sets
	indexCount uint32
	firstIndex uint32
	ioffset    uint64 // instanced formats: the instance records, in vbuf
	instances  uint32 // 0: no instance buffer, draw once
	_          uint32
	push       [backends.DrawBlockSize / 4]float32
}

// Catch a drift between the two declarations at compile time.
var _ [unsafe.Sizeof(drawRecord{}) - unsafe.Sizeof(C.slDraw{})]struct{}
var _ [unsafe.Sizeof(C.slDraw{}) - unsafe.Sizeof(drawRecord{})]struct{}

var loadOnce struct {
	sync.Once
	err error
}

// loadVulkan opens the Vulkan loader and hands vulkan-go its entry point,
// once per process.
func loadVulkan() error {
	loadOnce.Do(func() {
		switch C.sl_load_vulkan() {
		case -1:
			loadOnce.err = fmt.Errorf("%w: cannot open libvulkan.so.1 or libvulkan.so (install the Vulkan loader, Debian package libvulkan1)", ErrNoDriver)
			return
		case -2:
			loadOnce.err = fmt.Errorf("%w: the Vulkan loader has no vkGetInstanceProcAddr", ErrNoDriver)
			return
		}
		vk.SetGetInstanceProcAddr(C.sl_get_instance_proc_addr())
		if err := vk.Init(); err != nil {
			loadOnce.err = fmt.Errorf("%w: %w", ErrNoDriver, err)
		}
	})
	return loadOnce.err
}

// h turns a vulkan-go handle (a pointer-sized C handle type) into the
// integer the C side takes.
func h[T any](x T) uint64 {
	if unsafe.Sizeof(x) != 8 {
		panic("vulkan: handles are 64-bit on this platform")
	}
	return *(*uint64)(unsafe.Pointer(&x))
}

// fromHandle is h's inverse: the integer the C side returned as a vulkan-go
// handle of type T.
func fromHandle[T any](x uint64) T {
	var out T
	if unsafe.Sizeof(out) != 8 {
		panic("vulkan: handles are 64-bit on this platform")
	}
	*(*uint64)(unsafe.Pointer(&out)) = x
	return out
}

// createWindowSurface makes a GLFW window's surface in C.
func createWindowSurface(inst vk.Instance, window unsafe.Pointer) (vk.Surface, vk.Result) {
	var r C.VkResult
	s := C.sl_create_window_surface(C.uint64_t(h(inst)), window, &r)
	return fromHandle[vk.Surface](uint64(s)), vk.Result(r)
}

// createInstance creates the instance with the layers and extensions
// named, and with syncValidation the validation layer's synchronization
// checks; in C, see sl_create_instance.
func createInstance(layers, exts []string, apiVersion uint32, syncValidation bool) (vk.Instance, vk.Result) {
	cl, freeLayers := cStrings(layers)
	defer freeLayers()
	ce, freeExts := cStrings(exts)
	defer freeExts()
	on := C.int(0)
	if syncValidation {
		on = 1
	}
	var inst C.uint64_t
	r := C.sl_create_instance(cl, C.uint32_t(len(layers)), ce, C.uint32_t(len(exts)), C.uint32_t(apiVersion), on, &inst)
	return fromHandle[vk.Instance](uint64(inst)), vk.Result(r)
}

// nameSet reads a name list through list (one of the sl_*_layers or
// sl_*_extensions queries): once for the count, once for the names.
func nameSet(list func(names *C.char, count *C.uint32_t) C.VkResult) map[string]bool {
	var n C.uint32_t
	if list(nil, &n) != C.VK_SUCCESS || n == 0 {
		return nil
	}
	buf := make([]byte, int(n)*C.VK_MAX_EXTENSION_NAME_SIZE)
	if list((*C.char)(unsafe.Pointer(&buf[0])), &n) < 0 {
		return nil
	}
	out := make(map[string]bool, int(n))
	for i := range int(n) {
		name := buf[i*C.VK_MAX_EXTENSION_NAME_SIZE : (i+1)*C.VK_MAX_EXTENSION_NAME_SIZE]
		if end := bytes.IndexByte(name, 0); end >= 0 {
			name = name[:end]
		}
		out[string(name)] = true
	}
	return out
}

// instanceLayers is the set of installed instance layers.
func instanceLayers() map[string]bool {
	return nameSet(func(names *C.char, count *C.uint32_t) C.VkResult {
		return C.sl_instance_layers(names, count)
	})
}

// instanceExtensions is the set of instance extensions of layer, or of the
// loader and drivers when layer is "".
func instanceExtensions(layer string) map[string]bool {
	var cl *C.char
	if layer != "" {
		cl = C.CString(layer)
		defer C.free(unsafe.Pointer(cl))
	}
	return nameSet(func(names *C.char, count *C.uint32_t) C.VkResult {
		return C.sl_instance_extensions(cl, names, count)
	})
}

// deviceExtensions is the set of extensions gpu offers.
func deviceExtensions(inst vk.Instance, gpu vk.PhysicalDevice) map[string]bool {
	return nameSet(func(names *C.char, count *C.uint32_t) C.VkResult {
		return C.sl_device_extensions(C.uint64_t(h(inst)), C.uint64_t(h(gpu)), names, count)
	})
}

// queueFamily is what the backend reads of one queue family.
type queueFamily struct {
	flags         vk.QueueFlags
	timestampBits uint32
}

// queueFamilies lists gpu's queue families in index order.
func queueFamilies(inst vk.Instance, gpu vk.PhysicalDevice) []queueFamily {
	ci, cg := C.uint64_t(h(inst)), C.uint64_t(h(gpu))
	n := C.sl_queue_families(ci, cg, nil, nil, 0)
	if n == 0 {
		return nil
	}
	flags := make([]uint32, n)
	bits := make([]uint32, n)
	n = C.sl_queue_families(ci, cg, (*C.uint32_t)(&flags[0]), (*C.uint32_t)(&bits[0]), n)
	out := make([]queueFamily, n)
	for i := range out {
		out[i] = queueFamily{flags: vk.QueueFlags(flags[i]), timestampBits: bits[i]}
	}
	return out
}

// surfaceFormats lists the formats surface offers on gpu.
func surfaceFormats(inst vk.Instance, gpu vk.PhysicalDevice, surface vk.Surface) []vk.Format {
	ci, cg, cs := C.uint64_t(h(inst)), C.uint64_t(h(gpu)), C.uint64_t(h(surface))
	n := C.sl_surface_formats(ci, cg, cs, nil, 0)
	if n == 0 {
		return nil
	}
	raw := make([]uint32, n)
	n = C.sl_surface_formats(ci, cg, cs, (*C.uint32_t)(&raw[0]), n)
	out := make([]vk.Format, n)
	for i := range out {
		out[i] = vk.Format(raw[i])
	}
	return out
}

// createDevice creates the device with one queue of family and the
// extensions named; in C, see sl_create_device.
func createDevice(inst vk.Instance, gpu vk.PhysicalDevice, family uint32, exts []string) (vk.Device, vk.Result) {
	ce, freeExts := cStrings(exts)
	defer freeExts()
	var dev C.uint64_t
	r := C.sl_create_device(C.uint64_t(h(inst)), C.uint64_t(h(gpu)), C.uint32_t(family), ce, C.uint32_t(len(exts)), &dev)
	return fromHandle[vk.Device](uint64(dev)), vk.Result(r)
}

// cStrings copies names into a C array of C strings, which free releases.
func cStrings(names []string) (array **C.char, free func()) {
	if len(names) == 0 {
		return nil, func() {}
	}
	ptrs := unsafe.Slice((**C.char)(C.malloc(C.size_t(len(names))*C.size_t(unsafe.Sizeof((*C.char)(nil))))), len(names))
	for i, n := range names {
		ptrs[i] = C.CString(n)
	}
	return &ptrs[0], func() {
		for _, p := range ptrs {
			C.free(unsafe.Pointer(p))
		}
		C.free(unsafe.Pointer(&ptrs[0]))
	}
}

// trimHeap returns memory freed by the driver to the system (see sl_trim).
func trimHeap() { C.sl_trim() }

// cdevice is the device-level function table of the C recorder.
type cdevice struct{ p *C.slDevice }

func newCDevice(inst vk.Instance, dev vk.Device) (cdevice, error) {
	p := C.sl_device_new(C.uint64_t(h(inst)), C.uint64_t(h(dev)))
	if p == nil {
		return cdevice{}, errors.New("load device functions: vkGetDeviceProcAddr failed")
	}
	return cdevice{p}, nil
}

func (d cdevice) free() {
	if d.p != nil {
		C.sl_device_free(d.p)
	}
}

func (d cdevice) waitFence(f vk.Fence, timeout uint64) vk.Result {
	return vk.Result(C.sl_wait_fence(d.p, C.uint64_t(h(f)), C.uint64_t(timeout)))
}

func (d cdevice) resetFence(f vk.Fence) vk.Result {
	return vk.Result(C.sl_reset_fence(d.p, C.uint64_t(h(f))))
}

func (d cdevice) beginCmd(cmd vk.CommandBuffer) vk.Result {
	return vk.Result(C.sl_begin_cmd(d.p, C.uint64_t(h(cmd))))
}

func (d cdevice) beginPass(cmd vk.CommandBuffer, rp vk.RenderPass, fb vk.Framebuffer, w, hgt uint32, clears []float32) {
	var p *C.float
	if len(clears) > 0 {
		p = (*C.float)(unsafe.Pointer(&clears[0]))
	}
	C.sl_begin_pass(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(rp)), C.uint64_t(h(fb)), C.uint32_t(w), C.uint32_t(hgt), p, C.uint32_t(len(clears)/4))
}

// setViewport narrows drawing to the rectangle at x, y of the pass's
// target, in the orientation beginPass sets up for the whole target.
func (d cdevice) setViewport(cmd vk.CommandBuffer, x, y, w, hgt uint32) {
	C.sl_set_viewport(d.p, C.uint64_t(h(cmd)), C.uint32_t(x), C.uint32_t(y), C.uint32_t(w), C.uint32_t(hgt))
}

// clearDepth clears the open render pass's depth attachment to 1 in the
// rectangle at x, y.
func (d cdevice) clearDepth(cmd vk.CommandBuffer, x, y, w, hgt uint32) {
	C.sl_clear_depth(d.p, C.uint64_t(h(cmd)), C.uint32_t(x), C.uint32_t(y), C.uint32_t(w), C.uint32_t(hgt))
}

func (d cdevice) bindFrameSet(cmd vk.CommandBuffer, layout vk.PipelineLayout, set vk.DescriptorSet) {
	C.sl_bind_frame_set(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(layout)), C.uint64_t(h(set)))
}

// computeFullscreen runs a compute pipeline over the width x height image
// img, with sets 0 to 2 bound, and leaves img in layout after: ready to
// render into (ColorAttachmentOptimal) or to be read (ShaderReadOnlyOptimal).
func (d cdevice) computeFullscreen(cmd vk.CommandBuffer, pipe vk.Pipeline, layout vk.PipelineLayout, sets [3]vk.DescriptorSet, img vk.Image, w, hgt uint32, after vk.ImageLayout) {
	C.sl_compute_fullscreen(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(pipe)), C.uint64_t(h(layout)),
		C.uint64_t(h(sets[0])), C.uint64_t(h(sets[1])), C.uint64_t(h(sets[2])), C.uint64_t(h(img)), C.uint32_t(w), C.uint32_t(hgt), C.uint32_t(after))
}

func (d cdevice) draws(cmd vk.CommandBuffer, layout vk.PipelineLayout, recs []drawRecord) {
	if len(recs) == 0 {
		return
	}
	C.sl_draws(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(layout)), (*C.slDraw)(unsafe.Pointer(&recs[0])), C.uint32_t(len(recs)))
}

func (d cdevice) lines(cmd vk.CommandBuffer, pipe vk.Pipeline, buf vk.Buffer, offset uint64, count int) {
	C.sl_lines(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(pipe)), C.uint64_t(h(buf)), C.uint64_t(offset), C.uint32_t(count))
}

func (d cdevice) endPass(cmd vk.CommandBuffer) { C.sl_end_pass(d.p, C.uint64_t(h(cmd))) }

func (d cdevice) resetQueries(cmd vk.CommandBuffer, pool vk.QueryPool, first, count uint32) {
	C.sl_reset_queries(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(pool)), C.uint32_t(first), C.uint32_t(count))
}

func (d cdevice) writeTimestamp(cmd vk.CommandBuffer, stage vk.PipelineStageFlagBits, pool vk.QueryPool, query uint32) {
	C.sl_write_timestamp(d.p, C.uint64_t(h(cmd)), C.uint32_t(stage), C.uint64_t(h(pool)), C.uint32_t(query))
}

// queryResults reads count 64-bit results into out (Go memory without
// pointers, which cgo lets C write during the call).
func (d cdevice) queryResults(pool vk.QueryPool, first, count uint32, out *uint64) vk.Result {
	return vk.Result(C.sl_query_results(d.p, C.uint64_t(h(pool)), C.uint32_t(first), C.uint32_t(count), (*C.uint64_t)(unsafe.Pointer(out))))
}

func (d cdevice) submit(q vk.Queue, cmd vk.CommandBuffer, wait, signal vk.Semaphore, fence vk.Fence) vk.Result {
	return vk.Result(C.sl_submit(d.p, C.uint64_t(h(q)), C.uint64_t(h(cmd)), C.uint64_t(h(wait)), C.uint64_t(h(signal)), C.uint64_t(h(fence))))
}

func (d cdevice) acquire(sc vk.Swapchain, sem vk.Semaphore, index *uint32) vk.Result {
	return vk.Result(C.sl_acquire(d.p, C.uint64_t(h(sc)), C.uint64_t(h(sem)), (*C.uint32_t)(unsafe.Pointer(index))))
}

func (d cdevice) present(q vk.Queue, sc vk.Swapchain, index uint32, wait vk.Semaphore) vk.Result {
	return vk.Result(C.sl_present(d.p, C.uint64_t(h(q)), C.uint64_t(h(sc)), C.uint32_t(index), C.uint64_t(h(wait))))
}

func (d cdevice) copyBuffer(cmd vk.CommandBuffer, src, dst vk.Buffer, srcOff, dstOff, size uint64) {
	C.sl_copy_buffer(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(src)), C.uint64_t(h(dst)), C.uint64_t(srcOff), C.uint64_t(dstOff), C.uint64_t(size))
}

func (d cdevice) bufferBarrier(cmd vk.CommandBuffer) { C.sl_buffer_barrier(d.p, C.uint64_t(h(cmd))) }

func (d cdevice) uploadImage(cmd vk.CommandBuffer, src vk.Buffer, img vk.Image, w, hgt uint32) {
	C.sl_upload_image(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(src)), C.uint64_t(h(img)), C.uint32_t(w), C.uint32_t(hgt))
}

func (d cdevice) imageToBuffer(cmd vk.CommandBuffer, img vk.Image, dst vk.Buffer, w, hgt uint32) {
	C.sl_image_to_buffer(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(img)), C.uint64_t(h(dst)), C.uint32_t(w), C.uint32_t(hgt))
}

// createPipeline creates one graphics pipeline; see
// sl_create_graphics_pipeline for why not vk.CreateGraphicsPipelines.
func (d cdevice) createPipeline(info *vk.GraphicsPipelineCreateInfo) (vk.Pipeline, vk.Result) {
	ref, _ := info.PassRef()
	defer info.Free()
	var p C.uint64_t
	r := C.sl_create_graphics_pipeline(d.p, unsafe.Pointer(ref), &p)
	return fromHandle[vk.Pipeline](uint64(p)), vk.Result(r)
}

// createComputePipeline creates the compute pipeline of module (entry point
// main) and layout, in C like createPipeline.
func (d cdevice) createComputePipeline(module vk.ShaderModule, layout vk.PipelineLayout) (vk.Pipeline, vk.Result) {
	var p C.uint64_t
	r := C.sl_create_compute_pipeline(d.p, C.uint64_t(h(module)), C.uint64_t(h(layout)), &p)
	return fromHandle[vk.Pipeline](uint64(p)), vk.Result(r)
}

// updateDescriptorSet applies one descriptor write.
func (d cdevice) updateDescriptorSet(w *vk.WriteDescriptorSet) {
	ref, _ := w.PassRef()
	defer w.Free()
	C.sl_update_descriptor_set(d.p, unsafe.Pointer(ref))
}

func (d cdevice) blitToSwapchain(cmd vk.CommandBuffer, src, dst vk.Image, w, hgt uint32) {
	C.sl_blit_to_swapchain(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(src)), C.uint64_t(h(dst)), C.uint32_t(w), C.uint32_t(hgt))
}

// sampleOutput makes the composited image readable by a compute shader.
func (d cdevice) sampleOutput(cmd vk.CommandBuffer, img vk.Image) {
	C.sl_sample_output(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(img)))
}

// copyBack copies src over the composited image dst and leaves dst as the
// composite pass does.
func (d cdevice) copyBack(cmd vk.CommandBuffer, src, dst vk.Image, w, hgt uint32) {
	C.sl_copy_back(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(src)), C.uint64_t(h(dst)), C.uint32_t(w), C.uint32_t(hgt))
}

// copyHistory is copyBack from a temporal antialiasing target, which it
// then leaves readable by shaders, to be the next frame's history.
func (d cdevice) copyHistory(cmd vk.CommandBuffer, src, dst vk.Image, w, hgt uint32) {
	C.sl_copy_history(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(src)), C.uint64_t(h(dst)), C.uint32_t(w), C.uint32_t(hgt))
}

// makeReadable moves a new image, whose content does not matter, into the
// layout shaders read it in.
func (d cdevice) makeReadable(cmd vk.CommandBuffer, img vk.Image) {
	C.sl_make_readable(d.p, C.uint64_t(h(cmd)), C.uint64_t(h(img)))
}

// Debug-report messages arrive on driver threads tagged with the id of the
// backend that asked for them.
var debugSinks struct {
	sync.Mutex
	next  uint64
	sinks map[uint64]func(flags vk.DebugReportFlags, prefix, msg string)
}

func createDebugReport(inst vk.Instance, sink func(flags vk.DebugReportFlags, prefix, msg string)) (callback, tag uint64, err error) {
	debugSinks.Lock()
	debugSinks.next++
	tag = debugSinks.next
	if debugSinks.sinks == nil {
		debugSinks.sinks = map[uint64]func(vk.DebugReportFlags, string, string){}
	}
	debugSinks.sinks[tag] = sink
	debugSinks.Unlock()
	var res C.VkResult
	cb := C.sl_create_debug_report(C.uint64_t(h(inst)), C.uint64_t(tag), &res)
	if res != C.VK_SUCCESS {
		removeDebugSink(tag)
		return 0, 0, vkError("vkCreateDebugReportCallbackEXT", vk.Result(res))
	}
	return uint64(cb), tag, nil
}

func destroyDebugReport(inst vk.Instance, callback, tag uint64) {
	C.sl_destroy_debug_report(C.uint64_t(h(inst)), C.uint64_t(callback))
	removeDebugSink(tag)
}

func removeDebugSink(tag uint64) {
	debugSinks.Lock()
	delete(debugSinks.sinks, tag)
	debugSinks.Unlock()
}

//export slDebugMessage
func slDebugMessage(tag C.uint64_t, flags C.uint32_t, prefix, msg *C.char) {
	debugSinks.Lock()
	sink := debugSinks.sinks[uint64(tag)]
	debugSinks.Unlock()
	if sink != nil {
		sink(vk.DebugReportFlags(flags), C.GoString(prefix), C.GoString(msg))
	}
}
