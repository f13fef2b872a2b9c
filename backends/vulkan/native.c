#include "native.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// Part of GLFW, which the glfw package compiles into the same binary.
extern VkResult glfwCreateWindowSurface(VkInstance instance, void *window, const VkAllocationCallbacks *allocator,
	VkSurfaceKHR *surface);

// sl_create_window_surface makes the window's surface and returns the handle
// by value, so Go never reads it through a pointer to its own memory.
uint64_t sl_create_window_surface(uint64_t instance, void *window, VkResult *res) {
	VkSurfaceKHR surface = VK_NULL_HANDLE;
	*res = glfwCreateWindowSurface((VkInstance)(uintptr_t)instance, window, NULL, &surface);
	return (uint64_t)surface;
}

// Implemented in Go (native.go).
extern void slDebugMessage(uint64_t tag, uint32_t flags, char *prefix, char *message);

static void *libvulkan;
static PFN_vkGetInstanceProcAddr gipa;

// sl_load_vulkan opens the loader by its versioned name first: the
// unversioned libvulkan.so that vulkan-go looks for ships only with the
// development package.
int sl_load_vulkan(void) {
	if (gipa != NULL) {
		return 0;
	}
	const char *names[] = {"libvulkan.so.1", "libvulkan.so"};
	for (int i = 0; i < 2 && libvulkan == NULL; i++) {
		libvulkan = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	}
	if (libvulkan == NULL) {
		return -1;
	}
	gipa = (PFN_vkGetInstanceProcAddr)dlsym(libvulkan, "vkGetInstanceProcAddr");
	return gipa == NULL ? -2 : 0;
}

void *sl_get_instance_proc_addr(void) { return (void *)gipa; }

static VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(VkDebugReportFlagsEXT flags, VkDebugReportObjectTypeEXT objectType,
	uint64_t object, size_t location, int32_t messageCode, const char *prefix, const char *message, void *user) {
	(void)objectType;
	(void)object;
	(void)location;
	(void)messageCode;
	slDebugMessage((uint64_t)(uintptr_t)user, (uint32_t)flags, (char *)prefix, (char *)message);
	return VK_FALSE;
}

uint64_t sl_create_debug_report(uint64_t instance, uint64_t tag, VkResult *res) {
	VkInstance inst = (VkInstance)(uintptr_t)instance;
	PFN_vkCreateDebugReportCallbackEXT create =
		(PFN_vkCreateDebugReportCallbackEXT)gipa(inst, "vkCreateDebugReportCallbackEXT");
	if (create == NULL) {
		*res = VK_ERROR_EXTENSION_NOT_PRESENT;
		return 0;
	}
	VkDebugReportCallbackCreateInfoEXT info = {
		.sType = VK_STRUCTURE_TYPE_DEBUG_REPORT_CALLBACK_CREATE_INFO_EXT,
		.flags = VK_DEBUG_REPORT_ERROR_BIT_EXT | VK_DEBUG_REPORT_WARNING_BIT_EXT |
			VK_DEBUG_REPORT_PERFORMANCE_WARNING_BIT_EXT,
		.pfnCallback = debugCallback,
		.pUserData = (void *)(uintptr_t)tag,
	};
	VkDebugReportCallbackEXT cb = VK_NULL_HANDLE;
	*res = create(inst, &info, NULL, &cb);
	return (uint64_t)(uintptr_t)cb;
}

// syncValidation is the pNext of an instance's create info that turns on
// the validation layer's synchronization checks (missing barriers).
static const void *syncValidation(void) {
	static const VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
	static const VkValidationFeaturesEXT features = {
		.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
		.enabledValidationFeatureCount = 1,
		.pEnabledValidationFeatures = enables,
	};
	return &features;
}

// sl_create_instance creates the instance with the given layers and
// extensions, and with syncValidation the layer's synchronization checks.
// Its create info is built here: vulkan-go's CreateInstance copies the name
// lists into C memory that a finalizer can free before the driver reads it.
VkResult sl_create_instance(const char *const *layers, uint32_t layerCount, const char *const *exts, uint32_t extCount,
	uint32_t apiVersion, int syncValidationOn, uint64_t *instance) {
	PFN_vkCreateInstance create = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
	if (create == NULL) {
		return VK_ERROR_INITIALIZATION_FAILED;
	}
	VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "sleak",
		.pEngineName = "sleak",
		.apiVersion = apiVersion,
	};
	VkInstanceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pNext = syncValidationOn ? syncValidation() : NULL,
		.pApplicationInfo = &app,
		.enabledLayerCount = layerCount,
		.ppEnabledLayerNames = layers,
		.enabledExtensionCount = extCount,
		.ppEnabledExtensionNames = exts,
	};
	VkInstance inst = VK_NULL_HANDLE;
	VkResult r = create(&info, NULL, &inst);
	*instance = (uint64_t)(uintptr_t)inst;
	return r;
}

