//go:build windows

package d3d12

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// Root parameter indices (see the package documentation).
const (
	rootFrame   = 0
	rootDraw    = 1
	rootTexture = 2
	rootTargets = 3
	rootSampler = 4
	rootSize    = 5
	rootEffect  = 6
	rootSSR     = 7
	// The material's normal and emissive maps (t9, t10), a table each so
	// that a draw points them at its textures' own slots.
	rootNormalMap   = 8
	rootEmissiveMap = 9
	// Their samplers (s2, s3): each map is read with its own options.
	rootNormalSampler   = 10
	rootEmissiveSampler = 11
	// The environment atlas (t11), read through the static sampler s4.
	rootEnv      = 12
	numRootDraws = backends.DrawBlockSize / 4
)

// createRootSignature makes the one root signature every pipeline uses.
func (d *device) createRootSignature() (*dxcom.Object, error) {
	texRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 0}
	// t1-t6: shadow map, gbuffer, light grid; visible to the vertex stage
	// too, where skinning reads the joint palette from the light grid.
	targetRange := descriptorRange{Type: rangeSRV, NumDescriptors: 6, BaseRegister: 1}
	samplerRange := descriptorRange{Type: rangeSampler, NumDescriptors: 1, BaseRegister: 0}
	// t7: the effect output the pass reads (lighting_pass the occlusion,
	// composite the bloom), a table of its own so that each pass points it
	// at its own slot.
	effectRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 7}
	// t8: the reflections composite adds.
	ssrRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 8}
	normalRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 9}
	emissiveRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 10}
	normalSamplerRange := descriptorRange{Type: rangeSampler, NumDescriptors: 1, BaseRegister: 2}
	emissiveSamplerRange := descriptorRange{Type: rangeSampler, NumDescriptors: 1, BaseRegister: 3}
	// t11: the environment atlas (backends.Environment), read through s4.
	envRange := descriptorRange{Type: rangeSRV, NumDescriptors: 1, BaseRegister: 11}
	params := [13]rootParameter{
		rootFrame:           {Type: rootCBV, A: 0, Visibility: visibilityAll},
		rootDraw:            {Type: rootConstants, A: 1, Visibility: visibilityAll},
		rootTexture:         {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&texRange)), Visibility: visibilityPixel},
		rootTargets:         {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&targetRange)), Visibility: visibilityAll},
		rootSampler:         {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&samplerRange)), Visibility: visibilityPixel},
		rootSize:            {Type: rootCBV, A: 2, Visibility: visibilityPixel},
		rootEffect:          {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&effectRange)), Visibility: visibilityPixel},
		rootSSR:             {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&ssrRange)), Visibility: visibilityPixel},
		rootNormalMap:       {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&normalRange)), Visibility: visibilityPixel},
		rootEmissiveMap:     {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&emissiveRange)), Visibility: visibilityPixel},
		rootNormalSampler:   {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&normalSamplerRange)), Visibility: visibilityPixel},
		rootEmissiveSampler: {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&emissiveSamplerRange)), Visibility: visibilityPixel},
		rootEnv:             {Type: rootTable, A: 1, Ptr: uintptr(unsafe.Pointer(&envRange)), Visibility: visibilityPixel},
	}
	// Root constants keep the count in the third word of the union.
	params[rootDraw].Ptr = numRootDraws
	statics := [2]staticSamplerDesc{
		{Filter: dxcom.FilterPoint, AddressU: dxcom.AddressClamp, AddressV: dxcom.AddressClamp, AddressW: dxcom.AddressClamp,
			MaxAnisotropy: 1, ComparisonFunc: dxcom.ComparisonAlways, MaxLOD: math.MaxFloat32, ShaderRegister: 1, Visibility: visibilityPixel},
		// s4: linear, clamped, for the environment atlas.
		{Filter: dxcom.FilterLinear, AddressU: dxcom.AddressClamp, AddressV: dxcom.AddressClamp, AddressW: dxcom.AddressClamp,
			MaxAnisotropy: 1, ComparisonFunc: dxcom.ComparisonAlways, MaxLOD: math.MaxFloat32, ShaderRegister: 4, Visibility: visibilityPixel},
	}
	desc := rootSignatureDesc{NumParameters: uint32(len(params)), Parameters: &params[0],
		NumStaticSamplers: uint32(len(statics)), StaticSamplers: &statics[0], Flags: rootFlagInputLayout}
	var blob, errBlob *dxcom.Blob
	const version1_0 = 1
	err := procSerializeRootSig.CallHR(uintptr(unsafe.Pointer(&desc)), version1_0, uintptr(unsafe.Pointer(&blob)), uintptr(unsafe.Pointer(&errBlob)))
	dxcom.KeepAlive(&texRange)
	dxcom.KeepAlive(&targetRange)
	dxcom.KeepAlive(&samplerRange)
	dxcom.KeepAlive(&effectRange)
	dxcom.KeepAlive(&ssrRange)
	dxcom.KeepAlive(&normalRange)
	dxcom.KeepAlive(&emissiveRange)
	dxcom.KeepAlive(&normalSamplerRange)
	dxcom.KeepAlive(&emissiveSamplerRange)
	dxcom.KeepAlive(&envRange)
	dxcom.KeepAlive(&statics)
	msg := strings.TrimSpace(strings.TrimRight(string(dxcom.BlobBytes(errBlob)), "\x00"))
	if err != nil {
		blob.Release()
		return nil, fmt.Errorf("root signature: %w: %s", err, msg)
	}
	code := dxcom.BlobBytes(blob)
	var rs *dxcom.Object
	if err := d.dev.CallHR("ID3D12Device::CreateRootSignature", devCreateRootSignature, 0,
		uintptr(unsafe.Pointer(&code[0])), uintptr(len(code)), uintptr(unsafe.Pointer(&iidRootSignature)), uintptr(unsafe.Pointer(&rs))); err != nil {
		// vkd3d (Wine) lays descriptor heaps out as 7 Vulkan descriptor
		// sets when the driver has VK_EXT_descriptor_indexing; with this
		// signature's own two (root descriptors, static sampler) that is 9,
		// and where the driver binds 8 (lavapipe) it returns E_INVALIDARG.
		return nil, fmt.Errorf("root signature: %w (under Wine on a Vulkan driver that binds only 8 descriptor sets, such as lavapipe, set VKD3D_CONFIG=virtual_heaps)", err)
	}
	return rs, nil
}

