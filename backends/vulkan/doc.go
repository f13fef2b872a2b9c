// Package vulkan is Sleak's Vulkan renderer: it implements backends.Backend
// on github.com/vulkan-go/vulkan, offscreen (a color image read back with
// ReadPixels, for tests and tools; no display needed) or in a GLFW window
// with a swapchain.
//
// A frame runs its passes in the order of formats.Pass:
//
//	shadow       depth only, ShadowMapSize² (D32 or D16), depth bias 1.25 / 1.75, depth clamp
//	             (the depthClamp feature, which a device must have), one tile per cascade
//	gbuffer      albedo+AO RGBA8, normal+roughness RGBA8, metal+emissive RGBA8, depth
//	ssao         ssao.comp (gbuffer normals, depth) into R8, ssao_blur.comp into a second R8
//	lighting     lighting_pass.comp, a compute shader in 8x8 groups (gbuffer, blurred
//	             occlusion) writing the RGBA16F HDR target as a storage image at set 2,
//	             then the pass's render pass over it
//	forward      opaque draws into the HDR target over the gbuffer's depth
//	transparent  alpha blending, no culling, depth test without depth write
//	ssr          ssr.comp (HDR, gbuffer normals, material, depth) into RGBA16F
//	bloom        bloom.comp (HDR) into RGBA16F at a quarter size, bloom_blur.comp into a second
//	composite    composite.comp, a compute shader like lighting's (reflections, exposure,
//	             bloom, ACES, gamma), writing the RGBA8 output as a storage image
//	antialias    antialias.comp (the output) into RGBA8, copied back over the output;
//	             under TAA, taa.comp (the output, the history, depth) into one of two RGBA8
//	             targets in turn, the other the history, copied back likewise
//	debug        debug lines over the output, tested against the scene's depth
//	ui           screen-space quads over the output
//
// A pass the caller skips runs empty, so the image stays correct (no gbuffer
// draws: the lighting pass writes the sky colour everywhere).
//
// The shadow pass clears the whole map (or, in a frame that keeps some
// cascades' tiles, loads it and clears each redrawn tile with
// vkCmdClearAttachments), then draws each of the
// backends.NumCascades cascades it redraws into its tile (backends.CascadeTile), with
// the viewport and scissor set to the tile and a frame set of its own whose
// uniform buffer range holds the cascade's Frame block
// (backends.FrameBlock.Cascade): each frame slot's uniform buffer holds the
// main block and the four cascade blocks, minUniformBufferOffsetAlignment
// apart. Only the draws whose Cascades have the cascade's bit are recorded
// into it.
//
// Every fullscreen step is a compute shader (backends.IsComputeStem),
// dispatched in 8x8 groups over its target, outside any render pass
// (fullscreenStep, sl_compute_fullscreen):
// a barrier makes every attachment, shader and transfer write before it
// visible to the compute stage and moves the target to GENERAL, discarding
// it (the shader writes every texel), and a second barrier leaves it in
// COLOR_ATTACHMENT_OPTIMAL for the lighting and composite passes' render
// passes, which load it, SHADER_READ_ONLY_OPTIMAL for the shaders that
// read an effect step's target, or TRANSFER_SRC_OPTIMAL for the antialias
// pass's copy back. Those targets are created with storage use; the R8
// occlusion needs the shaderStorageImageExtendedFormats feature, which a
// device must have.
//
// The effect passes (ssao, ssr, bloom, antialias) are steps of one dispatch
// each; with the effect off the frame only clears the target the later
// pass reads (a render pass of its own), to occlusion 1, reflections 0 or
// bloom 0, and draws nothing; the antialias pass, off, records nothing.
// On, the antialias pass reads the output image, left by the composite in
// TRANSFER_SRC_OPTIMAL and turned readable by a barrier, and copies its
// result back with vkCmdCopyImage, leaving the output as the composite
// did for the debug and UI passes.
//
// Default-format meshes draw with their material's shader (CreateShader: the
// .vert.spv and .frag.spv beside the canonical .hlsl path) in the forward
// and transparent passes and with the engine's shadow_depth.vert.spv in the
// shadow pass; the gbuffer pass has no default-format pipeline, so it drops
// them. Custom vertex formats draw with the pipelines their stems name,
// built once per (format, pass) through backends.PipelineTable; a pipeline
// that is not ready drops its draws, and nothing substitutes another shader.
// Every shader file is read through assets.ReadFile.
//
// Meshes live in large device-local buffers shared by many meshes (a voxel
// world has thousands of chunks), written directly where that memory is
// host-visible and through a staging buffer otherwise. Draw only appends to
// a preallocated list; EndPass records the whole list in one cgo call, so a
// steady-state frame allocates nothing on the Go side.
//
// With Config.Validation the instance enables VK_LAYER_KHRONOS_validation
// and, where the layer offers VK_EXT_validation_features, its
// synchronization validation, so a missing barrier (between a compute step
// and the pass that reads its target, say) is an error the conformance
// suite counts.
//
// Some calls bypass vulkan-go and are made from native.c: creating the
// instance, the device and the pipelines, and the queries that return
// arrays (layer and extension names, queue families, surface formats).
// For those, vulkan-go builds the arrays and name lists in C memory freed
// by a finalizer that can run while the driver still reads or writes it:
// a crash once in many test runs. Where a create info's nested arrays are
// handed over to the info's own allocation before the call (render
// passes, set layouts, descriptor writes), and the info is freed only
// after it, the call stays on vulkan-go.
//
// Building needs cgo and the Vulkan headers (Debian: libvulkan-dev); running
// needs only the loader, libvulkan.so.1, which the package opens itself.
// Other platforms get a New that returns an error.
package vulkan