// The queries below read their lists here rather than through vulkan-go,
// whose wrappers hand the driver a C array that a finalizer may free while
// the driver still writes it.

// copyNames copies n names of VK_MAX_EXTENSION_NAME_SIZE bytes, stride bytes
// apart from first, into out.
static void copyNames(char *out, const char *first, size_t stride, uint32_t n) {
	for (uint32_t i = 0; i < n; i++) {
		memcpy(out + (size_t)i * VK_MAX_EXTENSION_NAME_SIZE, first + (size_t)i * stride, VK_MAX_EXTENSION_NAME_SIZE);
		out[(size_t)i * VK_MAX_EXTENSION_NAME_SIZE + VK_MAX_EXTENSION_NAME_SIZE - 1] = 0;
	}
}

VkResult sl_instance_layers(char *names, uint32_t *count) {
	PFN_vkEnumerateInstanceLayerProperties list =
		(PFN_vkEnumerateInstanceLayerProperties)gipa(NULL, "vkEnumerateInstanceLayerProperties");
	if (list == NULL) {
		return VK_ERROR_INITIALIZATION_FAILED;
	}
	if (names == NULL) {
		return list(count, NULL);
	}
	VkLayerProperties *props = calloc(*count ? *count : 1, sizeof *props);
	if (props == NULL) {
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	}
	VkResult r = list(count, props);
	if (r >= 0) {
		copyNames(names, props[0].layerName, sizeof *props, *count);
	}
	free(props);
	return r;
}

// listExtensions runs an extension query: instance-level when gpu is 0.
static VkResult listExtensions(uint64_t instance, uint64_t gpu, const char *layer, char *names, uint32_t *count) {
	VkResult r;
	VkExtensionProperties *props = NULL;
	if (names != NULL) {
		props = calloc(*count ? *count : 1, sizeof *props);
		if (props == NULL) {
			return VK_ERROR_OUT_OF_HOST_MEMORY;
		}
	}
	if (gpu == 0) {
		PFN_vkEnumerateInstanceExtensionProperties list =
			(PFN_vkEnumerateInstanceExtensionProperties)gipa(NULL, "vkEnumerateInstanceExtensionProperties");
		r = list == NULL ? VK_ERROR_INITIALIZATION_FAILED : list(layer, count, props);
	} else {
		PFN_vkEnumerateDeviceExtensionProperties list = (PFN_vkEnumerateDeviceExtensionProperties)gipa(
			(VkInstance)(uintptr_t)instance, "vkEnumerateDeviceExtensionProperties");
		r = list == NULL ? VK_ERROR_INITIALIZATION_FAILED : list((VkPhysicalDevice)(uintptr_t)gpu, NULL, count, props);
	}
	if (props != NULL) {
		if (r >= 0) {
			copyNames(names, props[0].extensionName, sizeof *props, *count);
		}
		free(props);
	}
	return r;
}

VkResult sl_instance_extensions(const char *layer, char *names, uint32_t *count) {
	return listExtensions(0, 0, layer, names, count);
}

VkResult sl_device_extensions(uint64_t instance, uint64_t gpu, char *names, uint32_t *count) {
	return listExtensions(instance, gpu, NULL, names, count);
}

uint32_t sl_queue_families(uint64_t instance, uint64_t gpu, uint32_t *flags, uint32_t *timestampBits, uint32_t capacity) {
	PFN_vkGetPhysicalDeviceQueueFamilyProperties get = (PFN_vkGetPhysicalDeviceQueueFamilyProperties)gipa(
		(VkInstance)(uintptr_t)instance, "vkGetPhysicalDeviceQueueFamilyProperties");
	if (get == NULL) {
		return 0;
	}
	VkPhysicalDevice pd = (VkPhysicalDevice)(uintptr_t)gpu;
	uint32_t n = 0;
	get(pd, &n, NULL);
	if (flags == NULL || n == 0) {
		return n;
	}
	VkQueueFamilyProperties *props = calloc(n, sizeof *props);
	if (props == NULL) {
		return 0;
	}
	get(pd, &n, props);
	if (n > capacity) {
		n = capacity;
	}
	for (uint32_t i = 0; i < n; i++) {
		flags[i] = props[i].queueFlags;
		timestampBits[i] = props[i].timestampValidBits;
	}
	free(props);
	return n;
}

