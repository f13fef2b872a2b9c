//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	vk "github.com/vulkan-go/vulkan"
)

// window is a GLFW window with its surface and swapchain.
type window struct {
	glfw      *glfw.Window
	surface   vk.Surface
	vsync     bool
	swapchain vk.Swapchain
	format    vk.Format
	images    []vk.Image
	index     uint32 // the swapchain image of the frame being recorded
	stale     bool   // the swapchain no longer matches the surface
}

var _ core.NativeWindow = (*window)(nil)

func (w *window) ShouldClose() bool { return w.glfw.ShouldClose() }
func (w *window) PollEvents()       { glfw.PollEvents() }
func (w *window) Native() any       { return w.glfw }

// openWindow opens a GLFW window without a client API. GLFW must stay on
// one OS thread, so the calling goroutine is locked to its thread until
// Close.
func openWindow(width, height int, cfg *backends.WindowConfig) (*window, error) {
	// glfw.Init reports success without a display and the next call
	// crashes, so check for one first.
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return nil, errors.New("a window needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set (run under Xvfb, e.g. xvfb-run -a, or render offscreen with Config.Window = nil)")
	}
	runtime.LockOSThread()
	if err := glfw.Init(); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("glfw: %w", err)
	}
	if !glfw.VulkanSupported() {
		glfw.Terminate()
		runtime.UnlockOSThread()
		return nil, errors.New("glfw: no Vulkan loader found")
	}
	glfw.WindowHint(glfw.ClientAPI, glfw.NoAPI)
	glfw.WindowHint(glfw.Resizable, glfw.True)
	var monitor *glfw.Monitor
	if cfg.Fullscreen {
		monitor = glfw.GetPrimaryMonitor()
		if mode := monitor.GetVideoMode(); mode != nil {
			width, height = mode.Width, mode.Height
		}
	}
	title := cfg.Title
	if title == "" {
		title = "Sleak"
	}
	gw, err := glfw.CreateWindow(width, height, title, monitor, nil)
	if err != nil {
		glfw.Terminate()
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("glfw: create window: %w", err)
	}
	return &window{glfw: gw, vsync: cfg.VSync}, nil
}

func (w *window) instanceExtensions() []string { return w.glfw.GetRequiredInstanceExtensions() }

// createSurface makes the window's surface. glfw.Window.CreateWindowSurface
// returns the handle as a pointer to a Go variable, which the race
// detector's pointer checks rightly refuse to read through; the C side
// returns it by value instead.
func (w *window) createSurface(inst vk.Instance) (vk.Surface, error) {
	s, r := createWindowSurface(inst, w.glfw.Handle())
	if r != vk.Success {
		return nil, fmt.Errorf("glfw: %w", vkError("glfwCreateWindowSurface", r))
	}
	w.surface = s
	return s, nil
}

func (w *window) destroySurface(inst vk.Instance) {
	if w.surface != nil {
		vk.DestroySurface(inst, w.surface, nil)
		w.surface = nil
	}
}

func (w *window) close() {
	if w.glfw != nil {
		w.glfw.Destroy()
		w.glfw = nil
		glfw.Terminate()
		runtime.UnlockOSThread()
	}
}

