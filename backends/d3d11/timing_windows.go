package d3d11

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
)

// ID3D11Device::CreateQuery and ID3D11DeviceContext::Begin, End, GetData.
const (
	devCreateQuery = 24
	ctxBegin       = 27
	ctxEnd         = 28
	ctxGetData     = 29
)

// D3D11_QUERY values.
const (
	queryEvent             = 0
	queryTimestamp         = 2
	queryTimestampDisjoint = 3
)

type queryDesc struct{ Query, MiscFlags uint32 }

// timestampDisjoint is D3D11_QUERY_DATA_TIMESTAMP_DISJOINT.
type timestampDisjoint struct {
	Frequency uint64
	Disjoint  int32
	_         int32
}

// framesInFlight bounds how far the CPU runs ahead of the GPU, as on
// Vulkan: BeginFrame waits for the event query of the frame two back, so a
// frame's time includes the GPU work, not only its recording.
const framesInFlight = 2

// eventTimeout is how long BeginFrame waits for a frame two back.
const eventTimeout = 10 * time.Second

// timingSlot is one frame's event query and its timestamps: the disjoint
// query around the frame, a timestamp at the start and end of each pass.
type timingSlot struct {
	event    *dxcom.Object
	disjoint *dxcom.Object
	stamps   [2 * formats.NumPasses]*dxcom.Object
	frame    uint64 // the frame that last ended in this slot
	pending  bool   // ended, not yet waited on
}

type gpuTiming struct {
	slots [framesInFlight]timingSlot
	cur   *timingSlot
	open  bool // cur's disjoint query has begun

	ready      [formats.NumPasses]time.Duration
	readyFrame uint64
	readyNew   bool

	// GetData writes here: fields, so that nothing escapes per frame.
	done  int32
	stamp uint64
	dj    timestampDisjoint
}

func (d *device) createQuery(kind uint32) (*dxcom.Object, error) {
	desc := queryDesc{Query: kind}
	var q *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateQuery", devCreateQuery, uintptr(unsafe.Pointer(&desc)), uintptr(unsafe.Pointer(&q)))
	return q, err
}

func (r *driver) initTiming() error {
	for i := range r.timing.slots {
		s := &r.timing.slots[i]
		var err error
		if s.event, err = r.d.createQuery(queryEvent); err != nil {
			return fmt.Errorf("event query: %w", err)
		}
		if s.disjoint, err = r.d.createQuery(queryTimestampDisjoint); err != nil {
			return fmt.Errorf("timestamp query: %w", err)
		}
		for j := range s.stamps {
			if s.stamps[j], err = r.d.createQuery(queryTimestamp); err != nil {
				return fmt.Errorf("timestamp query: %w", err)
			}
		}
	}
	return nil
}

func (r *driver) releaseTiming() {
	for i := range r.timing.slots {
		s := &r.timing.slots[i]
		dxcom.Release(s.event, s.disjoint)
		for j := range s.stamps {
			dxcom.Release(s.stamps[j])
		}
		*s = timingSlot{}
	}
}

// getData polls query q once; it reports whether its result is in out.
func (r *driver) getData(q *dxcom.Object, out unsafe.Pointer, size uintptr) bool {
	return r.d.ctx.Call(ctxGetData, ptr(q), uintptr(out), size, 0) == 0 // S_OK; S_FALSE is "not yet"
}

// beginTiming waits for the frame that used this frame's slot last, reads
// its timestamps, and opens the slot for this frame.
func (r *driver) beginTiming() {
	t := &r.timing
	s := &t.slots[r.ended%framesInFlight]
	if t.open && t.cur == s {
		return // BeginFrame asked again for the same frame
	}
	t.cur = s
	if s.event == nil {
		return
	}
	if s.pending {
		deadline := time.Now().Add(eventTimeout)
		for !r.getData(s.event, unsafe.Pointer(&t.done), 4) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Microsecond)
		}
		s.pending = false
		if r.getData(s.disjoint, unsafe.Pointer(&t.dj), unsafe.Sizeof(t.dj)) && t.dj.Disjoint == 0 && t.dj.Frequency != 0 {
			var ticks [2 * formats.NumPasses]uint64
			ok := true
			for i, q := range s.stamps {
				if ok = ok && r.getData(q, unsafe.Pointer(&t.stamp), 8); ok {
					ticks[i] = t.stamp
				}
			}
			if ok {
				for p := range t.ready {
					t.ready[p] = time.Duration(float64(ticks[2*p+1]-ticks[2*p]) * 1e9 / float64(t.dj.Frequency))
				}
				t.readyFrame, t.readyNew = s.frame, true
			}
		}
	}
	r.d.ctx.Call(ctxBegin, ptr(s.disjoint))
	t.open = true
}

// stamp writes the timestamp at the start (end false) or end of pass p.
func (r *driver) stamp(p formats.Pass, end bool) {
	s := r.timing.cur
	if s == nil || s.event == nil {
		return
	}
	i := 2 * int(p)
	if end {
		i++
	}
	r.d.ctx.Call(ctxEnd, ptr(s.stamps[i]))
}

// endTiming closes the frame's queries; call before the frame's Flush.
func (r *driver) endTiming() {
	t := &r.timing
	s := t.cur
	if s == nil || s.event == nil || !t.open {
		return
	}
	r.d.ctx.Call(ctxEnd, ptr(s.disjoint))
	r.d.ctx.Call(ctxEnd, ptr(s.event))
	s.frame, s.pending = r.ended+1, true
	t.open = false
}

// GPUTimes reports the passes of the frame BeginFrame last waited for.
func (r *driver) GPUTimes(out *[formats.NumPasses]time.Duration) (uint64, bool) {
	t := &r.timing
	if !t.readyNew {
		return 0, false
	}
	t.readyNew = false
	*out = t.ready
	return t.readyFrame, true
}