uint32_t sl_surface_formats(uint64_t instance, uint64_t gpu, uint64_t surface, uint32_t *formats, uint32_t capacity) {
	PFN_vkGetPhysicalDeviceSurfaceFormatsKHR get = (PFN_vkGetPhysicalDeviceSurfaceFormatsKHR)gipa(
		(VkInstance)(uintptr_t)instance, "vkGetPhysicalDeviceSurfaceFormatsKHR");
	if (get == NULL) {
		return 0;
	}
	VkPhysicalDevice pd = (VkPhysicalDevice)(uintptr_t)gpu;
	VkSurfaceKHR s = (VkSurfaceKHR)(uintptr_t)surface;
	uint32_t n = 0;
	if (get(pd, s, &n, NULL) < 0 || formats == NULL || n == 0) {
		return n;
	}
	VkSurfaceFormatKHR *props = calloc(n, sizeof *props);
	if (props == NULL) {
		return 0;
	}
	if (get(pd, s, &n, props) < 0) {
		n = 0;
	}
	if (n > capacity) {
		n = capacity;
	}
	for (uint32_t i = 0; i < n; i++) {
		formats[i] = (uint32_t)props[i].format;
	}
	free(props);
	return n;
}

// sl_create_device creates the device with one queue of family, the
// extensions named, and the two optional features the engine uses; in C
// because vulkan-go's CreateDevice builds its queue and feature arrays in C
// memory that a finalizer can free early.
VkResult sl_create_device(uint64_t instance, uint64_t gpu, uint32_t family, const char *const *exts, uint32_t extCount,
	uint64_t *device) {
	PFN_vkCreateDevice create = (PFN_vkCreateDevice)gipa((VkInstance)(uintptr_t)instance, "vkCreateDevice");
	if (create == NULL) {
		return VK_ERROR_INITIALIZATION_FAILED;
	}
	float priority = 1;
	VkDeviceQueueCreateInfo queue = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = family,
		.queueCount = 1,
		.pQueuePriorities = &priority,
	};
	VkPhysicalDeviceFeatures features = {
		.depthClamp = VK_TRUE,
		.shaderStorageImageExtendedFormats = VK_TRUE,
	};
	VkDeviceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue,
		.enabledExtensionCount = extCount,
		.ppEnabledExtensionNames = exts,
		.pEnabledFeatures = &features,
	};
	VkDevice dev = VK_NULL_HANDLE;
	VkResult r = create((VkPhysicalDevice)(uintptr_t)gpu, &info, NULL, &dev);
	*device = (uint64_t)(uintptr_t)dev;
	return r;
}

void sl_destroy_debug_report(uint64_t instance, uint64_t callback) {
	VkInstance inst = (VkInstance)(uintptr_t)instance;
	PFN_vkDestroyDebugReportCallbackEXT destroy =
		(PFN_vkDestroyDebugReportCallbackEXT)gipa(inst, "vkDestroyDebugReportCallbackEXT");
	if (destroy != NULL && callback != 0) {
		destroy(inst, (VkDebugReportCallbackEXT)(uintptr_t)callback, NULL);
	}
}

struct slDevice {
	VkDevice device;
	PFN_vkWaitForFences WaitForFences;
	PFN_vkResetFences ResetFences;
	PFN_vkResetCommandBuffer ResetCommandBuffer;
	PFN_vkBeginCommandBuffer BeginCommandBuffer;
	PFN_vkEndCommandBuffer EndCommandBuffer;
	PFN_vkCmdBeginRenderPass CmdBeginRenderPass;
	PFN_vkCmdEndRenderPass CmdEndRenderPass;
	PFN_vkCmdSetViewport CmdSetViewport;
	PFN_vkCmdSetScissor CmdSetScissor;
	PFN_vkCmdBindPipeline CmdBindPipeline;
	PFN_vkCmdBindDescriptorSets CmdBindDescriptorSets;
	PFN_vkCmdBindVertexBuffers CmdBindVertexBuffers;
	PFN_vkCmdBindIndexBuffer CmdBindIndexBuffer;
	PFN_vkCmdPushConstants CmdPushConstants;
	PFN_vkCmdDraw CmdDraw;
	PFN_vkCmdDrawIndexed CmdDrawIndexed;
	PFN_vkCmdCopyBuffer CmdCopyBuffer;
	PFN_vkCmdCopyBufferToImage CmdCopyBufferToImage;
	PFN_vkCmdCopyImageToBuffer CmdCopyImageToBuffer;
	PFN_vkCmdPipelineBarrier CmdPipelineBarrier;
	PFN_vkCmdBlitImage CmdBlitImage;
	PFN_vkCmdCopyImage CmdCopyImage;
	PFN_vkCmdClearAttachments CmdClearAttachments;
	PFN_vkCreateGraphicsPipelines CreateGraphicsPipelines;
	PFN_vkCreateComputePipelines CreateComputePipelines;
	PFN_vkUpdateDescriptorSets UpdateDescriptorSets;
	PFN_vkQueueSubmit QueueSubmit;
	PFN_vkAcquireNextImageKHR AcquireNextImageKHR;
	PFN_vkQueuePresentKHR QueuePresentKHR;
	PFN_vkCmdResetQueryPool CmdResetQueryPool;
	PFN_vkCmdWriteTimestamp CmdWriteTimestamp;
	PFN_vkGetQueryPoolResults GetQueryPoolResults;
	PFN_vkCmdDispatch CmdDispatch;
};

