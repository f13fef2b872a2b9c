package opengl

import (
	"time"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/formats"
)

// framesInFlight bounds how far the CPU runs ahead of the GPU, as the Vulkan
// backend does: BeginFrame waits for the fence of the frame two back, so a
// frame's wall time includes the GPU work of the frames before it and the
// frame time a game measures is true. Without it the driver queues frames
// as deep as it likes and the CPU's frame time says nothing of the GPU.
const framesInFlight = 2

// timing is one frame slot's fence and its timestamp queries: one at the
// start and one at the end of each pass (ARB_timer_query, core in 3.3).
type timing struct {
	fence   uintptr // 0: nothing submitted from this slot, or already waited on
	queries [2 * formats.NumPasses]uint32
	frame   uint64 // the frame that last used the slot
	written bool   // the queries hold results for frame
}

type frameTiming struct {
	slots   [framesInFlight]timing
	current *timing
	// ready is the last read result, for GPUTimes.
	ready      [formats.NumPasses]time.Duration
	readyFrame uint64
	readyNew   bool
	waitFn     func()
	raw        [2 * formats.NumPasses]uint64 // a field, not a local: a local handed to cgo escapes, once a frame
}

func (r *driver) initTiming() {
	for i := range r.slots {
		gl.GenQueries(int32(len(r.slots[i].queries)), &r.slots[i].queries[0])
	}
}

func (r *driver) releaseTiming() {
	for i := range r.slots {
		s := &r.slots[i]
		if s.fence != 0 {
			gl.DeleteSync(s.fence)
			s.fence = 0
		}
		if s.queries[0] != 0 {
			gl.DeleteQueries(int32(len(s.queries)), &s.queries[0])
			s.queries = [len(s.queries)]uint32{}
		}
	}
}

// waitSlot runs on the GL thread at BeginFrame: it waits for the fence of
// the frame that used this slot last and reads that frame's timestamps,
// which are then ready without a stall.
func (r *driver) waitSlot() {
	s := &r.slots[r.submitted%framesInFlight]
	r.current = s
	if s.fence != 0 {
		gl.ClientWaitSync(s.fence, gl.SYNC_FLUSH_COMMANDS_BIT, uint64(fenceTimeout))
		gl.DeleteSync(s.fence)
		s.fence = 0
	}
	if s.written {
		t := &r.raw
		for i, q := range s.queries {
			gl.GetQueryObjectui64v(q, gl.QUERY_RESULT, &t[i])
		}
		for p := range r.ready {
			r.ready[p] = time.Duration(t[2*p+1] - t[2*p])
		}
		r.readyFrame, r.readyNew = s.frame, true
		s.written = false
	}
}

// fenceTimeout is how long BeginFrame waits for a frame two back: far more
// than any frame takes, short enough that a hung GPU does not hang the game
// forever.
const fenceTimeout = 10 * time.Second

// stamp writes the timestamp at the start (end false) or end of pass p.
func (r *driver) stamp(p formats.Pass, end bool) {
	i := 2 * int(p)
	if end {
		i++
	}
	gl.QueryCounter(r.current.queries[i], gl.TIMESTAMP)
}

// fenceFrame runs on the GL thread at the end of a frame.
func (r *driver) fenceFrame() {
	s := r.current
	s.fence = gl.FenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)
	s.frame = r.submitted + 1
	s.written = true
}

// GPUTimes reports the passes of the frame whose slot BeginFrame waited on.
func (r *driver) GPUTimes(out *[formats.NumPasses]time.Duration) (uint64, bool) {
	if !r.readyNew {
		return 0, false
	}
	r.readyNew = false
	*out = r.ready
	return r.readyFrame, true
}
