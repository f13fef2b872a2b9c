//go:build windows

package d3d12

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// device is the D3D12 device with one direct queue, a fence to wait for it,
// and two command lists: frame records a frame's passes, upload the copies
// that create textures (submitted and waited for at once).
type device struct {
	dev, queue          *dxcom.Object
	frameAlloc, frame   *dxcom.Object
	uploadAlloc, upload *dxcom.Object
	fence               *dxcom.Object
	fenceValue          uint64
	event               uintptr
}

func loadProcs() error {
	for _, p := range []*dxcom.Proc{procCreateDevice, procSerializeRootSig, procCreateEvent, procWaitForSingleObj, procCloseHandle} {
		if err := p.Find(); err != nil {
			return err
		}
	}
	return nil
}

func createDevice() (device, error) {
	var d device
	if err := loadProcs(); err != nil {
		return d, err
	}
	if err := procCreateDevice.CallHR(0, dxcom.FeatureLevel11_0, uintptr(unsafe.Pointer(&iidDevice)), uintptr(unsafe.Pointer(&d.dev))); err != nil {
		return d, fmt.Errorf("D3D12CreateDevice (feature level 11_0): %w", err)
	}
	return d, nil
}

// enableDebugLayer turns the debug layer on for devices created after it.
func enableDebugLayer() error {
	if err := procGetDebugInterface.Find(); err != nil {
		return err
	}
	var dbg *dxcom.Object
	if err := procGetDebugInterface.CallHR(uintptr(unsafe.Pointer(&dxcom.IIDDebug12)), uintptr(unsafe.Pointer(&dbg))); err != nil {
		return err
	}
	dbg.Call(debugEnableDebugLayer)
	dbg.Release()
	return nil
}

// init makes the queue, the command lists, the fence and its event; the
// caller releases d when it fails.
func (d *device) init() error {
	qd := commandQueueDesc{Type: commandListDirect}
	if err := d.dev.CallHR("ID3D12Device::CreateCommandQueue", devCreateCommandQueue,
		uintptr(unsafe.Pointer(&qd)), uintptr(unsafe.Pointer(&iidCommandQueue)), uintptr(unsafe.Pointer(&d.queue))); err != nil {
		return err
	}
	var err error
	if d.frameAlloc, d.frame, err = d.commandList(); err != nil {
		return err
	}
	if d.uploadAlloc, d.upload, err = d.commandList(); err != nil {
		return err
	}
	if err := d.dev.CallHR("ID3D12Device::CreateFence", devCreateFence, 0, 0,
		uintptr(unsafe.Pointer(&iidFence)), uintptr(unsafe.Pointer(&d.fence))); err != nil {
		return err
	}
	if d.event = procCreateEvent.Call(0, 0, 0, 0); d.event == 0 {
		return errors.New("CreateEventW failed")
	}
	return nil
}

// commandList makes an allocator and a closed command list on it.
func (d *device) commandList() (alloc, list *dxcom.Object, err error) {
	if err = d.dev.CallHR("ID3D12Device::CreateCommandAllocator", devCreateCommandAllocator, commandListDirect,
		uintptr(unsafe.Pointer(&iidCommandAllocator)), uintptr(unsafe.Pointer(&alloc))); err != nil {
		return nil, nil, err
	}
	if err = d.dev.CallHR("ID3D12Device::CreateCommandList", devCreateCommandList, 0, commandListDirect, ptr(alloc), 0,
		uintptr(unsafe.Pointer(&iidCommandList)), uintptr(unsafe.Pointer(&list))); err != nil {
		alloc.Release()
		return nil, nil, err
	}
	// Lists are created open; every use starts with a Reset.
	list.Call(listClose)
	return alloc, list, nil
}

// begin resets a command list for recording.
func begin(alloc, list *dxcom.Object) error {
	if err := alloc.CallHR("ID3D12CommandAllocator::Reset", allocReset); err != nil {
		return err
	}
	return list.CallHR("ID3D12GraphicsCommandList::Reset", listReset, ptr(alloc), 0)
}

// submit closes list, runs it and waits until the GPU has finished it.
func (d *device) submit(list *dxcom.Object) error {
	if err := list.CallHR("ID3D12GraphicsCommandList::Close", listClose); err != nil {
		return err
	}
	lists := [1]uintptr{ptr(list)}
	d.queue.Call(queueExecuteCommandLists, 1, uintptr(unsafe.Pointer(&lists[0])))
	return d.wait()
}

// wait blocks until everything submitted so far has run.
func (d *device) wait() error {
	d.fenceValue++
	if err := d.queue.CallHR("ID3D12CommandQueue::Signal", queueSignal, ptr(d.fence), uintptr(d.fenceValue)); err != nil {
		return err
	}
	if uint64(d.fence.Call(fenceGetCompletedValue)) >= d.fenceValue {
		return nil
	}
	if err := d.fence.CallHR("ID3D12Fence::SetEventOnCompletion", fenceSetEventOnCompletion, uintptr(d.fenceValue), d.event); err != nil {
		return err
	}
	const infinite = 0xffffffff
	if r := procWaitForSingleObj.Call(d.event, infinite); r != 0 {
		return fmt.Errorf("WaitForSingleObject on the fence event returned %d", r)
	}
	if reason := dxcom.HRESULT(uint32(d.dev.Call(devGetDeviceRemovedReason))); reason.Failed() {
		return fmt.Errorf("the device was removed: %v", reason)
	}
	return nil
}