slDevice *sl_device_new(uint64_t instance, uint64_t device) {
	VkInstance inst = (VkInstance)(uintptr_t)instance;
	PFN_vkGetDeviceProcAddr gdpa = (PFN_vkGetDeviceProcAddr)gipa(inst, "vkGetDeviceProcAddr");
	if (gdpa == NULL) {
		return NULL;
	}
	slDevice *d = calloc(1, sizeof(slDevice));
	if (d == NULL) {
		return NULL;
	}
	d->device = (VkDevice)(uintptr_t)device;
#define LOAD(name)                                                        \
	d->name = (PFN_vk##name)gdpa(d->device, "vk" #name);                  \
	if (d->name == NULL && strcmp(#name, "AcquireNextImageKHR") != 0 &&   \
		strcmp(#name, "QueuePresentKHR") != 0) {                          \
		free(d);                                                          \
		return NULL;                                                      \
	}
	LOAD(WaitForFences)
	LOAD(CmdResetQueryPool)
	LOAD(CmdWriteTimestamp)
	LOAD(GetQueryPoolResults)
	LOAD(ResetFences)
	LOAD(ResetCommandBuffer)
	LOAD(BeginCommandBuffer)
	LOAD(EndCommandBuffer)
	LOAD(CmdBeginRenderPass)
	LOAD(CmdEndRenderPass)
	LOAD(CmdSetViewport)
	LOAD(CmdSetScissor)
	LOAD(CmdBindPipeline)
	LOAD(CmdBindDescriptorSets)
	LOAD(CmdBindVertexBuffers)
	LOAD(CmdBindIndexBuffer)
	LOAD(CmdPushConstants)
	LOAD(CmdDraw)
	LOAD(CmdDrawIndexed)
	LOAD(CmdCopyBuffer)
	LOAD(CmdCopyBufferToImage)
	LOAD(CmdCopyImageToBuffer)
	LOAD(CmdPipelineBarrier)
	LOAD(CmdBlitImage)
	LOAD(CmdCopyImage)
	LOAD(CmdClearAttachments)
	LOAD(CreateGraphicsPipelines)
	LOAD(CreateComputePipelines)
	LOAD(UpdateDescriptorSets)
	LOAD(QueueSubmit)
	LOAD(AcquireNextImageKHR)
	LOAD(QueuePresentKHR)
	LOAD(CmdDispatch)
#undef LOAD
	return d;
}

void sl_device_free(slDevice *d) { free(d); }

#define CMD(h) ((VkCommandBuffer)(uintptr_t)(h))

VkResult sl_wait_fence(slDevice *d, uint64_t fence, uint64_t timeout) {
	VkFence f = (VkFence)(uintptr_t)fence;
	return d->WaitForFences(d->device, 1, &f, VK_TRUE, timeout);
}

VkResult sl_reset_fence(slDevice *d, uint64_t fence) {
	VkFence f = (VkFence)(uintptr_t)fence;
	return d->ResetFences(d->device, 1, &f);
}

VkResult sl_begin_cmd(slDevice *d, uint64_t cmd) {
	VkResult r = d->ResetCommandBuffer(CMD(cmd), 0);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkCommandBufferBeginInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	return d->BeginCommandBuffer(CMD(cmd), &info);
}

// sl_begin_pass begins a render pass and sets a viewport of negative height,
// so that clip-space y points up and row 0 of the target is the top.
void sl_begin_pass(slDevice *d, uint64_t cmd, uint64_t renderPass, uint64_t framebuffer,
	uint32_t width, uint32_t height, const float *clears, uint32_t clearCount) {
	VkClearValue values[8];
	if (clearCount > 8) {
		clearCount = 8;
	}
	for (uint32_t i = 0; i < clearCount; i++) {
		memcpy(&values[i], clears + 4 * i, sizeof(VkClearValue));
	}
	VkRenderPassBeginInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
		.renderPass = (VkRenderPass)(uintptr_t)renderPass,
		.framebuffer = (VkFramebuffer)(uintptr_t)framebuffer,
		.renderArea = {{0, 0}, {width, height}},
		.clearValueCount = clearCount,
		.pClearValues = values,
	};
	d->CmdBeginRenderPass(CMD(cmd), &info, VK_SUBPASS_CONTENTS_INLINE);
	sl_set_viewport(d, cmd, 0, 0, width, height);
}

// sl_set_viewport draws into the rectangle of the target at x, y (row 0 the
// top) and scissors to it, with the negative height of sl_begin_pass: clip
// y = 1 lands on row y.
void sl_set_viewport(slDevice *d, uint64_t cmd, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
	VkViewport vp = {(float)x, (float)(y + height), (float)width, -(float)height, 0, 1};
	d->CmdSetViewport(CMD(cmd), 0, 1, &vp);
	VkRect2D scissor = {{(int32_t)x, (int32_t)y}, {width, height}};
	d->CmdSetScissor(CMD(cmd), 0, 1, &scissor);
}

// sl_clear_depth clears the depth attachment of the open render pass to 1
// in the rectangle at x, y (row 0 the top).
void sl_clear_depth(slDevice *d, uint64_t cmd, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
	VkClearAttachment att = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {1, 0}}};
	VkClearRect rect = {{{(int32_t)x, (int32_t)y}, {width, height}}, 0, 1};
	d->CmdClearAttachments(CMD(cmd), 1, &att, 1, &rect);
}

