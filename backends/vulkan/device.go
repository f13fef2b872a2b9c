//go:build linux && cgo

package vulkan

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	vk "github.com/vulkan-go/vulkan"
)

const (
	validationLayer = "VK_LAYER_KHRONOS_validation"
	debugReportExt  = "VK_EXT_debug_report"
	// validationFeaturesExt lets the instance turn on the layer's
	// synchronization validation, which catches a missing barrier.
	validationFeaturesExt = "VK_EXT_validation_features"
	maintenance1Ext       = "VK_KHR_maintenance1"
	swapchainExt          = "VK_KHR_swapchain"
	fenceTimeoutNanos     = 20_000_000_000 // a frame that takes 20 s is a hung device, not a slow one
	requiredAPIVersion    = 1<<22 | 1<<12  // 1.1: negative viewport heights are core there
)

// vkError names the call that failed and its result.
func vkError(call string, r vk.Result) error {
	return fmt.Errorf("%s: %s", call, resultName(r))
}

func resultName(r vk.Result) string {
	switch r {
	case vk.Success:
		return "VK_SUCCESS"
	case vk.NotReady:
		return "VK_NOT_READY"
	case vk.Timeout:
		return "VK_TIMEOUT"
	case vk.Suboptimal:
		return "VK_SUBOPTIMAL_KHR"
	case vk.ErrorOutOfHostMemory:
		return "VK_ERROR_OUT_OF_HOST_MEMORY"
	case vk.ErrorOutOfDeviceMemory:
		return "VK_ERROR_OUT_OF_DEVICE_MEMORY"
	case vk.ErrorInitializationFailed:
		return "VK_ERROR_INITIALIZATION_FAILED"
	case vk.ErrorDeviceLost:
		return "VK_ERROR_DEVICE_LOST"
	case vk.ErrorLayerNotPresent:
		return "VK_ERROR_LAYER_NOT_PRESENT"
	case vk.ErrorExtensionNotPresent:
		return "VK_ERROR_EXTENSION_NOT_PRESENT"
	case vk.ErrorFeatureNotPresent:
		return "VK_ERROR_FEATURE_NOT_PRESENT"
	case vk.ErrorIncompatibleDriver:
		return "VK_ERROR_INCOMPATIBLE_DRIVER"
	case vk.ErrorSurfaceLost:
		return "VK_ERROR_SURFACE_LOST_KHR"
	case vk.ErrorOutOfDate:
		return "VK_ERROR_OUT_OF_DATE_KHR"
	case vk.ErrorInvalidShaderNv:
		return "VK_ERROR_INVALID_SHADER_NV"
	}
	return fmt.Sprintf("VkResult(%d)", int32(r))
}

// createInstance creates the instance with the window system's extensions
// and, when asked for and installed, the validation layer and debug reports.
func (b *driver) createInstance(windowExts []string) error {
	var layers []string
	exts := append([]string(nil), windowExts...)
	if b.cfg.Validation {
		switch {
		case !instanceLayers()[validationLayer]:
			b.log.Warn("vulkan: validation requested but " + validationLayer + " is not installed (Debian: vulkan-validationlayers); running without it")
		case !instanceExtensions("")[debugReportExt] && !instanceExtensions(validationLayer)[debugReportExt]:
			b.log.Warn("vulkan: validation requested but " + debugReportExt + " is missing; running without it")
		default:
			layers = append(layers, validationLayer)
			exts = append(exts, debugReportExt)
			b.validating = true
		}
	}
	syncValidation := b.validating && instanceExtensions(validationLayer)[validationFeaturesExt]
	if syncValidation {
		exts = append(exts, validationFeaturesExt)
	}
	inst, r := createInstance(layers, exts, requiredAPIVersion, syncValidation)
	if r != vk.Success {
		return fmt.Errorf("%w: %w", ErrNoDriver, vkError("vkCreateInstance", r))
	}
	b.inst = inst
	if err := vk.InitInstance(inst); err != nil {
		return fmt.Errorf("load instance functions: %w", err)
	}
	if b.validating {
		cb, tag, err := createDebugReport(inst, b.debugMessage)
		if err != nil {
			return err
		}
		b.debugCallback, b.debugTag = cb, tag
	}
	return nil
}

// debugMessage logs one validation message and counts errors. It runs on
// whichever thread the driver reports from.
func (b *driver) debugMessage(flags vk.DebugReportFlags, prefix, msg string) {
	level := slog.LevelInfo
	switch {
	case flags&vk.DebugReportFlags(vk.DebugReportErrorBit) != 0:
		level = slog.LevelError
		b.validationErrors.Add(1)
	case flags&vk.DebugReportFlags(vk.DebugReportWarningBit) != 0:
		level = slog.LevelWarn
	}
	b.log.Log(context.Background(), level, "vulkan validation: "+msg, "layer", prefix)
}

type gpuChoice struct {
	gpu    vk.PhysicalDevice
	name   string
	family uint32
	api    uint32
	score  int
	exts   map[string]bool
}

