package d3d12

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// ID3D12Device::CreateQueryHeap, ID3D12GraphicsCommandList::EndQuery and
// ResolveQueryData, ID3D12CommandQueue::GetTimestampFrequency.
const (
	devCreateQueryHeap         = 39
	listEndQuery               = 53
	listResolveQueryData       = 54
	queueGetTimestampFrequency = 16

	queryHeapTimestamp = 1 // D3D12_QUERY_HEAP_TYPE_TIMESTAMP
	queryTimestamp     = 2 // D3D12_QUERY_TYPE_TIMESTAMP
)

// iidQueryHeap is IID_ID3D12QueryHeap.
var iidQueryHeap = dxcom.GUID{Data1: 0x0d9658ae, Data2: 0xed45, Data3: 0x469e, Data4: [8]byte{0xa6, 0x1d, 0x97, 0x0e, 0xc5, 0x83, 0xca, 0xb4}}

type queryHeapDesc struct{ Type, Count, NodeMask uint32 }

const numStamps = 2 * formats.NumPasses

// gpuTiming times each pass with a timestamp at its start and end, resolved
// into a readback buffer at the end of the frame. The frame is waited for
// when it is submitted, so its results are read right then and reported
// with the next frame.
type gpuTiming struct {
	heap     *dxcom.Object // nil: no timestamps
	buf      *dxcom.Object
	results  *[numStamps]uint64 // buf, mapped for the driver's lifetime
	freq     uint64             // ticks per second
	resolved bool               // this frame's commands resolve the queries

	ready      [formats.NumPasses]time.Duration
	readyFrame uint64
	readyNew   bool
}

// initTiming creates the query heap and its readback buffer. A queue
// without a timestamp frequency leaves timing off, not the backend.
func (r *driver) initTiming() error {
	t := &r.timing
	if err := r.d.queue.CallHR("ID3D12CommandQueue::GetTimestampFrequency", queueGetTimestampFrequency,
		uintptr(unsafe.Pointer(&t.freq))); err != nil || t.freq == 0 {
		return nil
	}
	desc := queryHeapDesc{Type: queryHeapTimestamp, Count: numStamps}
	iid := iidQueryHeap
	if err := r.d.dev.CallHR("ID3D12Device::CreateQueryHeap", devCreateQueryHeap,
		uintptr(unsafe.Pointer(&desc)), uintptr(unsafe.Pointer(&iid)), uintptr(unsafe.Pointer(&t.heap))); err != nil {
		t.heap = nil
		return nil
	}
	var err error
	if t.buf, err = r.d.buffer(heapReadback, numStamps*8); err != nil {
		return fmt.Errorf("timestamp readback buffer: %w", err)
	}
	p, err := mapped(t.buf, true)
	if err != nil {
		return fmt.Errorf("timestamp readback buffer: %w", err)
	}
	t.results = (*[numStamps]uint64)(p)
	return nil
}

func (r *driver) releaseTiming() {
	t := &r.timing
	dxcom.Release(t.heap, t.buf)
	*t = gpuTiming{}
}

// stamp records the timestamp at the start (end false) or end of pass p.
func (r *driver) stamp(p formats.Pass, end bool) {
	t := &r.timing
	if t.heap == nil {
		return
	}
	i := 2 * uint32(p)
	if end {
		i++
	}
	r.d.frame.Call(listEndQuery, ptr(t.heap), queryTimestamp, uintptr(i))
}

// resolveTimes records the copy of the frame's timestamps into the
// readback buffer; call before the frame is submitted.
func (r *driver) resolveTimes() {
	t := &r.timing
	if t.heap == nil {
		return
	}
	r.d.frame.Call(listResolveQueryData, ptr(t.heap), queryTimestamp, 0, numStamps, ptr(t.buf), 0)
	t.resolved = true
}

// readTimes reads the timestamps of frame n, which has finished.
func (r *driver) readTimes(n uint64) {
	t := &r.timing
	if !t.resolved {
		return
	}
	t.resolved = false
	for p := range t.ready {
		t.ready[p] = time.Duration(float64(t.results[2*p+1]-t.results[2*p]) * 1e9 / float64(t.freq))
	}
	t.readyFrame, t.readyNew = n, true
}

// GPUTimes reports the passes of the last finished frame. Frames are
// waited for as they are submitted, so that is the frame before this one.
func (r *driver) GPUTimes(out *[formats.NumPasses]time.Duration) (uint64, bool) {
	t := &r.timing
	if !t.readyNew {
		return 0, false
	}
	t.readyNew = false
	*out = t.ready
	return t.readyFrame, true
}
