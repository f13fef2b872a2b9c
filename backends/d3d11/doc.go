// Package d3d11 is Sleak's Direct3D 11 renderer: a core.Driver beneath
// backends/core, which implements backends.Backend, calling d3d11.dll
// through COM vtables with syscall (no cgo). The frame is rendered into
// textures and read back with ReadPixels; with Config.Window it is also
// copied into a flip-model DXGI swap chain over a native window
// (internal/win32) and presented, and the readback is taken from the
// presented buffer.
//
// A frame runs the passes of formats.Pass, with the same targets and
// fixed state as the Vulkan backend:
//
//	shadow       depth only (R32 typeless, D32 view), ShadowMapSize², cleared once, then
//	             each of the backends.NumCascades cascades drawn into its tile; a frame
//	             that keeps some tiles (RedrawCascades) clears each redrawn one by
//	             drawing a triangle at depth 1 over it (ClearDepthStencilView takes no
//	             rectangle)
//	             (backends.CascadeTile: viewport and scissor), cull none,
//	             depth bias 1 constant (D3D takes an integer; Vulkan uses 1.25) and 1.75 slope,
//	             depth clamped, not clipped (DepthClipEnable off)
//	gbuffer      albedo+AO RGBA8, normal+roughness RGBA8, metal+emissive RGBA8, depth
//	ssao         fullscreen ssao (gbuffer normal t3, depth t5) into an R8 target, then
//	             ssao_blur of it into a second R8 target; off, that one is cleared to 1
//	lighting     fullscreen lighting_pass into an RGBA16F HDR target, the occlusion at t7
//	forward      opaque draws into the HDR target over the gbuffer's depth
//	transparent  alpha blending, no culling, depth test without depth write
//	ssr          fullscreen ssr (HDR t0, gbuffer normal t3, material t4, depth t5) into an
//	             RGBA16F target of the framebuffer's size; off, it is cleared to 0
//	bloom        fullscreen bloom (HDR t0) into an RGBA16F target of a quarter of the
//	             size (backends.BloomSize), then bloom_blur of it into a second one;
//	             off, that one is cleared to 0
//	composite    fullscreen composite (the reflections at t8, exposure, bloom at t7,
//	             ACES, gamma) to RGBA8
//	antialias    fullscreen antialias of the composite output (t0) into a second RGBA8
//	             target, copied back over the output with CopyResource; off, nothing;
//	             under TAA, taa (output t0, depth t5, history t7) into one of two
//	             RGBA8 targets in turn, the other the history, copied back likewise
//	debug        the frame's debug lines over the composite output
//	ui           screen-space quads over it all
//
// The Frame block (b0, backends.FrameBlockSize bytes) is a constant buffer
// written with UpdateSubresource at BeginFrame, together with four more,
// the cascades' blocks (backends.FrameBlock.Cascade: lightViewProj replaced
// by the cascade's matrix). The shadow pass binds cascade i's buffer at b0
// while it draws the draws whose Cascades have bit i into tile i, then
// binds the main block again; the other passes read the main block, whose
// lightViewProj is cascade 0's.
//
// Every fullscreen pass reads the framebuffer's size from the Target
// constant buffer (b2), whatever the size of the target it draws into, and
// draws with the viewport of its own target. Each pass unbinds what the one
// before bound, so no texture is ever bound for reading and writing at once.
//
// Shaders are HLSL compiled at load with D3DCompile (d3dcompiler_47.dll),
// vs_5_0 and ps_5_0, entry points VS_Main and PS_Main, from the text
// assets.ReadFile returns (the working directory first, then the engine's
// embedded copy). Default-format meshes draw with their material's shader
// (foo.hlsl) in the forward and transparent passes and with the engine's
// shadow_depth.hlsl in the shadow pass; the gbuffer pass drops them. Custom
// vertex formats draw with the pipelines their stems name, built once per
// (format, pass) by the core; nothing substitutes another shader. Each pass
// binds its state and draws the draws the core resolved for it in RunPass;
// a pass the frame skipped runs with none (a skipped shadow pass clears the
// shadow map). Attribute location n is the HLSL semantic TEXCOORDn.
//
// The package builds everywhere; on other systems New returns an error. It
// runs on Windows and on Linux under Wine (see docs/DIRECTX.md).
package d3d11

import "errors"

// ErrNoDevice is wrapped by New's error when the machine has no Direct3D 11
// device: not Windows, no d3d11.dll, or device creation failed (under Wine:
// no X display).
var ErrNoDevice = errors.New("d3d11: no Direct3D 11 device")