// passState is the fixed-function state of a pass, which a pipeline state
// object bakes in.
type passState uint8

const (
	stateShadow passState = iota
	stateGBuffer
	stateForward
	stateTransparent
	stateLighting
	stateComposite
	stateSSAO      // the SSAO pass's two steps, into R8 targets
	stateBloom     // the bloom pass's two steps, into RGBA16F targets
	stateSSR       // the SSR pass, into an RGBA16F target
	stateAntialias // the antialias pass, into an RGBA8 target
	stateUI
	stateLines           // debug lines, depth-tested
	stateLinesOnTop      // debug lines over everything
	stateForwardTwoSided // a two-sided material's forward pipeline, kept in its stateForward slot
	numStates
)

// createPSO bakes code, its input layout (none for fullscreen programs) and
// the state of pass st into a pipeline state object.
func (r *driver) createPSO(code dxcom.Bytecode, elems []dxcom.InputElement, st passState) (*dxcom.Object, error) {
	desc := pipelineStateDesc{RootSignature: r.rootSig, SampleMask: 0xffffffff, TopologyType: topologyTypeTriangle, SampleCount: 1}
	desc.VS = shaderBytecode{Code: &code.VS[0], Size: uintptr(len(code.VS))}
	if len(code.PS) > 0 {
		desc.PS = shaderBytecode{Code: &code.PS[0], Size: uintptr(len(code.PS))}
	}
	ies := dxcom.InputElementDescs(elems)
	if len(ies) > 0 {
		desc.InputElements, desc.NumElements = &ies[0], uint32(len(ies))
	}
	for i := range desc.RenderTargets {
		desc.RenderTargets[i] = renderTargetBlendDesc{Src: dxcom.BlendOne, Dest: dxcom.BlendZero, Op: dxcom.BlendOpAdd,
			SrcAlpha: dxcom.BlendOne, DestAlpha: dxcom.BlendZero, OpAlpha: dxcom.BlendOpAdd, LogicOp: logicOpNoop, WriteMask: dxcom.ColorWriteAll}
	}
	// Counter-clockwise is front, as in the other backends.
	desc.Rasterizer = rasterizerDesc{FillMode: dxcom.FillSolid, CullMode: dxcom.CullBack, FrontCounterClockwise: 1, DepthClipEnable: 1}
	desc.DepthStencil = dxcom.DepthState(true, true)
	switch st {
	case stateShadow:
		desc.Rasterizer.CullMode = dxcom.CullNone
		// An integer number of depth units: 1 is the nearest to the Vulkan
		// pipeline's 1.25.
		desc.Rasterizer.DepthBias = 1
		desc.Rasterizer.SlopeScaledDepthBias = 1.75
		desc.Rasterizer.DepthClipEnable = 0 // clamped instead (backends.Backend)
		desc.DSVFormat = dxcom.FormatD32Float
	case stateGBuffer:
		desc.NumRenderTargets = uint32(copy(desc.RTVFormats[:], gbufferFormats[:]))
		desc.DSVFormat = dxcom.FormatD32Float
	case stateForward, stateForwardTwoSided:
		desc.NumRenderTargets = 1
		desc.RTVFormats[0] = dxcom.FormatR16G16B16A16Float
		desc.DSVFormat = dxcom.FormatD32Float
		if st == stateForwardTwoSided {
			desc.Rasterizer.CullMode = dxcom.CullNone
		}
	case stateTransparent:
		desc.NumRenderTargets = 1
		desc.RTVFormats[0] = dxcom.FormatR16G16B16A16Float
		desc.DSVFormat = dxcom.FormatD32Float
		desc.Rasterizer.CullMode = dxcom.CullNone
		desc.DepthStencil = dxcom.DepthState(true, false)
		desc.RenderTargets[0] = renderTargetBlendDesc{BlendEnable: 1, Src: dxcom.BlendSrcAlpha, Dest: dxcom.BlendInvSrcAlpha, Op: dxcom.BlendOpAdd,
			SrcAlpha: dxcom.BlendOne, DestAlpha: dxcom.BlendInvSrcAlpha, OpAlpha: dxcom.BlendOpAdd, LogicOp: logicOpNoop, WriteMask: dxcom.ColorWriteAll}
	case stateUI:
		// Over the composite output: blended, no depth, both faces.
		desc.NumRenderTargets = 1
		desc.RTVFormats[0] = dxcom.FormatR8G8B8A8UNorm
		desc.Rasterizer.CullMode = dxcom.CullNone
		desc.DepthStencil = dxcom.DepthState(false, false)
		desc.RenderTargets[0] = renderTargetBlendDesc{BlendEnable: 1, Src: dxcom.BlendSrcAlpha, Dest: dxcom.BlendInvSrcAlpha, Op: dxcom.BlendOpAdd,
			SrcAlpha: dxcom.BlendOne, DestAlpha: dxcom.BlendInvSrcAlpha, OpAlpha: dxcom.BlendOpAdd, LogicOp: logicOpNoop, WriteMask: dxcom.ColorWriteAll}
	case stateLines, stateLinesOnTop:
		// Over the composite output with the scene's depth, read only.
		desc.TopologyType = topologyTypeLine
		desc.NumRenderTargets = 1
		desc.RTVFormats[0] = dxcom.FormatR8G8B8A8UNorm
		desc.DSVFormat = dxcom.FormatD32Float
		desc.Rasterizer.CullMode = dxcom.CullNone
		desc.DepthStencil = dxcom.DepthState(st == stateLines, false)
		desc.RenderTargets[0] = renderTargetBlendDesc{BlendEnable: 1, Src: dxcom.BlendSrcAlpha, Dest: dxcom.BlendInvSrcAlpha, Op: dxcom.BlendOpAdd,
			SrcAlpha: dxcom.BlendOne, DestAlpha: dxcom.BlendInvSrcAlpha, OpAlpha: dxcom.BlendOpAdd, LogicOp: logicOpNoop, WriteMask: dxcom.ColorWriteAll}
	case stateLighting, stateComposite, stateSSAO, stateBloom, stateSSR, stateAntialias:
		desc.NumRenderTargets = 1
		desc.RTVFormats[0] = dxcom.FormatR16G16B16A16Float
		switch st {
		case stateComposite, stateAntialias:
			desc.RTVFormats[0] = dxcom.FormatR8G8B8A8UNorm
		case stateSSAO:
			desc.RTVFormats[0] = dxcom.FormatR8UNorm
		}
		desc.Rasterizer.CullMode = dxcom.CullNone
		desc.DepthStencil = dxcom.DepthState(false, false)
	}
	var pso *dxcom.Object
	err := r.d.dev.CallHR("ID3D12Device::CreateGraphicsPipelineState", devCreateGraphicsPipelineState,
		uintptr(unsafe.Pointer(&desc)), uintptr(unsafe.Pointer(&iidPipelineState)), uintptr(unsafe.Pointer(&pso)))
	dxcom.KeepAlive(code.VS)
	dxcom.KeepAlive(code.PS)
	dxcom.KeepAlive(ies)
	return pso, err
}
