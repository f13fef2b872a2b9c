// Package dxcom is what the Direct3D 11 and Direct3D 12 backends share: calls
// through COM vtables with syscall (no cgo), HRESULTs with their meaning,
// shader compilation with D3DCompile, the mapping of vertex formats to
// DXGI formats and input-layout semantics, the enumerations and structures
// that Direct3D 11 and 12 lay out alike, and the rule that picks a material
// texture's sampler (SamplerIndex). What a frame does beyond that (the order
// of its calls, resolving draws, deferred destruction) is backends/core's.
//
// Everything that touches Windows lives in _windows.go files; the rest is
// plain Go and is tested on every platform.
//
// Vertex attributes reach HLSL by semantic: attribute location n is
// TEXCOORDn (SemanticName "TEXCOORD", SemanticIndex n), the same rule
// SPIRV-Cross uses for GLSL locations, so a stem's HLSL declares
//
//	float3 position : TEXCOORD0;
//	float3 normal   : TEXCOORD1;
//
// for locations 0 and 1. See docs/DIRECTX.md.
package dxcom