void sl_bind_frame_set(slDevice *d, uint64_t cmd, uint64_t layout, uint64_t set) {
	VkDescriptorSet s = (VkDescriptorSet)(uintptr_t)set;
	d->CmdBindDescriptorSets(CMD(cmd), VK_PIPELINE_BIND_POINT_GRAPHICS, (VkPipelineLayout)(uintptr_t)layout, 0, 1, &s, 0, NULL);
}

void sl_lines(slDevice *d, uint64_t cmd, uint64_t pipeline, uint64_t buf, uint64_t offset, uint32_t count) {
	VkBuffer b = (VkBuffer)(uintptr_t)buf;
	VkDeviceSize o = offset;
	d->CmdBindPipeline(CMD(cmd), VK_PIPELINE_BIND_POINT_GRAPHICS, (VkPipeline)(uintptr_t)pipeline);
	d->CmdBindVertexBuffers(CMD(cmd), 0, 1, &b, &o);
	d->CmdDraw(CMD(cmd), count, 1, 0, 0);
}

// sl_draws records a pass's draws, binding only what changed from the draw
// before.
void sl_draws(slDevice *d, uint64_t cmd, uint64_t layout, const slDraw *draws, uint32_t n) {
	VkCommandBuffer cb = CMD(cmd);
	VkPipelineLayout pl = (VkPipelineLayout)(uintptr_t)layout;
	uint64_t pipe = 0, set = 0, maps[2] = {0, 0}, vbuf = 0, voff = ~(uint64_t)0, ibuf = 0;
	for (uint32_t i = 0; i < n; i++) {
		const slDraw *dr = &draws[i];
		if (dr->pipeline != pipe) {
			pipe = dr->pipeline;
			d->CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, (VkPipeline)(uintptr_t)pipe);
		}
		if (dr->set != set || dr->maps[0] != maps[0] || dr->maps[1] != maps[1]) {
			set = dr->set;
			maps[0] = dr->maps[0];
			maps[1] = dr->maps[1];
			VkDescriptorSet s[3] = {(VkDescriptorSet)(uintptr_t)set, (VkDescriptorSet)(uintptr_t)maps[0], (VkDescriptorSet)(uintptr_t)maps[1]};
			d->CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 1, 3, s, 0, NULL);
		}
		if (dr->instanceCount > 0) {
			// Binding 0 the vertices (unused when none step per vertex),
			// binding 1 the instance records, both in the mesh's block.
			VkBuffer b[2] = {(VkBuffer)(uintptr_t)dr->vbuf, (VkBuffer)(uintptr_t)dr->vbuf};
			VkDeviceSize o[2] = {dr->voffset, dr->ioffset};
			d->CmdBindVertexBuffers(cb, 0, 2, b, o);
			vbuf = 0; // rebind the next plain mesh
		} else if (dr->vbuf != vbuf || dr->voffset != voff) {
			vbuf = dr->vbuf;
			voff = dr->voffset;
			VkBuffer b = (VkBuffer)(uintptr_t)vbuf;
			VkDeviceSize o = voff;
			d->CmdBindVertexBuffers(cb, 0, 1, &b, &o);
		}
		if (dr->ibuf != ibuf) {
			ibuf = dr->ibuf;
			d->CmdBindIndexBuffer(cb, (VkBuffer)(uintptr_t)ibuf, 0, VK_INDEX_TYPE_UINT32);
		}
		d->CmdPushConstants(cb, pl, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(dr->push), dr->push);
		d->CmdDrawIndexed(cb, dr->indexCount, dr->instanceCount > 0 ? dr->instanceCount : 1, dr->firstIndex, 0, 0);
	}
}