// createSwapchain creates (or recreates) the swapchain at the backend's
// size, passing the old one on so the driver can recycle it.
func (b *driver) createSwapchain() error {
	w := b.win
	var caps vk.SurfaceCapabilities
	if r := vk.GetPhysicalDeviceSurfaceCapabilities(b.gpu, w.surface, &caps); r != vk.Success {
		return vkError("vkGetPhysicalDeviceSurfaceCapabilitiesKHR", r)
	}
	caps.Deref()
	caps.CurrentExtent.Deref()
	caps.MinImageExtent.Deref()
	caps.MaxImageExtent.Deref()
	if w.format == vk.FormatUndefined {
		f, err := b.surfaceFormat()
		if err != nil {
			return err
		}
		w.format = f
	}
	extent := caps.CurrentExtent
	if extent.Width == vk.MaxUint32 {
		extent.Width = clampU32(uint32(b.width), caps.MinImageExtent.Width, caps.MaxImageExtent.Width)
		extent.Height = clampU32(uint32(b.height), caps.MinImageExtent.Height, caps.MaxImageExtent.Height)
	}
	b.width, b.height = int(extent.Width), int(extent.Height)
	count := caps.MinImageCount + 1
	if caps.MaxImageCount > 0 && count > caps.MaxImageCount {
		count = caps.MaxImageCount
	}
	alpha := vk.CompositeAlphaOpaqueBit
	if caps.SupportedCompositeAlpha&vk.CompositeAlphaFlags(alpha) == 0 {
		alpha = vk.CompositeAlphaInheritBit
	}
	old := w.swapchain
	info := &vk.SwapchainCreateInfo{
		SType:            vk.StructureTypeSwapchainCreateInfo,
		Surface:          w.surface,
		MinImageCount:    count,
		ImageFormat:      w.format,
		ImageColorSpace:  vk.ColorspaceSrgbNonlinear,
		ImageExtent:      extent,
		ImageArrayLayers: 1,
		ImageUsage:       vk.ImageUsageFlags(vk.ImageUsageTransferDstBit), // the composited image is copied in
		ImageSharingMode: vk.SharingModeExclusive,
		PreTransform:     caps.CurrentTransform,
		CompositeAlpha:   alpha,
		PresentMode:      b.presentMode(),
		Clipped:          vk.True,
		OldSwapchain:     old,
	}
	defer info.Free()
	var sc vk.Swapchain
	if r := vk.CreateSwapchain(b.dev, info, nil, &sc); r != vk.Success {
		return vkError("vkCreateSwapchainKHR", r)
	}
	b.destroySwapchain()
	if old != nil {
		vk.DestroySwapchain(b.dev, old, nil)
	}
	w.swapchain = sc
	var n uint32
	vk.GetSwapchainImages(b.dev, sc, &n, nil)
	w.images = make([]vk.Image, n)
	vk.GetSwapchainImages(b.dev, sc, &n, w.images)
	w.stale = false
	return nil
}

func clampU32(v, lo, hi uint32) uint32 { return max(lo, min(v, hi)) }

// destroySwapchain destroys the swapchain at Close; until then
// createSwapchain hands the old one to the driver to recycle.
func (b *driver) destroySwapchain() {
	w := b.win
	if b.closed && w.swapchain != nil {
		vk.DestroySwapchain(b.dev, w.swapchain, nil)
		w.swapchain = nil
	}
}

func (b *driver) surfaceFormat() (vk.Format, error) {
	fs := surfaceFormats(b.inst, b.gpu, b.win.surface)
	if len(fs) == 0 {
		return 0, errors.New("the surface offers no formats")
	}
	// The composite shader applies gamma itself, so a UNORM image is wanted.
	for _, want := range []vk.Format{vk.FormatB8g8r8a8Unorm, vk.FormatR8g8b8a8Unorm} {
		if slices.Contains(fs, want) {
			return want, nil
		}
	}
	return fs[0], nil
}

func (b *driver) presentMode() vk.PresentMode {
	if b.win.vsync {
		return vk.PresentModeFifo
	}
	var n uint32
	vk.GetPhysicalDeviceSurfacePresentModes(b.gpu, b.win.surface, &n, nil)
	modes := make([]vk.PresentMode, n)
	vk.GetPhysicalDeviceSurfacePresentModes(b.gpu, b.win.surface, &n, modes)
	for _, want := range []vk.PresentMode{vk.PresentModeMailbox, vk.PresentModeImmediate} {
		for _, m := range modes {
			if m == want {
				return want
			}
		}
	}
	return vk.PresentModeFifo
}

// recreateSwapchain follows a resize; the caller has waited for the device
// and destroyed the targets.
func (b *driver) recreateSwapchain() error { return b.createSwapchain() }

// acquire gets the next swapchain image. An out-of-date swapchain is
// reported to the core, which resizes through its one path and begins the
// frame again.
func (b *driver) acquire(slot *frameSlot) error {
	switch r := b.c.acquire(b.win.swapchain, slot.acquired, &b.win.index); r {
	case vk.Success:
		return nil
	case vk.Suboptimal:
		b.win.stale = true // recreated before the next frame
		return nil
	case vk.ErrorOutOfDate:
		b.win.stale = true
		return core.ErrSurfaceStale
	default:
		return vkError("vkAcquireNextImageKHR", r)
	}
}

func (b *driver) presentFrame(slot *frameSlot) error {
	r := b.c.present(b.queue, b.win.swapchain, b.win.index, slot.rendered)
	switch r {
	case vk.Success:
		return nil
	case vk.Suboptimal, vk.ErrorOutOfDate:
		// Recreated at the start of the next frame.
		b.win.stale = true
		return nil
	}
	return fmt.Errorf("vulkan: %w", vkError("vkQueuePresentKHR", r))
}
