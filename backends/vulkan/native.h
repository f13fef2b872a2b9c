// The per-frame command path of the Vulkan backend, in C so that recording a
// frame makes no Go allocation (vulkan-go's wrappers allocate and attach
// finalizers for every slice argument), plus the loader and the debug-report
// callback.
#ifndef SLEAK_VULKAN_NATIVE_H
#define SLEAK_VULKAN_NATIVE_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>
#include <stdint.h>

// Every handle crosses from Go as a uint64_t, so that Go never holds a
// non-dispatchable handle (an opaque integer on some drivers) in a pointer.

// slDraw is one recorded draw; its Go twin is drawRecord in native.go.
typedef struct {
	uint64_t pipeline;
	uint64_t vbuf;
	uint64_t voffset;
	uint64_t ibuf;
	uint64_t set;           // set 1: the base texture's
	uint64_t maps[2];       // sets 2 and 3: the normal and emissive maps' own sets
	uint32_t indexCount;
	uint32_t firstIndex;
	uint64_t ioffset;       // instanced formats: the instance records, in vbuf
	uint32_t instanceCount; // 0: no instance buffer, draw once
	uint32_t pad;
	float push[24]; // mat4 model, vec4 color, vec4 surface (backends.DrawBlockSize)
} slDraw;

typedef struct slDevice slDevice;

// Loader.
int sl_load_vulkan(void);
void *sl_get_instance_proc_addr(void);

// Debug report: messages go to the exported Go function slDebugMessage with
// the given tag.
uint64_t sl_create_debug_report(uint64_t instance, uint64_t tag, VkResult *res);
// Creates the instance (see native.c for why in C).
VkResult sl_create_instance(const char *const *layers, uint32_t layerCount, const char *const *exts, uint32_t extCount,
	uint32_t apiVersion, int syncValidationOn, uint64_t *instance);
void sl_destroy_debug_report(uint64_t instance, uint64_t callback);

// Name lists: with names NULL, *count is set to the number of names;
// otherwise up to *count names of VK_MAX_EXTENSION_NAME_SIZE bytes each are
// written to names and *count is set to how many were.
VkResult sl_instance_layers(char *names, uint32_t *count);
VkResult sl_instance_extensions(const char *layer, char *names, uint32_t *count);
VkResult sl_device_extensions(uint64_t instance, uint64_t gpu, char *names, uint32_t *count);
// The queue families of gpu: with flags NULL the count, otherwise the
// queueFlags and timestampValidBits of up to capacity of them.
uint32_t sl_queue_families(uint64_t instance, uint64_t gpu, uint32_t *flags, uint32_t *timestampBits, uint32_t capacity);
// The formats a surface offers: with formats NULL the count, otherwise up to
// capacity VkFormat values.
uint32_t sl_surface_formats(uint64_t instance, uint64_t gpu, uint64_t surface, uint32_t *formats, uint32_t capacity);
// Creates the device (see native.c for why in C).
VkResult sl_create_device(uint64_t instance, uint64_t gpu, uint32_t family, const char *const *exts, uint32_t extCount,
	uint64_t *device);

// The surface of a GLFW window (a GLFWwindow*).
uint64_t sl_create_window_surface(uint64_t instance, void *window, VkResult *res);

// Device function table.
slDevice *sl_device_new(uint64_t instance, uint64_t device);
void sl_device_free(slDevice *d);

VkResult sl_wait_fence(slDevice *d, uint64_t fence, uint64_t timeout);
VkResult sl_reset_fence(slDevice *d, uint64_t fence);
VkResult sl_begin_cmd(slDevice *d, uint64_t cmd);
void sl_begin_pass(slDevice *d, uint64_t cmd, uint64_t renderPass, uint64_t framebuffer,
	uint32_t width, uint32_t height, const float *clears, uint32_t clearCount);
void sl_set_viewport(slDevice *d, uint64_t cmd, uint32_t x, uint32_t y, uint32_t width, uint32_t height);
void sl_clear_depth(slDevice *d, uint64_t cmd, uint32_t x, uint32_t y, uint32_t width, uint32_t height);
void sl_bind_frame_set(slDevice *d, uint64_t cmd, uint64_t layout, uint64_t set);
// Dispatches a compute shader over a target image (sets 0 to 2), waiting
// for the writes before it and leaving the image in layout after.
void sl_compute_fullscreen(slDevice *d, uint64_t cmd, uint64_t pipeline, uint64_t layout, uint64_t set0, uint64_t set1,
	uint64_t set2, uint64_t image, uint32_t width, uint32_t height, uint32_t after);
void sl_draws(slDevice *d, uint64_t cmd, uint64_t layout, const slDraw *draws, uint32_t n);
// sl_lines draws count line-list vertices of buf from byte offset with
// pipeline, the frame set already bound.
void sl_lines(slDevice *d, uint64_t cmd, uint64_t pipeline, uint64_t buf, uint64_t offset, uint32_t count);
void sl_end_pass(slDevice *d, uint64_t cmd);
// Timestamp queries: reset a range, write one, read a range (64-bit, no wait).
void sl_reset_queries(slDevice *d, uint64_t cmd, uint64_t pool, uint32_t first, uint32_t count);
void sl_write_timestamp(slDevice *d, uint64_t cmd, uint32_t stage, uint64_t pool, uint32_t query);
VkResult sl_query_results(slDevice *d, uint64_t pool, uint32_t first, uint32_t count, uint64_t *out);
VkResult sl_submit(slDevice *d, uint64_t queue, uint64_t cmd, uint64_t waitSem, uint64_t signalSem, uint64_t fence);
VkResult sl_acquire(slDevice *d, uint64_t swapchain, uint64_t sem, uint32_t *index);
VkResult sl_present(slDevice *d, uint64_t queue, uint64_t swapchain, uint32_t index, uint64_t waitSem);

// One-shot transfer commands, recorded between sl_begin_cmd and sl_submit.
void sl_copy_buffer(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint64_t srcOffset, uint64_t dstOffset, uint64_t size);
void sl_buffer_barrier(slDevice *d, uint64_t cmd);
void sl_upload_image(slDevice *d, uint64_t cmd, uint64_t src, uint64_t image, uint32_t width, uint32_t height);
void sl_image_to_buffer(slDevice *d, uint64_t cmd, uint64_t image, uint64_t dst, uint32_t width, uint32_t height);

// Object creation from create infos already in C memory.
VkResult sl_create_graphics_pipeline(slDevice *d, const void *info, uint64_t *pipeline);
VkResult sl_create_compute_pipeline(slDevice *d, uint64_t module, uint64_t layout, uint64_t *pipeline);
void sl_update_descriptor_set(slDevice *d, const void *write);

// Windowed frames: the composited image into the swapchain image.
void sl_blit_to_swapchain(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height);

// The antialias pass: the composited image made readable by a fragment
// shader, then src copied back over it.
void sl_sample_output(slDevice *d, uint64_t cmd, uint64_t image);
void sl_copy_back(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height);
void sl_copy_history(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height);
void sl_make_readable(slDevice *d, uint64_t cmd, uint64_t image);

// Returns freed heap memory to the system where the C library can.
void sl_trim(void);

#endif
