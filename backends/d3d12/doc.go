// Package d3d12 is Sleak's Direct3D 12 renderer: a core.Driver beneath
// backends/core, which implements backends.Backend, calling d3d12.dll
// through COM vtables with syscall (no cgo). The frame is rendered into
// textures and copied to a readback buffer (rows aligned to 256 bytes) for
// ReadPixels; with Config.Window it is first copied into the current buffer
// of a flip-model DXGI swap chain over a native window (internal/win32),
// the readback taken from that buffer, and presented.
//
// It runs the same passes, targets and fixed state as the Direct3D 11
// and Vulkan backends, with one root signature for every pipeline:
//
//	param 0  root CBV b0: the Frame block (in the shadow pass, each cascade's in turn)
//	param 1  20 root constants b1: the Draw block (model matrix, colour)
//	param 2  descriptor table t0: the material texture (ssr, bloom and composite: the
//	         HDR target; ssao_blur: the raw occlusion; bloom_blur: the bright light;
//	         antialias: the composite output)
//	param 3  descriptor table t1-t6: shadow map, gbuffer albedo, normal, material, depth,
//	         light grid
//	param 4  descriptor table s0: the material texture's sampler
//	param 5  root CBV b2: the full framebuffer's size, in every fullscreen pass
//	param 6  descriptor table t7: the blurred occlusion (lighting_pass), the blurred
//	         bloom (composite)
//	param 7  descriptor table t8: the reflections (composite)
//	param 8  descriptor table t9: the material's normal map (white when none)
//	param 9  descriptor table t10: the material's emissive map (white when none)
//	param 10 descriptor table s2: the normal map's sampler
//	param 11 descriptor table s3: the emissive map's sampler
//	param 12 descriptor table t11: the environment atlas (white when the frame has none)
//	static   s1: point, clamped, for the shadow map
//	static   s4: linear, clamped, for the environment atlas
//
// The passes, in order: shadow (D32 map, the tiles of the cascades it
// redraws cleared by rectangle, then each of them drawn into its tile,
// backends.CascadeTile, depth clamped rather than clipped), gbuffer (RGBA8 albedo and
// normal, RGBA8 material, D32 depth), SSAO (ssao into an R8 target from the
// gbuffer's normal and depth, ssao_blur into a second), lighting (into the
// RGBA16F HDR target), forward and transparent (over it), SSR (ssr into
// an RGBA16F target from the HDR target and the gbuffer's normal, material
// and depth), bloom (bloom into an RGBA16F target of a quarter of the
// size, each side rounded up, bloom_blur into a second), composite (into
// the RGBA8 output, adding the reflections and the bloom), antialias
// (antialias from the output into a second RGBA8 target, then
// CopyResource of that back over the output, which leaves the output in
// the copy destination state the later passes move it on from; under TAA,
// taa from the output, the depth and the history at t7 into one of two
// RGBA8 targets in turn, the other the history, copied back likewise), debug
// lines and UI (over the output). An effect pass that is off only clears
// its output to the value that leaves the later pass unchanged (occlusion
// 1, reflections and bloom 0); the antialias pass off records nothing but
// its timestamps. Each pass sets the viewport and scissor to its own
// target's size (the shadow pass to each cascade's tile), and is timed by
// a timestamp at its start and end.
//
// The Frame constants live in one upload buffer, each block at an offset
// aligned to 256 bytes as a constant buffer view needs, every offset
// derived from backends.FrameBlockSize: the main Frame block (that many
// bytes, rounded up to the alignment), the target size (b2), then the
// four cascades' Frame blocks (backends.FrameBlock.Cascade: lightViewProj
// replaced by the cascade's matrix), all written at BeginFrame. The shadow
// pass points b0 at cascade i's block, sets the tile's viewport and
// scissor and records only the draws whose Cascades have bit i, then
// points b0 back at the main block.
//
// Pipeline state objects are made per program and pass: a material shader
// gets a forward and a transparent one, a custom format one for each pass
// its stems name (built once by the core, no fallback).
// Shaders are foo_dx12.hlsl, compiled at load with D3DCompile against
// vs_5_0 and ps_5_0 (VS_Main, PS_Main).
//
// A frame is recorded into one command list and submitted at EndFrame,
// which waits on a fence for it to finish; the core frees meshes, textures
// and programs destroyed during a frame once that fence has passed. Meshes live in upload-heap
// buffers, textures in default-heap ones filled through a copy.
//
// The package builds everywhere; on other systems New returns an error. It
// runs on Windows and on Linux under Wine, whose vkd3d runs it on Vulkan
// (see docs/DIRECTX.md).
package d3d12

import "errors"

// ErrNoDevice is wrapped by New's error when the machine has no Direct3D 12
// device: not Windows, no d3d12.dll, or device creation failed (under Wine:
// no X display or no Vulkan driver).
var ErrNoDevice = errors.New("d3d12: no Direct3D 12 device")