func (d *device) release() {
	if d.queue != nil && d.fence != nil && d.event != 0 {
		_ = d.wait()
	}
	if d.event != 0 {
		procCloseHandle.Call(d.event)
	}
	dxcom.Release(d.fence, d.upload, d.uploadAlloc, d.frame, d.frameAlloc, d.queue, d.dev)
	*d = device{}
}

// committed creates a resource with its own heap.
func (d *device) committed(heap uint32, desc *resourceDesc, state uint32, clear *clearValue) (*dxcom.Object, error) {
	hp := heapProperties{Type: heap}
	var r *dxcom.Object
	err := d.dev.CallHR("ID3D12Device::CreateCommittedResource", devCreateCommittedResource,
		uintptr(unsafe.Pointer(&hp)), 0, uintptr(unsafe.Pointer(desc)), uintptr(state), uintptr(unsafe.Pointer(clear)),
		uintptr(unsafe.Pointer(&iidResource)), uintptr(unsafe.Pointer(&r)))
	if err != nil {
		return nil, fmt.Errorf("%w (%dx%d, format %d)", err, desc.Width, desc.Height, desc.Format)
	}
	return r, nil
}

// buffer creates a buffer of size bytes in heap, in the state that heap
// requires (upload: generic read; readback: copy destination).
func (d *device) buffer(heap uint32, size uint64) (*dxcom.Object, error) {
	state := uint32(stateGenericRead)
	if heap == heapReadback {
		state = stateCopyDest
	}
	desc := resourceDesc{Dimension: dimBuffer, Width: size, Height: 1, DepthOrArraySize: 1, MipLevels: 1,
		SampleCount: 1, Layout: layoutRowMaj}
	return d.committed(heap, &desc, state, nil)
}

// mapped maps subresource 0 of an upload or readback resource.
func mapped(r *dxcom.Object, read bool) (unsafe.Pointer, error) {
	var p uintptr
	var none [2]uintptr // an empty read range: the CPU reads nothing
	rng := uintptr(unsafe.Pointer(&none[0]))
	if read {
		rng = 0
	}
	if err := r.CallHR("ID3D12Resource::Map", resMap, 0, rng, uintptr(unsafe.Pointer(&p))); err != nil {
		return nil, err
	}
	return dxcom.Pointer(p), nil
}

func gpuAddress(r *dxcom.Object) uint64 { return uint64(r.Call(resGetGPUVirtualAddress)) }

// descriptorHeap is a heap of descriptors of one type and the handle
// arithmetic over it.
type descriptorHeap struct {
	heap     *dxcom.Object
	cpu, gpu uint64
	inc      uint64
	n        uint32
}

func (d *device) descriptorHeap(typ, n uint32, shaderVisible bool) (descriptorHeap, error) {
	desc := descriptorHeapDesc{Type: typ, NumDescriptors: n}
	if shaderVisible {
		desc.Flags = heapFlagShaderVisib
	}
	h := descriptorHeap{n: n}
	if err := d.dev.CallHR("ID3D12Device::CreateDescriptorHeap", devCreateDescriptorHeap,
		uintptr(unsafe.Pointer(&desc)), uintptr(unsafe.Pointer(&iidDescriptorHeap)), uintptr(unsafe.Pointer(&h.heap))); err != nil {
		return h, fmt.Errorf("%w (type %d, %d descriptors)", err, typ, n)
	}
	h.inc = uint64(uint32(d.dev.Call(devGetDescriptorIncrement, uintptr(typ))))
	// These return a struct: through a hidden pointer argument, as the
	// Windows x64 ABI does for C++ methods returning aggregates.
	h.heap.Call(heapGetCPUStart, uintptr(unsafe.Pointer(&h.cpu)))
	if shaderVisible {
		h.heap.Call(heapGetGPUStart, uintptr(unsafe.Pointer(&h.gpu)))
	}
	return h, nil
}

func (h *descriptorHeap) cpuAt(i uint32) uintptr { return uintptr(h.cpu + uint64(i)*h.inc) }
func (h *descriptorHeap) gpuAt(i uint32) uintptr { return uintptr(h.gpu + uint64(i)*h.inc) }
func (h *descriptorHeap) release()               { h.heap.Release(); *h = descriptorHeap{} }

func (d *device) createSRV(res *dxcom.Object, desc *srvDesc, at uintptr) {
	d.dev.Call(devCreateShaderResourceView, ptr(res), uintptr(unsafe.Pointer(desc)), at)
}

func (d *device) createRTV(res *dxcom.Object, at uintptr) {
	d.dev.Call(devCreateRenderTargetView, ptr(res), 0, at)
}

func (d *device) createDSV(res *dxcom.Object, at uintptr) {
	desc := dxcom.DSVDesc{Format: dxcom.FormatD32Float, Dimension: dxcom.DSVDimTexture2D}
	d.dev.Call(devCreateDepthStencilView, ptr(res), uintptr(unsafe.Pointer(&desc)), at)
}

func (d *device) createSampler(desc *dxcom.SamplerDesc, at uintptr) {
	d.dev.Call(devCreateSampler, uintptr(unsafe.Pointer(desc)), at)
}

// barrier records a transition of a whole resource.
func barrier(list *dxcom.Object, res *dxcom.Object, before, after uint32) {
	b := transitionBarrier{Type: barrierTransition, Resource: res, Subresource: allSubresources, Before: before, After: after}
	list.Call(listResourceBarrier, 1, uintptr(unsafe.Pointer(&b)))
}