void sl_end_pass(slDevice *d, uint64_t cmd) { d->CmdEndRenderPass(CMD(cmd)); }

void sl_reset_queries(slDevice *d, uint64_t cmd, uint64_t pool, uint32_t first, uint32_t count) {
	d->CmdResetQueryPool(CMD(cmd), (VkQueryPool)(uintptr_t)pool, first, count);
}

void sl_write_timestamp(slDevice *d, uint64_t cmd, uint32_t stage, uint64_t pool, uint32_t query) {
	d->CmdWriteTimestamp(CMD(cmd), (VkPipelineStageFlagBits)stage, (VkQueryPool)(uintptr_t)pool, query);
}

VkResult sl_query_results(slDevice *d, uint64_t pool, uint32_t first, uint32_t count, uint64_t *out) {
	return d->GetQueryPoolResults(d->device, (VkQueryPool)(uintptr_t)pool, first, count,
		count * sizeof(uint64_t), out, sizeof(uint64_t), VK_QUERY_RESULT_64_BIT);
}

VkResult sl_submit(slDevice *d, uint64_t queue, uint64_t cmd, uint64_t waitSem, uint64_t signalSem, uint64_t fence) {
	VkResult r = d->EndCommandBuffer(CMD(cmd));
	if (r != VK_SUCCESS) {
		return r;
	}
	VkCommandBuffer cb = CMD(cmd);
	VkSemaphore wait = (VkSemaphore)(uintptr_t)waitSem;
	VkSemaphore signal = (VkSemaphore)(uintptr_t)signalSem;
	// The swapchain image is first written by the copy of the composited
	// image (sl_blit_to_swapchain).
	VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
	VkSubmitInfo info = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.waitSemaphoreCount = waitSem != 0,
		.pWaitSemaphores = &wait,
		.pWaitDstStageMask = &stage,
		.commandBufferCount = 1,
		.pCommandBuffers = &cb,
		.signalSemaphoreCount = signalSem != 0,
		.pSignalSemaphores = &signal,
	};
	return d->QueueSubmit((VkQueue)(uintptr_t)queue, 1, &info, (VkFence)(uintptr_t)fence);
}

VkResult sl_acquire(slDevice *d, uint64_t swapchain, uint64_t sem, uint32_t *index) {
	return d->AcquireNextImageKHR(d->device, (VkSwapchainKHR)(uintptr_t)swapchain, UINT64_MAX,
		(VkSemaphore)(uintptr_t)sem, VK_NULL_HANDLE, index);
}

VkResult sl_present(slDevice *d, uint64_t queue, uint64_t swapchain, uint32_t index, uint64_t waitSem) {
	VkSwapchainKHR sc = (VkSwapchainKHR)(uintptr_t)swapchain;
	VkSemaphore wait = (VkSemaphore)(uintptr_t)waitSem;
	VkPresentInfoKHR info = {
		.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &wait,
		.swapchainCount = 1,
		.pSwapchains = &sc,
		.pImageIndices = &index,
	};
	return d->QueuePresentKHR((VkQueue)(uintptr_t)queue, &info);
}

void sl_copy_buffer(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint64_t srcOffset, uint64_t dstOffset, uint64_t size) {
	VkBufferCopy region = {srcOffset, dstOffset, size};
	d->CmdCopyBuffer(CMD(cmd), (VkBuffer)(uintptr_t)src, (VkBuffer)(uintptr_t)dst, 1, &region);
}

// sl_buffer_barrier makes transfer writes visible to vertex and index reads.
void sl_buffer_barrier(slDevice *d, uint64_t cmd) {
	VkMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT,
	};
	d->CmdPipelineBarrier(CMD(cmd), VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, 0, 1, &b, 0, NULL, 0, NULL);
}

// colorTransition is the barrier of a colour image's one level and layer
// from one layout to another.
static VkImageMemoryBarrier colorTransition(VkImage image, VkImageLayout from, VkImageLayout to, VkAccessFlags srcAccess,
	VkAccessFlags dstAccess) {
	VkImageMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = srcAccess,
		.dstAccessMask = dstAccess,
		.oldLayout = from,
		.newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image,
		.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
	};
	return b;
}

static void imageBarrier(slDevice *d, VkCommandBuffer cb, VkImage image, VkImageLayout from, VkImageLayout to,
	VkAccessFlags srcAccess, VkAccessFlags dstAccess, VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage) {
	VkImageMemoryBarrier b = colorTransition(image, from, to, srcAccess, dstAccess);
	d->CmdPipelineBarrier(cb, srcStage, dstStage, 0, 0, NULL, 0, NULL, 1, &b);
}