// pickDevice chooses the best Vulkan 1.1 (or 1.0 with VK_KHR_maintenance1)
// device with a graphics queue that can present to surface, when there is
// one. Discrete GPUs beat integrated ones, which beat software rasterizers.
func (b *driver) pickDevice(surface vk.Surface) error {
	var n uint32
	if r := vk.EnumeratePhysicalDevices(b.inst, &n, nil); r != vk.Success {
		return vkError("vkEnumeratePhysicalDevices", r)
	}
	if n == 0 {
		return fmt.Errorf("%w: no Vulkan device (is a driver installed? Debian: mesa-vulkan-drivers)", ErrNoDriver)
	}
	gpus := make([]vk.PhysicalDevice, n)
	if r := vk.EnumeratePhysicalDevices(b.inst, &n, gpus); r != vk.Success {
		return vkError("vkEnumeratePhysicalDevices", r)
	}
	var best *gpuChoice
	var rejected []string
	for _, gpu := range gpus[:n] {
		var props vk.PhysicalDeviceProperties
		vk.GetPhysicalDeviceProperties(gpu, &props)
		props.Deref()
		c := &gpuChoice{gpu: gpu, name: vk.ToString(props.DeviceName[:]), api: props.ApiVersion, exts: deviceExtensions(b.inst, gpu)}
		if props.ApiVersion < requiredAPIVersion && !c.exts[maintenance1Ext] {
			rejected = append(rejected, fmt.Sprintf("%s: Vulkan %s without %s", c.name, vk.Version(props.ApiVersion), maintenance1Ext))
			continue
		}
		if surface != vk.NullSurface && !c.exts[swapchainExt] {
			rejected = append(rejected, c.name+": no "+swapchainExt)
			continue
		}
		// The shadow pass clamps depth (backends.Backend's shadow rule);
		// the SSAO pass's compute shaders write its R8 targets, a format
		// of the extended storage set.
		var feats vk.PhysicalDeviceFeatures
		vk.GetPhysicalDeviceFeatures(gpu, &feats)
		feats.Deref()
		if feats.DepthClamp != vk.True {
			rejected = append(rejected, c.name+": no depthClamp feature")
			continue
		}
		if feats.ShaderStorageImageExtendedFormats != vk.True {
			rejected = append(rejected, c.name+": no shaderStorageImageExtendedFormats feature")
			continue
		}
		family, ok := graphicsFamily(b.inst, gpu, surface)
		if !ok {
			rejected = append(rejected, c.name+": no graphics and compute queue that can present")
			continue
		}
		c.family = family
		switch props.DeviceType {
		case vk.PhysicalDeviceTypeDiscreteGpu:
			c.score = 4
		case vk.PhysicalDeviceTypeIntegratedGpu:
			c.score = 3
		case vk.PhysicalDeviceTypeVirtualGpu:
			c.score = 2
		default:
			c.score = 1
		}
		if best == nil || c.score > best.score {
			best = c
		}
	}
	if best == nil {
		return fmt.Errorf("%w: no usable Vulkan device: %s", ErrNoDriver, strings.Join(rejected, "; "))
	}
	b.gpu, b.gpuName, b.queueFamily = best.gpu, best.name, best.family
	var extNames []string
	if best.api < requiredAPIVersion {
		extNames = append(extNames, maintenance1Ext)
	}
	if surface != vk.NullSurface {
		extNames = append(extNames, swapchainExt)
	}
	// The features the checks above required: depthClamp and
	// shaderStorageImageExtendedFormats (sl_create_device enables them).
	dev, r := createDevice(b.inst, best.gpu, best.family, extNames)
	if r != vk.Success {
		return fmt.Errorf("create device on %s: %w", best.name, vkError("vkCreateDevice", r))
	}
	b.dev = dev
	var q vk.Queue
	vk.GetDeviceQueue(dev, best.family, 0, &q)
	b.queue = q
	var mp vk.PhysicalDeviceMemoryProperties
	vk.GetPhysicalDeviceMemoryProperties(best.gpu, &mp)
	mp.Deref()
	for i := range mp.MemoryTypes[:mp.MemoryTypeCount] {
		mp.MemoryTypes[i].Deref()
	}
	b.memProps = mp
	c, err := newCDevice(b.inst, dev)
	if err != nil {
		return err
	}
	b.c = c
	b.depthFormat = vk.FormatD32Sfloat
	if !b.formatSupports(vk.FormatD32Sfloat, vk.FormatFeatureDepthStencilAttachmentBit|vk.FormatFeatureSampledImageBit) {
		b.depthFormat = vk.FormatD16Unorm
	}
	b.log.Info("vulkan: device", "name", best.name, "api", vk.Version(best.api).String(), "validation", b.validating)
	return nil
}

func graphicsFamily(inst vk.Instance, gpu vk.PhysicalDevice, surface vk.Surface) (uint32, bool) {
	for i, fam := range queueFamilies(inst, gpu) {
		// The passes run as compute shaders share the graphics queue.
		want := vk.QueueFlags(vk.QueueGraphicsBit | vk.QueueComputeBit)
		if fam.flags&want != want {
			continue
		}
		if surface != vk.NullSurface {
			var ok vk.Bool32
			if vk.GetPhysicalDeviceSurfaceSupport(gpu, uint32(i), surface, &ok) != vk.Success || ok != vk.True {
				continue
			}
		}
		return uint32(i), true
	}
	return 0, false
}

func (b *driver) formatSupports(f vk.Format, feat vk.FormatFeatureFlagBits) bool {
	var p vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(b.gpu, f, &p)
	p.Deref()
	return p.OptimalTilingFeatures&vk.FormatFeatureFlags(feat) == vk.FormatFeatureFlags(feat)
}