// sl_compute_fullscreen runs a compute shader of 8x8 groups over a
// width x height target image, which it leaves in layout after: for the
// render pass after it (COLOR_ATTACHMENT_OPTIMAL), for the shaders that
// read it (SHADER_READ_ONLY_OPTIMAL) or for a copy (TRANSFER_SRC_OPTIMAL). It first waits for every write of the
// passes before it (attachments, and the frame's uploads) and discards the
// image's contents: the shader writes every texel. The writers waited for
// include the transfers that read the image last (the previous frame's
// read-back and present copy), which its writes must not overtake.
void sl_compute_fullscreen(slDevice *d, uint64_t cmd, uint64_t pipeline, uint64_t layout, uint64_t set0, uint64_t set1,
	uint64_t set2, uint64_t image, uint32_t width, uint32_t height, uint32_t after) {
	VkCommandBuffer cb = CMD(cmd);
	VkMemoryBarrier before = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT |
			VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
	};
	VkImageMemoryBarrier target =
		colorTransition((VkImage)(uintptr_t)image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, 0, VK_ACCESS_SHADER_WRITE_BIT);
	VkPipelineStageFlags writers = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
		VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
		VK_PIPELINE_STAGE_TRANSFER_BIT;
	d->CmdPipelineBarrier(cb, writers, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &before, 0, NULL, 1, &target);
	d->CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, (VkPipeline)(uintptr_t)pipeline);
	VkDescriptorSet s[3] = {(VkDescriptorSet)(uintptr_t)set0, (VkDescriptorSet)(uintptr_t)set1, (VkDescriptorSet)(uintptr_t)set2};
	d->CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, (VkPipelineLayout)(uintptr_t)layout, 0, 3, s, 0, NULL);
	d->CmdDispatch(cb, (width + 7) / 8, (height + 7) / 8, 1);
	VkAccessFlags readers = VK_ACCESS_SHADER_READ_BIT;
	VkPipelineStageFlags readStages = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
	switch ((VkImageLayout)after) {
	case VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL:
		readers |= VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
		readStages |= VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
		break;
	case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
		readers = VK_ACCESS_TRANSFER_READ_BIT;
		readStages = VK_PIPELINE_STAGE_TRANSFER_BIT;
		break;
	default:
		break;
	}
	imageBarrier(d, cb, (VkImage)(uintptr_t)image, VK_IMAGE_LAYOUT_GENERAL, (VkImageLayout)after, VK_ACCESS_SHADER_WRITE_BIT, readers,
		VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, readStages);
}

// sl_upload_image copies tightly packed RGBA8 texels into a fresh image and
// leaves it ready for sampling.
void sl_upload_image(slDevice *d, uint64_t cmd, uint64_t src, uint64_t image, uint32_t width, uint32_t height) {
	VkCommandBuffer cb = CMD(cmd);
	VkImage img = (VkImage)(uintptr_t)image;
	imageBarrier(d, cb, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
		VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
	VkBufferImageCopy region = {
		.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.imageExtent = {width, height, 1},
	};
	d->CmdCopyBufferToImage(cb, (VkBuffer)(uintptr_t)src, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
	imageBarrier(d, cb, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
		VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_VERTEX_SHADER_BIT);
}

// sl_image_to_buffer copies the finished offscreen image (left in
// TRANSFER_SRC_OPTIMAL by the composite pass) into a host-visible buffer.
void sl_image_to_buffer(slDevice *d, uint64_t cmd, uint64_t image, uint64_t dst, uint32_t width, uint32_t height) {
	VkCommandBuffer cb = CMD(cmd);
	VkBufferImageCopy region = {
		.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.imageExtent = {width, height, 1},
	};
	d->CmdCopyImageToBuffer(cb, (VkImage)(uintptr_t)image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, (VkBuffer)(uintptr_t)dst, 1, &region);
	VkMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_HOST_READ_BIT,
	};
	d->CmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &b, 0, NULL, 0, NULL);
}

// sl_create_graphics_pipeline and sl_update_descriptor_set take create infos
// that vulkan-go has copied to C (PassRef), which stay valid until the Go
// side frees them. vulkan-go's own wrappers of these calls free their copies
// from a finalizer that a collection can run while the driver still reads
// them.
VkResult sl_create_graphics_pipeline(slDevice *d, const void *info, uint64_t *pipeline) {
	VkPipeline p = VK_NULL_HANDLE;
	VkResult r = d->CreateGraphicsPipelines(d->device, VK_NULL_HANDLE, 1, (const VkGraphicsPipelineCreateInfo *)info, NULL, &p);
	*pipeline = (uint64_t)p;
	return r;
}

// sl_create_compute_pipeline creates the compute pipeline of one module
// (entry point main) and layout, its create info built here for the same
// reason.
VkResult sl_create_compute_pipeline(slDevice *d, uint64_t module, uint64_t layout, uint64_t *pipeline) {
	VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage =
			{
				.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
				.stage = VK_SHADER_STAGE_COMPUTE_BIT,
				.module = (VkShaderModule)(uintptr_t)module,
				.pName = "main",
			},
		.layout = (VkPipelineLayout)(uintptr_t)layout,
	};
	VkPipeline p = VK_NULL_HANDLE;
	VkResult r = d->CreateComputePipelines(d->device, VK_NULL_HANDLE, 1, &info, NULL, &p);
	*pipeline = (uint64_t)p;
	return r;
}

void sl_update_descriptor_set(slDevice *d, const void *write) {
	d->UpdateDescriptorSets(d->device, 1, (const VkWriteDescriptorSet *)write, 0, NULL);
}

// sl_blit_to_swapchain copies the composited image (left in
// TRANSFER_SRC_OPTIMAL by the composite pass) into the acquired swapchain
// image and leaves that ready to present. A blit, not a copy, because the
// swapchain's channel order may differ (BGRA).
void sl_blit_to_swapchain(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height) {
	VkCommandBuffer cb = CMD(cmd);
	VkImage out = (VkImage)(uintptr_t)dst;
	imageBarrier(d, cb, out, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
		VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
	VkImageBlit region = {
		.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.srcOffsets = {{0, 0, 0}, {(int32_t)width, (int32_t)height, 1}},
		.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.dstOffsets = {{0, 0, 0}, {(int32_t)width, (int32_t)height, 1}},
	};
	d->CmdBlitImage(cb, (VkImage)(uintptr_t)src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out,
		VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, VK_FILTER_NEAREST);
	imageBarrier(d, cb, out, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
		VK_ACCESS_TRANSFER_WRITE_BIT, 0, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
}

// sl_sample_output makes the composited image, left in
// TRANSFER_SRC_OPTIMAL by the composite pass, readable by the antialias
// pass's compute shader.
void sl_sample_output(slDevice *d, uint64_t cmd, uint64_t image) {
	imageBarrier(d, CMD(cmd), (VkImage)(uintptr_t)image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
		VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT,
		VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
}

// sl_copy_back copies src (TRANSFER_SRC_OPTIMAL, as its dispatch left it)
// over the composited image dst, which sl_sample_output made readable, and
// leaves dst in TRANSFER_SRC_OPTIMAL with the copy visible to the render
// passes that draw over it and to the copies that read it, as the
// composite pass would have.
void sl_copy_back(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height) {
	VkCommandBuffer cb = CMD(cmd);
	VkImage out = (VkImage)(uintptr_t)dst;
	imageBarrier(d, cb, out, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
		VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
	VkImageCopy region = {
		.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
		.extent = {width, height, 1},
	};
	d->CmdCopyImage(cb, (VkImage)(uintptr_t)src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out,
		VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
	imageBarrier(d, cb, out, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
		VK_ACCESS_TRANSFER_WRITE_BIT,
		VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT,
		VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT);
}

// sl_copy_history is sl_copy_back, then src returned to
// SHADER_READ_ONLY_OPTIMAL, to be read as the next frame's history.
void sl_copy_history(slDevice *d, uint64_t cmd, uint64_t src, uint64_t dst, uint32_t width, uint32_t height) {
	sl_copy_back(d, cmd, src, dst, width, height);
	imageBarrier(d, CMD(cmd), (VkImage)(uintptr_t)src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		VK_ACCESS_TRANSFER_READ_BIT, VK_ACCESS_SHADER_READ_BIT,
		VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
}

// sl_make_readable moves a new image from UNDEFINED to
// SHADER_READ_ONLY_OPTIMAL, its content left undefined.
void sl_make_readable(slDevice *d, uint64_t cmd, uint64_t image) {
	imageBarrier(d, CMD(cmd), (VkImage)(uintptr_t)image, VK_IMAGE_LAYOUT_UNDEFINED,
		VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, 0, VK_ACCESS_SHADER_READ_BIT,
		VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
}

#ifdef __GLIBC__
#include <malloc.h>
// sl_trim hands memory the driver freed back to the system. Software
// drivers compile shaders with LLVM on every pipeline creation, and glibc
// keeps what they free in its per-thread arenas, so without this every
// resize would grow the process by megabytes that are never reused.
void sl_trim(void) { malloc_trim(0); }
#else
void sl_trim(void) {}
#endif
